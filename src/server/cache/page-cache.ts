// Rendered pages for anonymous visitors, kept while nothing they show can have changed (the
// rules are answer-cache.ts's).
//
// A page's CSP nonce must differ per response: an entry keeps the places of the nonce it was
// rendered with and each copy served gets a fresh one there (128 random bits: the text occurs
// nowhere else), also inside the entry's ready-made gzip (compress.ts).

import type { WriteTracker } from '#server/db/write-tracker.ts';
import { AnswerCache } from '#server/cache/answer-cache.ts';
import type { ViewTarget } from '#server/modules/view/view.service.ts';
import type { PatchablePage } from '#server/pages/compress.ts';

/** What a page did that a stored copy of it must still do on every visit. */
export interface PageEffects {
  /** The view a detail page counted. */
  view?: { table: ViewTarget; id: number };
  /** What the page shows, as write-tracker.ts's keys (`board:12`, `board.like`): a stored copy
   * outlives likes and comments on other items. A page that does not say is renewed after any. */
  shows?: string[];
  /** The route pattern that drew it (`/community/:id`), for the metrics. */
  route?: string;
}

export interface StoredPage {
  status: number;
  headers: [string, string][];
  page: PatchablePage;
  effects: PageEffects;
}

/** Entries past this many bytes push out the least recently used. */
const MAX_BYTES = 32 * 1024 * 1024;

export function pageCache(tracker: WriteTracker): AnswerCache<StoredPage> {
  return new AnswerCache<StoredPage>(tracker, MAX_BYTES, (p) => p.page.plain.length + p.page.gzip.length);
}
