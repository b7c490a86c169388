import type { Kysely } from 'kysely';

// Several app servers on one PostgreSQL must sign pushes with one VAPID key (a browser's
// subscription is bound to the key it was made with). `push_servers`: the keys running servers
// sign with, each with when a server holding it last said it was running (modules/push/
// push-servers.ts); a server whose key differs from a running one's refuses to start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_servers')
    .addColumn('public_key', 'text', (c) => c.primaryKey())
    .addColumn('seen', 'text', (c) => c.notNull())
    .execute();
}
