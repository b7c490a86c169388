import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// Organizations get pages of their own (PRODUCT.md "Organizations and events"): they stay board
// posts of topcategory 7 and gain their contact and about fields (empty on every other post), and
// `organization_editor` holds the members an admin names to keep an organization's page.
const COLUMNS = ['tel', 'email', 'address', 'url', 'kakao', 'officers', 'hours'] as const;

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema
      .alterTable('board')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .createTable('organization_editor')
    .addColumn('organization', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_editor_pk', ['organization', 'user'])
    .execute();
  await db.schema.createIndex('organization_editor_user').on('organization_editor').column('user').execute();
}
