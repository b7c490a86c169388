import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Trust between members (PRODUCT.md "Members and trust"):
// - `trades`: a listing closed by its seller with a buyer (PUT /api/board/{id}/sold {buyer}); one
//   per item, so a second close names no second buyer.
// - `reviews`: what one party of a trade says of the other (거래후기), one per author and trade:
//   the unique key makes a second one fail even under concurrent requests. `member` is the one
//   reviewed; `tags` the chosen tag codes, comma-separated. The profile counts a member's reviews
//   by rating and reads the newest ones.
// - `comment_user`: a member's own comments, newest first (my page's 내 댓글).
// - users' suspension: until when (ISO UTC, '' for none) and why; it ends by itself once the time
//   has passed, so nothing needs to clear it.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('trades')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('seller', 'integer', (c) => c.notNull())
    .addColumn('buyer', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trades_pk', ['target', 'item'])
    .execute();
  // A member's trades, for the profile's 거래 N회.
  await db.schema.createIndex('trades_seller').on('trades').column('seller').execute();
  await db.schema.createIndex('trades_buyer').on('trades').column('buyer').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('member', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_once').on('reviews').columns(['target', 'item', 'user']).unique().execute();
  await db.schema.createIndex('reviews_member').on('reviews').columns(['member', 'id']).execute();

  await db.schema.createIndex('comment_user').on('comment').columns(['user', 'id']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('suspenduntil', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('suspendreason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
