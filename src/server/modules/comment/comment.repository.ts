import { sql } from 'kysely';
import type { CommentTable, Executor } from '#server/db/database.ts';
import type { Insertable, Selectable } from 'kysely';

export type CommentRow = Selectable<CommentTable>;

export function findCommentById(db: Executor, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertComment(db: Executor, row: Insertable<CommentTable>): Promise<number> {
  const r = await db.insertInto('comment').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Raises or lowers a post's comment count in the database itself, so parallel writes add up. */
export async function addBoardComments(db: Executor, board: number, delta: number): Promise<void> {
  await db
    .updateTable('board')
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

/** One page of a post's top-level comments, oldest first, with all their replies. */
export async function listThread(db: Executor, board: number, page: number, size: number) {
  const top = await db
    .selectFrom('comment')
    .selectAll()
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
    .where('board', '=', board)
    .where('parent', '=', 0)
    .executeTakeFirst();
  return { top, replies, total: Number(total?.n ?? 0) };
}

export async function deleteCommentsOfBoards(db: Executor, boards: number[]): Promise<void> {
  if (boards.length) await db.deleteFrom('comment').where('board', 'in', boards).execute();
}

/** A page of a member's own comments that stand (not deleted), newest first, with their posts. */
export async function listCommentsOfUser(db: Executor, user: number, page: number, size: number) {
  const rows = await db
    .selectFrom('comment')
    .innerJoin('board', 'board.id', 'comment.board')
    .select(['comment.id', 'comment.board', 'comment.content', 'comment.date', 'board.title', 'board.topcategory'])
    .where('comment.user', '=', user)
    .where('comment.deleted', '=', 0)
    .orderBy('comment.id', 'desc')
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
