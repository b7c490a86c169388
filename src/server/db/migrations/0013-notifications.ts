import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Notifications (PRODUCT.md, beyond the spec): a member is told when someone comments on their
// post, replies to their comment or answers their inquiry. One row per member, event and item: the
// unique key makes a second insert of the same event a no-op, so a retried or concurrent write
// never tells anyone twice. `readdate` is '' until read; read rows go once 90 days old.
//
// The per-member e-mail choice is a row per member and kind, written only when the member saves
// the settings box (a missing row means the kind's default).
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('actor', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('readdate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_event').on('notifications').columns(['user', 'kind', 'target', 'item']).unique().execute();
  // A member's list (newest first) and unread count, and the cleanup's scan of old read rows.
  await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user', 'id']).execute();
  await db.schema.createIndex('notifications_user_read').on('notifications').columns(['user', 'readdate']).execute();
  await db.schema.createIndex('notifications_date').on('notifications').column('date').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mail', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user', 'kind'])
    .execute();
}
