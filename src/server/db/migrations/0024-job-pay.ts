import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// Jobs say pay and visa (PRODUCT.md): the pay range (`paymin`, `paymax`, money; 0 none given) in
// one unit (`payunit`, 1 시급 .. 5 연봉; 0 none), and who may apply (`visa`): a set of codes 1-5
// kept as one integer, bit (code - 1) for each, so a list narrowed to one of them tests a bit of a
// column on the row it already reads, the same on both databases. Existing jobs say neither
// (급여 협의).
const COLUMNS = [
  ['paymin', 'double precision'],
  ['paymax', 'double precision'],
  ['payunit', 'integer'],
  ['visa', 'integer'],
] as const;

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const [column, type] of COLUMNS) {
    await db.schema
      .alterTable('jobs')
      .addColumn(column, type, (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
