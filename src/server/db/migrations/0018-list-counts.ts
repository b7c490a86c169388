import type { Kysely } from 'kysely';
import type { Executor } from '../database.ts';
import { rebuildCounts } from '../counters.ts';

// Lists' totals as counters kept with every write (db/counters.ts), filled from the rows already
// there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('list_counts')
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_counts_key', ['tbl', 'scope'])
    .execute();
  await rebuildCounts(db as unknown as Executor);
}
