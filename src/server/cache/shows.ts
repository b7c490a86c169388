// The names of what a page shows and what a write changes (db/write-tracker.ts `writesShowOnly`,
// PageEffects.shows): one item, the order of a list sorted by a counter, or the rows of a table's
// lists. The names alone: which of them a page shows and a write changes is derived from the
// kinds' declarations in one place (modules/content/content.shows.ts; search pages:
// modules/search/search-keys.ts), used by the writes and the pages alike, so the two always agree.

/** One item: its detail page and every list row that shows it. */
export function itemKey(table: string, id: number): string {
  return `${table}:${id}`;
}

/** The numbers an item's page and list rows show of it (likes, comments). */
export function countsKey(table: string, id: number): string {
  return `${table}:${id}${COUNTS}`;
}

/** An item's comment thread: its detail page shows it, its list rows only the count. */
export function threadKey(table: string, id: number): string {
  return `${table}:${id}/comments`;
}

/** An item's reviews (a business's): its detail page shows them, its list rows only the average
 * and count (its numbers). */
export function reviewsKey(table: string, id: number): string {
  return `${table}:${id}/reviews`;
}

/** Counters a list may be ordered by: a change can move an item into or out of such a list. */
export type OrderColumn = 'like' | 'comment' | 'rating';

/** A list of `table` ordered by `column`. */
export function orderKey(table: string, column: OrderColumn): string {
  return `${table}.${column}${COUNTS}`;
}

/** The mark of keys whose writes only move numbers (a like, a comment's count): a stored page
 * they alone made out of date may still answer for a moment (pages.ts, COUNTS_LAG_MS). */
const COUNTS = '#n';

export function onlyCounts(key: string): boolean {
  return key.endsWith(COUNTS);
}

/** Which rows the lists of `table` hold, or those of one of its sections (its topcategory) where
 * the table holds several, each listed apart (modules/content/content.shows.ts says which): a new
 * item enters them (and their totals), and the newest item's page of that section gains a
 * neighbour. */
export function rowsKey(table: string, section?: number): string {
  return section === undefined ? `${table}.rows` : `${table}/${section}.rows`;
}
