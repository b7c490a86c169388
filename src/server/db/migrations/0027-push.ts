import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Web push (PRODUCT.md "On the phone like an app"):
// - `push_subscriptions`: a member's browsers, each by the push service's endpoint (unique: a
//   browser whose endpoint a new member subscribes with is theirs from then on) and the keys
//   its payloads are encrypted to.
// - `push_settings`: a member's choices, one row each once saved: the kinds pushed (comma
//   separated) and quiet hours ("22:00", "08:00" in the site's zone; '' for none).
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_endpoint').on('push_subscriptions').column('endpoint').unique().execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user').execute();

  await db.schema
    .createTable('push_settings')
    .addColumn('user', 'integer', (c) => c.primaryKey())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('quiet_from', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quiet_to', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
