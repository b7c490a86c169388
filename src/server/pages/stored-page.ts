import { headerPairs } from './page-headers.ts';
import { patchablePage } from './compress.ts';
import type { HoleKind, PageEffects, StoredPage } from './page-cache.ts';
import type { PageEntry } from './page-entry.ts';

// A page as the page cache keeps it: made where the page was drawn, on the server's thread or in a
// render thread (render-worker.ts), whose copy crosses to the server's as data.

/** Whether a drawn page is kept: a page that sets a cookie of its own (a login, a cleared
 * session) is never shared. */
export function keepable(response: Response): boolean {
  return response.status === 200 && !response.headers.has('set-cookie');
}

/** A rendered page as the cache keeps it. A shared page (`effects.shared`) notes its holes, where
 * a member's content goes; one whose holes do not match its parts is kept for visitors only. A
 * shared `.data` answer has no holes: the member goes into a header. */
export function storedPage(
  plain: Buffer,
  nonce: string,
  headers: Headers,
  effects: PageEffects,
  entry: PageEntry,
  data: boolean,
): StoredPage {
  const found = effects.shared && !data ? holesOf(plain, entry.HOLES) : undefined;
  const parts = found?.filter((h) => h.kind === 'part').length;
  const holes =
    effects.shared && data
      ? []
      : found && parts === (effects.parts?.length ?? 0) && found.filter((h) => h.kind !== 'part').length === 2
        ? found
        : undefined;
  return {
    status: 200,
    headers: headerPairs(headers),
    page: patchablePage(
      plain,
      nonce,
      holes?.map((h) => h.range),
    ),
    effects,
    ...(holes && { holes: holes.map((h) => h.kind) }),
  };
}

/** The byte ranges between each hole's open and close marks, in document order. */
function holesOf(plain: Buffer, marks: PageEntry['HOLES']): { kind: HoleKind; range: [number, number] }[] {
  const found: { kind: HoleKind; range: [number, number] }[] = [];
  for (const { kind, open, close } of marks) {
    for (let at = plain.indexOf(open); at !== -1; at = plain.indexOf(open, at + 1)) {
      const start = at + Buffer.byteLength(open);
      const end = plain.indexOf(close, start);
      if (end === -1) break;
      found.push({ kind, range: [start, end] });
    }
  }
  return found.sort((a, b) => a.range[0] - b.range[0]);
}
