import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Mail that outlives an SMTP outage (security review): every mail is a row first, sent at once
// when the server answers, retried with backoff by whichever app server claims it (a lease), and
// deleted once sent, given up or expired, since bodies hold codes.
//
// And code ids nobody can guess: the answer to a code request named the row's sequential id, so
// anyone could walk the ids of codes sent to others. Codes now go by a random public id; the
// number stays the row's own key.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('mails')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextdate', 'text', (c) => c.notNull())
    .addColumn('lease', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('leasedate', 'text', (c) => c.notNull())
    .addColumn('expiredate', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mails_nextdate').on('mails').column('nextdate').execute();

  await db.schema
    .alterTable('verifications')
    .addColumn('publicid', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Codes already sent keep working under an id of their own (the table holds minutes' worth).
  const { rows } = await sql<{ id: number }>`select id from verifications`.execute(db);
  for (const { id } of rows) {
    await sql`update verifications set publicid = ${crypto.randomBytes(16).toString('base64url')} where id = ${id}`.execute(db);
  }
  await db.schema.createIndex('verifications_publicid').on('verifications').column('publicid').unique().execute();
}
