import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Keyword alerts (키워드 알림): a member follows up to 20 keywords. `key` is the keyword's first
// search token (modules/alert/alert-match.ts): a new item looks up only the keywords whose key is
// one of its own tokens (in `alert_words`, each keyword once), so matching costs what the item
// holds and how many are told, not how many keywords all members follow.
// `alert_cursor` is how far each table's new items have been matched (edits never move it);
// `alert_digest` holds the keyword notices waiting for a member's daily mail.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('mail', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alerts_user_keyword').on('alerts').columns(['user', 'keyword', 'section']).unique().execute();
  await db.schema.createIndex('alerts_keyword').on('alerts').column('keyword').execute();

  // Each keyword anyone follows (or followed), once, by key: matching reads the few keywords an item's tokens
  // could match here, then only the followers of those that matched.
  await db.schema
    .createTable('alert_words')
    .addColumn('keyword', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_words_key').on('alert_words').column('key').execute();

  await db.schema
    .createTable('alert_cursor')
    .addColumn('target', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alert_digest')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('notification', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_digest_user').on('alert_digest').columns(['user', 'id']).execute();
}
