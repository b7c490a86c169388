import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// Several app servers on one PostgreSQL (traffic issue).
//
// `schedules`: periodic work (the hourly cleanup) runs once across servers. Each server's timer
// tries to move a task's next date forward; only the one whose update finds the date due runs it.
//
// `rate_limits` (PostgreSQL only): the limits every server counts against (lib/rate-limit.ts),
// in the layout rate-limiter-flexible's PostgreSQL store reads, with a text key because login ids
// and e-mail addresses may be longer than its own varchar(255).
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('nextdate', 'text', (c) => c.notNull())
    .execute();
  if (ctx.dialect === 'postgres') {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();
    await sql`create index rate_limits_expire on rate_limits (expire)`.execute(db);
  }
}
