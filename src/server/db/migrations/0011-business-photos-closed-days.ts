import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// A business listing takes several photos like a post (`images`, a JSON array of upload paths,
// the first also kept in SPEC §3's `image` for lists) and its closed days (`closeddays`: ISO
// weekdays 1 Monday .. 7 Sunday as "6,7"; empty when it opens every day). A listing's one photo
// so far becomes its list of one.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('business')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('business')
    .addColumn('closeddays', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const asList = ctx.dialect === 'postgres' ? sql`json_build_array(image)::text` : sql`json_array(image)`;
  await sql`update business set images = ${asList} where image <> ''`.execute(db);
}
