import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Keyword alerts (키워드 알림): a member follows up to 20 keywords. `key` is the keyword's first
// search token (modules/alert/alert-match.ts): a new item looks up only the keywords whose key is
// one of its own tokens, so matching costs what the item holds, not what all members follow.
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
  // Matching reads the distinct keywords of a set of keys from this index alone, then the
  // followers of the keywords that matched.
  await db.schema.createIndex('alerts_key').on('alerts').columns(['key', 'keyword']).execute();
  await db.schema.createIndex('alerts_keyword').on('alerts').column('keyword').execute();

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
