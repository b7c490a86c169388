import { type Insertable, sql } from 'kysely';
import type { Executor, ReviewsTable } from '#server/db/database.ts';

// Trades closed with a buyer and the reviews their parties leave each other (migration 0025).

/** How many reviews `member` received, by rating. */
export async function countReviewsByRating(db: Executor, member: number): Promise<{ rating: number; n: number }[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(['rating', sql<number>`count(*)`.as('n')])
    .where('member', '=', member)
    .groupBy('rating')
    .execute();
  return rows.map((r) => ({ rating: r.rating, n: Number(r.n) }));
}

/** The newest reviews `member` received. */
export function latestReviewsOf(db: Executor, member: number, limit: number) {
  return db
    .selectFrom('reviews')
    .select(['rating', 'tags', 'content', 'date'])
    .where('member', '=', member)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many trades `member` took part in, as seller or buyer. */
export async function countTradesOf(db: Executor, member: number): Promise<number> {
  const row = await db
    .selectFrom('trades')
    .select(sql<number>`count(*)`.as('n'))
    .where((w) => w.or([w('seller', '=', member), w('buyer', '=', member)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface TradeRow {
  target: string;
  item: number;
  seller: number;
  buyer: number;
  date: string;
}

export function findTrade(db: Executor, target: string, item: number): Promise<TradeRow | undefined> {
  return db.selectFrom('trades').selectAll().where('target', '=', target).where('item', '=', item).executeTakeFirst();
}

/** Records a sale's buyer; false when the item already has one (the key holds under races). */
export async function insertTrade(db: Executor, row: TradeRow): Promise<boolean> {
  const done = await db
    .insertInto('trades')
    .values(row)
    .onConflict((oc) => oc.columns(['target', 'item']).doNothing())
    .returning('item')
    .executeTakeFirst();
  return done !== undefined;
}

/** Adds a review and answers its id; none when its author already reviewed this trade. */
export async function insertReview(db: Executor, row: Insertable<ReviewsTable>): Promise<number | undefined> {
  const done = await db
    .insertInto('reviews')
    .values(row)
    .onConflict((oc) => oc.columns(['target', 'item', 'user']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return done?.id;
}

/** Which of a trade's parties have reviewed it. */
export async function reviewersOf(db: Executor, target: string, item: number): Promise<number[]> {
  const rows = await db.selectFrom('reviews').select('user').where('target', '=', target).where('item', '=', item).execute();
  return rows.map((r) => r.user);
}
