import { sql } from 'kysely';
import type { BackgroundJob } from '#server/db/background.ts';
import type { Db } from '#server/db/database.ts';

// Background jobs for tests/server/sqlite-background.test.ts: the worker thread imports them by
// this module's URL.

/** Holds the write lock for `ms` inside a transaction that raises row 1. */
export async function slowRaise(db: Db, ms: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`update counter set n = n + 1 where id = 1`.execute(trx);
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

export async function raise(db: Db): Promise<void> {
  await sql`update counter set n = n + 1 where id = 1`.execute(db);
}

/** Ends the thread it runs in, as a crash would. */
export async function endThread(): Promise<void> {
  process.exit(1);
}

export const endThreadJob: BackgroundJob<[]> = { module: import.meta.url, name: 'endThread', run: endThread };
export const slowRaiseJob: BackgroundJob<[number]> = { module: import.meta.url, name: 'slowRaise', run: slowRaise };
export const raiseJob: BackgroundJob<[]> = { module: import.meta.url, name: 'raise', run: raise };
