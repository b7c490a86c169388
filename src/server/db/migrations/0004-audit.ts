import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// The admins' audit log: who changed what (a user's level, a post's visibility ...), the values
// before and after as JSON text, and when. Read per item, newest first.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('audit')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('actor', 'integer', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('after', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_target_item').on('audit').columns(['target', 'item', 'id']).execute();
}
