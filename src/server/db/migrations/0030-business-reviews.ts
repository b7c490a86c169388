import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Business reviews (PRODUCT.md "Members and trust"):
// - `business_reviews`: a member's rating (1-5) and text of a business, one per member and
//   business (the unique key holds under concurrent requests); the owner's one answer (`reply`,
//   '' for none); `hidden` 2 while it waits on the review queue, 1 once rejected, 0 counted.
// - business `rating` (the average of its counted reviews, one decimal) and `reviews` (how many):
//   kept by each write that changes them, so a list sorted by rating reads no review.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('business_reviews')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('business', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('replydate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('business_reviews_once').on('business_reviews').columns(['business', 'user']).unique().execute();
  // A business's reviews newest first, and the burst rule's count of its last day's.
  await db.schema.createIndex('business_reviews_business').on('business_reviews').columns(['business', 'date']).execute();

  await db.schema
    .alterTable('business')
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('business')
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The list sorted by -rating.
  await db.schema.createIndex('business_rating').on('business').columns(['rating', 'id']).execute();
}
