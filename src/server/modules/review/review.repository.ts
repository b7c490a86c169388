import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';

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
