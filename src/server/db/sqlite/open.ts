import { DatabaseSync } from 'node:sqlite';
import { type SqliteDialect, sql } from 'kysely';
import type { Db } from '../database.ts';
import type { BackgroundRunner } from '../background.ts';
import { startSqliteWorker } from './background.ts';
import { BUSY_TIMEOUT_MS, sqliteDialect } from './dialect.ts';
import { WriteTurns } from './write-turns.ts';

// SQLite's parts, put together: the server's connection (dialect.ts), the second connection in a
// thread of its own for checkpoints and background jobs (background.ts, worker.ts), and the turns
// their writes take (write-turns.ts).

export function openSqlite(file: string): {
  dialect: SqliteDialect;
  background: BackgroundRunner;
  turns: WriteTurns;
  close(): Promise<void>;
} {
  const raw = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  // WAL lets readers go on while a write commits; NORMAL sync is safe with WAL.
  // A 32 MB page cache (SQLite's default is 2 MB): large writes (an index rebuild) would otherwise
  // spill to the log mid-transaction, and a big site's hot pages would not stay in memory.
  // Checkpoints run in the background connection's thread; the server's own connection
  // checkpoints only when the log reaches 40 MB (10,000 pages), should that thread fall behind.
  raw.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -32768; PRAGMA temp_store = MEMORY; PRAGMA wal_autocheckpoint = 10000;',
  );
  refreshStatistics(raw);
  const turns = new WriteTurns();
  const worker = startSqliteWorker(file, turns);
  return { dialect: sqliteDialect(raw, turns), background: worker.runner, turns, close: () => worker.stop() };
}

/** Renews the planner's table statistics (sqlite_stat1) where they no longer hold, as SQLite
 * advises for a long-lived connection: every table (0x10000) whose size has changed about
 * tenfold since it was last analyzed is analyzed again (0x2), reading a bounded sample of it
 * (0x10: ~0.25 s at 1M posts; nothing when the statistics hold). Stale figures are worse than
 * none: an ANALYZE taken while the search index was still empty (an operator's, or a bulk load's
 * before the index was built) said each FTS5 table's pages were 2 rows, and the planner then
 * scanned all of them (140 MB at 1M posts) for FTS5's own "delete the pages of segment N", which
 * it runs whenever it merges segments: a post's commit held every request for 0.7 s about every
 * fifteen posts. Run when the database is opened, and hourly on the server's own connection
 * (`renewStatistics`): another connection's ANALYZE is not seen by this one's planner. */
const OPTIMIZE = 'PRAGMA optimize = 0x10012';

function refreshStatistics(raw: DatabaseSync): void {
  try {
    raw.exec(OPTIMIZE);
  } catch {
    // Another process holds the write lock (a CLI's long transaction): the figures wait for the
    // next start; the database works without them.
  }
}

/** The same on a running server, as a write that takes its turn (write-turns.ts): a site that
 * grows tenfold between two restarts gets figures for its new size. */
export async function renewStatistics(db: Db): Promise<void> {
  await sql.raw(OPTIMIZE).execute(db);
}
