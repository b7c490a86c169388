import { type Insertable, sql } from 'kysely';
import type { BusinessReviewsTable, Executor } from '#server/db/database.ts';

// Business reviews and the business's kept average and count (migration 0030).

/** Adds a review and answers its id; none when its author already reviewed the business. */
export async function insertBusinessReview(db: Executor, row: Insertable<BusinessReviewsTable>): Promise<number | undefined> {
  const done = await db
    .insertInto('business_reviews')
    .values(row)
    .onConflict((oc) => oc.columns(['business', 'user']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return done?.id;
}

/** How many reviews of the business, held ones included, were written since `since`. */
export async function countReviewsSince(db: Executor, business: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('business_reviews')
    .select(sql<number>`count(*)`.as('n'))
    .where('business', '=', business)
    .where('date', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets the business's average (one decimal) and count from its counted reviews. */
export async function recountBusiness(db: Executor, business: number): Promise<void> {
  const row = await db
    .selectFrom('business_reviews')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(rating), 0)`.as('total')])
    .where('business', '=', business)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  const rating = n ? Math.round((Number(row.total) / n) * 10) / 10 : 0;
  await db.updateTable('business').set({ rating, reviews: n }).where('id', '=', business).execute();
}

/** A business's reviews with their authors' nicknames, as readers get them. */
function reviewsOfBusiness(db: Executor, business: number) {
  return db
    .selectFrom('business_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.user')
    .select(['r.id', 'r.user', 'r.rating', 'r.content', 'r.reply', 'r.replydate', 'r.date', 'r.hidden', 'u.nickname'])
    .where('r.business', '=', business);
}

/** A business's counted reviews, and `viewer`'s own whatever their state, newest first, with
 * their authors' nicknames. */
export function listReviewsOf(db: Executor, business: number, viewer: number) {
  return reviewsOfBusiness(db, business)
    .where((w) => w.or([w('r.hidden', '=', 0), w('r.user', '=', viewer)]))
    .orderBy('r.id', 'desc')
    .execute();
}

/** `user`'s own review of the business whatever its state, with their nickname. */
export function findOwnReview(db: Executor, business: number, user: number) {
  return reviewsOfBusiness(db, business).where('r.user', '=', user).executeTakeFirst();
}

export function findBusinessReview(db: Executor, id: number) {
  return db.selectFrom('business_reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner's answer, once: false when the review already has one. */
export async function setReply(db: Executor, id: number, reply: string, replydate: string): Promise<boolean> {
  const done = await db
    .updateTable('business_reviews')
    .set({ reply, replydate })
    .where('id', '=', id)
    .where('reply', '=', '')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Moves a waiting review to `hidden`; answers its business, or none when it was not waiting. */
export async function decideWaiting(db: Executor, id: number, hidden: number, waiting: number): Promise<number | undefined> {
  const row = await db
    .updateTable('business_reviews')
    .set({ hidden })
    .where('id', '=', id)
    .where('hidden', '=', waiting)
    .returning('business')
    .executeTakeFirst();
  return row?.business;
}

/** Moves reviews from one `hidden` state to another; answers those moved, with their business. */
export function moveReviews(db: Executor, ids: number[], from: number, to: number) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .updateTable('business_reviews')
    .set({ hidden: to })
    .where('id', 'in', ids)
    .where('hidden', '=', from)
    .returning(['id', 'business'])
    .execute();
}

/** Deletes reviews; answers those deleted, as they were. */
export function deleteReviews(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.deleteFrom('business_reviews').where('id', 'in', ids).returning(['id', 'user', 'business', 'rating', 'content']).execute();
}

/** Reviews with their business's name, for the review queue's list. */
export function reviewsWithBusiness(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('business_reviews as r')
    .innerJoin('business as b', 'b.id', 'r.business')
    .select(['r.id', 'r.user', 'r.business', 'b.title'])
    .where('r.id', 'in', ids)
    .execute();
}
