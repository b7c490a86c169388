import type { Kysely } from 'kysely';

// Mail the queue gave up on stays a week for the operator's page (/admin/system), its body
// emptied (bodies hold codes); every failed try leaves its error on the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mails')
    .addColumn('lasterror', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('mails')
    .addColumn('faildate', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
