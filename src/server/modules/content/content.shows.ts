import type { LikeTarget, SectionTable } from '#shared/schemas/content.ts';
import { countsKey, itemKey, listKeys, orderKey, rowsKey, threadKey } from '#server/cache/shows.ts';

// What the content's pages show and what its writes change, for the page cache: one function per
// purpose, on both sides, so that a page and the writes that end it are spelled in one place and
// the routes and services name no key (the key names themselves are cache/shows.ts's).

/** The table whose items carry a comment thread (a comment's `board`), which their page shows. */
const THREAD_TABLE: SectionTable = 'board';

/** An item's page: the item, its numbers (likes, comments), its comment thread where it has one,
 * and no other item. */
export function itemPageShows(table: SectionTable, id: number): string[] {
  return [itemKey(table, id), countsKey(table, id), ...(table === THREAD_TABLE ? [threadKey(id)] : [])];
}

/** The newest item's page besides: it gains a 다음 글 with the next new item of its section. */
export function newestItemShows(table: SectionTable, topcategory?: number): string[] {
  return [rowsKey(table, topcategory)];
}

/** A list's page or box: each row it shows with its numbers, which rows its section's lists hold,
 * and its order where that follows a counter (sort `-like`, `comment`). */
export function listPageShows(table: string, ids: readonly number[], list: { sort?: string; topcategory?: number } = {}): string[] {
  return listKeys(table, ids, list);
}

/** Search results of one target: each result's item (its title and text). */
export function searchResultShows(table: SectionTable, ids: readonly number[]): string[] {
  return ids.map((id) => itemKey(table, id));
}

/** A comment added or removed under a post: its thread, its comment count, and the lists ordered
 * by comments. */
export function commentCountChanges(board: number): string[] {
  return [threadKey(board), countsKey(THREAD_TABLE, board), orderKey(THREAD_TABLE, 'comment')];
}

/** A comment's text edited: its post's thread alone. */
export function commentTextChanges(board: number): string[] {
  return [threadKey(board)];
}

/** A like given or taken back: the item's numbers and the lists ordered by likes (the index's
 * popular posts). */
export function likeChanges(target: LikeTarget, id: number): string[] {
  return [countsKey(target, id), orderKey(target, 'like')];
}

/** A report of an item, which changes only what its page shows the reporter (신고함): a comment
 * is in its post's thread, which only the post's page shows. */
export function reportChanges(target: SectionTable | 'comment', item: { id: number; board: number }): string[] {
  return [target === 'comment' ? threadKey(item.board) : itemKey(target, item.id)];
}

/** New items of `table`: its lists' rows, and those of the sections they are in. */
export function newRowsChanges(table: string, sections: readonly number[]): string[] {
  return [rowsKey(table), ...sections.map((section) => rowsKey(table, section))];
}
