// The names of what a page shows and what a write changes (db/write-tracker.ts `writesShowOnly`,
// PageEffects.shows): one item, the order of a list sorted by a counter, or the rows of a table's
// lists. The writes that name them and the pages that list them use these, so the two always agree.

/** One item: its detail page and every list row that shows it. */
export function itemKey(table: string, id: number): string {
  return `${table}:${id}`;
}

/** Counters a list may be ordered by: a change can move an item into or out of such a list. */
export type OrderColumn = 'like' | 'comment';

/** A list of `table` ordered by `column`. */
export function orderKey(table: string, column: OrderColumn): string {
  return `${table}.${column}`;
}

/** Which rows every list of `table` holds: a new item enters them (and their totals), and the
 * newest item's page gains a neighbour. A post changes these and no other post's page. */
export function rowsKey(table: string): string {
  return `${table}.rows`;
}

/** A list's keys: each row it shows, which rows the table's lists hold, and its order when that
 * follows a counter (`-like`, `comment`). */
export function listKeys(table: string, ids: readonly number[], sort?: string): string[] {
  const keys = [rowsKey(table), ...ids.map((id) => itemKey(table, id))];
  const column = sort?.replace(/^-/, '');
  if (column === 'like' || column === 'comment') keys.push(orderKey(table, column));
  return keys;
}
