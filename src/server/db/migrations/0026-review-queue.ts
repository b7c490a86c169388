import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// The review queue (PRODUCT.md "Scam defence"): an item that waits for an admin before others
// see it (an account's first listings, a money-mule offer), one row per item until an admin
// decides. `reason` says why it waits; `warnings` holds the phrases the scam checks found (JSON);
// `duplicate_*` names another member's listing that shows the same photo.

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('review_queue')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('duplicate_target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duplicate_item', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_queue_pk', ['target', 'item'])
    .execute();
  // The admin's list, oldest first.
  await db.schema.createIndex('review_queue_date').on('review_queue').column('date').execute();
}
