import { partKey } from '#server/db/write-tracker.ts';

// The names of what a page shows and what a write changes (db/write-tracker.ts `writesShowOnly`,
// PageEffects.shows): one item, the order of a list sorted by a counter, or the rows of a table's
// lists. The writes that name them and the pages that list them use these, so the two always agree.

/** One item: its detail page and every list row that shows it. */
export function itemKey(table: string, id: number): string {
  return `${table}:${id}`;
}

/** The numbers an item's page and list rows show of it (likes, comments). */
export function countsKey(table: string, id: number): string {
  return `${table}:${id}${COUNTS}`;
}

/** A post's comment thread: its detail page shows it, its list rows only the count. */
export function threadKey(board: number): string {
  return `board:${board}/comments`;
}

/** Counters a list may be ordered by: a change can move an item into or out of such a list. */
export type OrderColumn = 'like' | 'comment';

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

/** Which rows the lists of `table` hold, or of one of the board's sections (its topcategory; the
 * other tables are one list each, whatever section they are shown as): a new item enters them
 * (and their totals), and the newest item's page of that section gains a neighbour. A new post
 * names both, so a market post leaves the community's lists stored. */
export function rowsKey(table: string, topcategory?: number): string {
  return table === 'board' && topcategory !== undefined ? `board/${topcategory}.rows` : `${table}.rows`;
}

/** A list's keys: each row it shows and its numbers, which rows its section's (or table's) lists
 * hold (rowsKey), and its order when that follows a counter (`-like`, `comment`). */
export function listKeys(table: string, ids: readonly number[], list: { sort?: string; topcategory?: number } = {}): string[] {
  const { sort, topcategory } = list;
  const keys = [rowsKey(table, topcategory), ...ids.flatMap((id) => [itemKey(table, id), countsKey(table, id)])];
  const column = sort?.replace(/^-/, '');
  if (column === 'like' || column === 'comment') keys.push(orderKey(table, column));
  return keys;
}

/** How many term keys each search section has: a term is hashed into one of them. Bounded, so
 * that new words never pile up keys without end in the write tracker, and few enough that a
 * post's keys fit a notification to the other app servers (db/shared-writes.ts); a post of a few
 * hundred words lands in a few percent of them, the rare extra renewal a collision costs. */
const SEARCH_BUCKETS = 4096;

/** The stored search pages of a search section (the index's, search.service.ts) whose query holds
 * `term`, a token as the index has it (shared/search-text.ts): a new item holding the term may
 * enter their results (modules/search/search-keys.ts decides which term a query names). One part
 * of the section's key (write-tracker.ts `partKey`), which search pages name too. */
export function searchTermKey(section: number, term: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return partKey(searchSectionKey(section), ((hash >>> 0) % SEARCH_BUCKETS).toString(36));
}

/** Every stored search page of a search section, whatever its query: what a write names instead of
 * its term keys when they are too many to pass on (write-tracker.ts `wholeKeys`). */
export function searchSectionKey(section: number): string {
  return `search/${section}`;
}
