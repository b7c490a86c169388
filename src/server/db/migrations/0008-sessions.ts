import type { Kysely } from 'kysely';

// Sessions the server can end (security review: a logged-out token kept working for 7 days). A
// token carries its session's id; logging out deletes the row, and a token whose session is gone
// is refused. Random ids: a token names nothing guessable.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user').execute();
  await db.schema.createIndex('sessions_date').on('sessions').column('date').execute();
}
