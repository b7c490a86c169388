// Rendered pages for anonymous visitors, kept while nothing they show can have changed: an entry
// belongs to the database's write epoch (db/write-tracker.ts: every post, edit, like, comment and
// hide moves it) and to the current minute (business hours, D-days and "today" follow the clock).
// So a write shows up at once for everyone; only view counts, written in batches anyway, may read
// up to a minute old. Writes made by another app server are not seen: there the minute bounds it.
//
// A page's CSP nonce must differ per response: an entry keeps the places of the nonce it was
// rendered with and each copy served gets a fresh one there (128 random bits: the text occurs
// nowhere else), also inside the entry's ready-made gzip (compress.ts).

import { type PatchablePage } from './compress.ts';

/** What a page did that a stored copy of it must still do on every visit. */
export interface PageEffects {
  /** The view a detail page counted. */
  view?: { table: 'board' | 'jobs' | 'business'; id: number };
}

export interface StoredPage {
  epoch: number;
  minute: number;
  status: number;
  headers: [string, string][];
  page: PatchablePage;
  effects: PageEffects;
}

/** Entries past this many bytes push out the least recently used. */
const MAX_BYTES = 32 * 1024 * 1024;

export function currentMinute(): number {
  return Math.floor(Date.now() / 60_000);
}

export class PageCache {
  private readonly entries = new Map<string, StoredPage>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes = MAX_BYTES) {
    this.maxBytes = maxBytes;
  }

  get(key: string, epoch: number, minute: number): StoredPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    this.drop(key, page);
    if (page.epoch !== epoch || page.minute !== minute) return undefined;
    // Most recently used last.
    this.entries.set(key, page);
    this.bytes += sizeOf(page);
    return page;
  }

  set(key: string, page: StoredPage): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    const size = sizeOf(page);
    if (size > this.maxBytes) return;
    for (const [k, p] of this.entries) {
      if (this.bytes + size <= this.maxBytes) break;
      this.drop(k, p);
    }
    this.entries.set(key, page);
    this.bytes += size;
  }

  private drop(key: string, page: StoredPage): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(page);
  }
}

function sizeOf(entry: StoredPage): number {
  return entry.page.plain.length + entry.page.gzip.length + 256;
}
