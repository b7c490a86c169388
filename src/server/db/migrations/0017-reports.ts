import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Reports (신고, PRODUCT.md beyond the spec): one row per member and item, the unique key making a
// second report of the same item by the same member a no-op (also under concurrent clicks). The
// admin list groups by (target, item). Items that enough members reported are hidden through the
// content tables' existing `hidden` column (state 2, shared/reports.ts), so every list, search,
// sitemap and feed that already leaves out hidden items, on their existing indexes, leaves these
// out too. Comments had no such column; they get one here.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_once').on('reports').columns(['target', 'item', 'user']).unique().execute();
  // "Did I report these?" for a page's items.
  await db.schema.createIndex('reports_user').on('reports').columns(['user', 'target', 'item']).execute();

  await db.schema
    .alterTable('comment')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
