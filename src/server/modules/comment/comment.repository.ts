import { sql } from 'kysely';
import type { CommentTable, Executor } from '#server/db/database.ts';
import type { Insertable, Selectable } from 'kysely';
import type { CommentTarget } from '#shared/schemas/content.ts';
import { sectionOfItem } from '#shared/sections.ts';

export type CommentRow = Selectable<CommentTable>;

/** What a comment needs of the item it is under: whose it is, whether it is hidden, its title
 * and its section's code (where it is read). */
export interface CommentedItem {
  id: number;
  hidden: number;
  user: number;
  title: string;
  topcategory: number;
}

export async function findCommentedItems(db: Executor, target: CommentTarget, ids: readonly number[]): Promise<CommentedItem[]> {
  if (!ids.length) return [];
  if (target === 'board')
    return db.selectFrom('board').select(['id', 'hidden', 'user', 'title', 'topcategory']).where('id', 'in', ids).execute();
  // A table of one section: its items are all in it.
  const topcategory = sectionOfItem(target)?.storage.topcategory ?? 0;
  const rows = await db.selectFrom(target).select(['id', 'hidden', 'user', 'title']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ ...r, topcategory }));
}

export function findCommentById(db: Executor, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertComment(db: Executor, row: Insertable<CommentTable>): Promise<number> {
  const r = await db.insertInto('comment').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Raises or lowers an item's comment count in the database itself, so parallel writes add up. */
export async function addItemComments(db: Executor, target: CommentTarget, board: number, delta: number): Promise<void> {
  await db
    .updateTable(target)
    .set({ comment: sql`${sql.ref('comment')} + ${delta}` })
    .where('id', '=', board)
    .execute();
}

export async function countLiveReplies(db: Executor, parent: number): Promise<number> {
  const r = await db
    .selectFrom('comment')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('parent', '=', parent)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function markCommentDeleted(db: Executor, id: number): Promise<void> {
  await db.updateTable('comment').set({ deleted: 1, content: '' }).where('id', '=', id).execute();
}

export async function deleteComments(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('comment').where('id', 'in', ids).execute();
}

export async function updateCommentContent(db: Executor, id: number, content: string): Promise<void> {
  await db.updateTable('comment').set({ content }).where('id', '=', id).execute();
}

/** One page of an item's top-level comments, oldest first, with all their replies. */
export async function listThread(db: Executor, target: CommentTarget, board: number, page: number, size: number) {
  const top = await db
    .selectFrom('comment')
    .selectAll()
    .where('target', '=', target)
    .where('board', '=', board)
    .where('parent', '=', 0)
    .orderBy('id', 'asc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const replies = top.length
    ? await db
        .selectFrom('comment')
        .selectAll()
        .where(
          'parent',
          'in',
          top.map((c) => c.id),
        )
        .orderBy('id', 'asc')
        .execute()
    : [];
  const total = await db
    .selectFrom('comment')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('target', '=', target)
    .where('board', '=', board)
    .where('parent', '=', 0)
    .executeTakeFirst();
  return { top, replies, total: Number(total?.n ?? 0) };
}

export async function deleteCommentsOfItems(db: Executor, target: CommentTarget, boards: number[]): Promise<void> {
  if (boards.length) await db.deleteFrom('comment').where('target', '=', target).where('board', 'in', boards).execute();
}

/** A page of a member's own comments that stand (not deleted), newest first. */
export async function listCommentsOfUser(db: Executor, user: number, page: number, size: number) {
  const rows = await db
    .selectFrom('comment')
    .select(['id', 'target', 'board', 'content', 'date'])
    .where('user', '=', user)
    .where('deleted', '=', 0)
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const total = await db
    .selectFrom('comment')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user', '=', user)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return { rows, total: Number(total?.n ?? 0) };
}
