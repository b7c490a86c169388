import {
  CommentTargets,
  SectionTables,
  type CommentTarget,
  type LikeTarget,
  type SearchTarget,
  type SectionTable,
} from '#shared/schemas/content.ts';
import { SECTIONS } from '#shared/sections.ts';
import { countsKey, itemKey, orderKey, reviewsKey, rowsKey, threadKey } from '#server/cache/shows.ts';
import { CONTENT_NAMES, CONTENT_RESOURCES } from './content-resources.ts';

// What the content's pages show and what its writes change, for the page cache: one function per
// purpose, on both sides, so that a page and the writes that end it are spelled in one place and
// the routes and services name no key (the key names themselves are cache/shows.ts's). What differs
// by kind is read from the declarations, not named here: which items carry a comment thread (their
// resource's `comments`) and which tables hold several sections, each listed apart (sections.ts).

// The tables a comment's `target` names are those whose resources declare `comments`.
{
  const threaded = CONTENT_NAMES.filter((name) => CONTENT_RESOURCES[name].comments);
  if (threaded.join() !== CommentTargets.join())
    throw new Error(`comments hang off ${threaded.join()}, CommentTargets says ${CommentTargets.join()}`);
}

/** Tables that hold several sections (topcategory): each section's lists hold their own rows. */
const SECTIONED = new Set<string>(SectionTables.filter((table) => SECTIONS.filter((s) => s.storage.table === table).length > 1));

/** Which rows the lists of a table hold, or of one of its sections where it holds several (a
 * market post leaves the community's lists stored). */
function rowsOf(table: string, section: number | undefined): string {
  return rowsKey(table, SECTIONED.has(table) ? section : undefined);
}

/** An item's page: the item, its numbers (likes, comments), its comment thread where it has one,
 * and no other item. */
export function itemPageShows(table: SectionTable, id: number): string[] {
  return [itemKey(table, id), countsKey(table, id), ...(CONTENT_RESOURCES[table].comments ? [threadKey(table, id)] : [])];
}

/** The newest item's page besides: it gains a 다음 글 with the next new item of its section. */
export function newestItemShows(table: SectionTable, topcategory?: number): string[] {
  return [rowsOf(table, topcategory)];
}

/** Every item to come of a section's lists: what a page showing the section's newest items, in
 * whatever order, must be renewed by (a search page that names no term of its query). */
export function sectionRowsShows(table: SearchTarget, section: number): string[] {
  return [rowsOf(table, section)];
}

/** A list's page or box: each row it shows with its numbers, which rows its section's lists hold,
 * and its order where that follows a counter (sort `-like`, `comment`). */
export function listPageShows(table: string, ids: readonly number[], list: { sort?: string; topcategory?: number } = {}): string[] {
  const keys = [rowsOf(table, list.topcategory), ...ids.flatMap((id) => [itemKey(table, id), countsKey(table, id)])];
  const column = list.sort?.replace(/^-/, '');
  if (column === 'like' || column === 'comment' || column === 'rating') keys.push(orderKey(table, column));
  return keys;
}

/** An item's reviews, on its page. */
export function reviewsShows(table: SectionTable, id: number): string[] {
  return [reviewsKey(table, id)];
}

/** A review written, answered or decided: the item's reviews, its average and count (its numbers,
 * on its page and list rows), and the lists ordered by rating. */
export function reviewChanges(table: SectionTable, id: number): string[] {
  return [reviewsKey(table, id), countsKey(table, id), orderKey(table, 'rating')];
}

/** What an item's detail adds to its page (an organization's upcoming events): those rows, and
 * their table's new ones. */
export function detailShows(item: { events?: readonly { id: number }[] }): string[] {
  return item.events
    ? listPageShows(
        'event',
        item.events.map((e) => e.id),
      )
    : [];
}

/** Search results of one target: each result's item (its title and text). */
export function searchResultShows(table: SearchTarget, ids: readonly number[]): string[] {
  return ids.map((id) => itemKey(table, id));
}

/** A comment added or removed under an item: its thread, its comment count, and the lists ordered
 * by comments. */
export function commentCountChanges(target: CommentTarget, board: number): string[] {
  return [threadKey(target, board), countsKey(target, board), orderKey(target, 'comment')];
}

/** A comment's text edited: its item's thread alone. */
export function commentTextChanges(target: CommentTarget, board: number): string[] {
  return [threadKey(target, board)];
}

/** A like given or taken back: the item's numbers and the lists ordered by likes (the index's
 * popular posts). */
export function likeChanges(target: LikeTarget, id: number): string[] {
  return [countsKey(target, id), orderKey(target, 'like')];
}

/** A report of an item, which changes only what its page shows the reporter (신고함): a comment
 * is in its post's thread, which only the post's page shows; a review in its business's reviews. */
export function reportChanges(
  target: SectionTable | 'comment' | 'review',
  item: { id: number; board: number; thread?: CommentTarget },
): string[] {
  if (target === 'review') return reviewsShows('business', item.board);
  return [target === 'comment' ? threadKey(item.thread ?? 'board', item.board) : itemKey(target, item.id)];
}

/** New items of `table`: its lists' rows, and those of the sections they are in. */
export function newRowsChanges(table: string, sections: readonly number[]): string[] {
  return [...new Set([rowsKey(table), ...sections.map((section) => rowsOf(table, section))])];
}
