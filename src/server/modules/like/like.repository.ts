import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import { writesOfMembers } from '#server/db/write-tracker.ts';
import type { LikeTarget } from '#shared/schemas/content.ts';
import { itemsOfMember } from '#server/db/member-items.ts';

export async function deleteLike(db: Executor, target: LikeTarget, item: number, user: number): Promise<boolean> {
  // A member's likes are theirs alone (write-tracker.ts `writesOfMembers`): another's page state stays kept.
  const r = await writesOfMembers({ likes: [user] }, () =>
    db.deleteFrom('likes').where('target', '=', target).where('item', '=', item).where('user', '=', user).executeTakeFirst(),
  );
  return Number(r.numDeletedRows) > 0;
}

/** Inserts the like unless it exists; true when this call added it. */
export async function insertLike(db: Executor, target: LikeTarget, item: number, user: number, date: string): Promise<boolean> {
  const r = await writesOfMembers({ likes: [user] }, () =>
    db
      .insertInto('likes')
      .values({ target, item, user, date })
      .onConflict((oc) => oc.columns(['target', 'item', 'user']).doNothing())
      .returning('id')
      .executeTakeFirst(),
  );
  return r !== undefined;
}

/** Moves an item's like count in the database itself, so parallel clicks add up exactly. */
export async function addItemLikes(db: Executor, target: LikeTarget, item: number, delta: number): Promise<number> {
  const r = await db
    .updateTable(target)
    .set({ like: sql`${sql.ref('like')} + ${delta}` })
    .where('id', '=', item)
    .returning('like')
    .executeTakeFirst();
  return Number(r?.like ?? 0);
}

export function findItem(db: Executor, target: LikeTarget, item: number) {
  return db.selectFrom(target).select(['id', 'hidden', 'user', 'title', 'like']).where('id', '=', item).executeTakeFirst();
}

export async function listLikesOfUser(db: Executor, user: number, target: LikeTarget | undefined, page: number, size: number) {
  let q = db.selectFrom('likes').where('user', '=', user);
  if (target) q = q.where('target', '=', target);
  const [items, total] = await Promise.all([
    q
      .select(['id', 'target', 'item', 'date'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function titlesOf(db: Executor, target: LikeTarget, ids: number[]) {
  if (!ids.length) return [];
  if (target === 'board') {
    return db.selectFrom('board').select(['id', 'hidden', 'user', 'title', 'topcategory', 'image']).where('id', 'in', ids).execute();
  }
  return db.selectFrom(target).select(['id', 'hidden', 'user', 'title']).where('id', 'in', ids).execute();
}

export function likedItems(db: Executor, user: number, target: LikeTarget, ids: number[]): Promise<number[]> {
  return itemsOfMember(db, 'likes', user, target, ids);
}

export async function deleteLikesOfItems(db: Executor, target: LikeTarget, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('likes').where('target', '=', target).where('item', 'in', ids).execute();
}
