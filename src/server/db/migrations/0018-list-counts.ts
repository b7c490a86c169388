import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// Lists' totals as counters kept with every write (db/counters.ts), filled from the rows already
// there by the live code, which knows which lists are counted.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('list_counts')
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_counts_key', ['tbl', 'scope'])
    .execute();
  ctx.rebuild('list-counts');
}
