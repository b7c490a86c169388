import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// A keyword notice names the keyword that matched (issue #32): a member who follows several
// cannot otherwise tell why they were told. '' for every other kind and for keyword notices made
// before this column (they keep the general sentence).
export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('keyword', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
