import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database, Db, Dialect } from './database.ts';
import type { Logger } from '../lib/logger.ts';
import { type BackgroundRunner, JobRuns } from './background.ts';
import { openSqlite } from './sqlite/open.ts';
import { reportingFaults } from './errors.ts';
import { trackCommits, WriteTracker } from './write-tracker.ts';
import { shareWrites } from './shared-writes.ts';

export interface Connection {
  db: Db;
  dialect: Dialect;
  /** Sees every write through `db`; caches of lists and pages compare against it. */
  tracker: WriteTracker;
  /** SQLite's second connection, for background jobs (background.ts); none on PostgreSQL. */
  background: BackgroundRunner | undefined;
  /** PostgreSQL's pool, which shared stores (rate limits) use too; none on SQLite. */
  pool: pg.Pool | undefined;
  /** Resolves once other app servers' writes are heard (PostgreSQL), at once on SQLite. */
  ready: Promise<void>;
  /** The background jobs' runs (background.ts). */
  jobRuns: JobRuns;
  /** How busy the database is now: read by GET /metrics. */
  pressure(): DbPressure;
  close(): Promise<void>;
}

/** SQLite: the write turns its two connections take (sqlite/write-turns.ts). PostgreSQL: the
 * pool's connections, and the queries waiting for one. */
export type DbPressure =
  | { dialect: 'sqlite'; writeWaits: number; writeWaitSeconds: number; writesWaiting: number }
  | { dialect: 'postgres'; connections: number; idle: number; waiting: number };

// PostgreSQL answers count(*) and bigint as text; both databases should answer numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** How long a request waits for one of the pool's connections (all busy, or the server slow to
 * accept one) before it is answered 503 with Retry-After instead of waiting on. */
export const PG_CONNECT_TIMEOUT_MS = 3000;

export function connect(options: { databaseUrl?: string; dataDir: string; logger?: Logger }): Connection {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
    // An idle connection the server drops (a restart, or a shutdown just after close(), whose
    // connections end in the background) is no request's error: the pool opens a new one when
    // needed. Without a listener, the pool's 'error' event would end the process.
    // A restart drops every idle connection at once: one line a minute says so.
    let warned = 0;
    pool.on('error', (err) => {
      if (Date.now() - warned < 60_000) return;
      warned = Date.now();
      options.logger?.warn({ err: err.message }, 'idle PostgreSQL connection closed');
    });
    const tracker = new WriteTracker();
    const db = new Kysely<Database>({ dialect: trackCommits(reportingFaults(new PostgresDialect({ pool })), tracker), plugins: [tracker] });
    const shared = shareWrites({ databaseUrl: options.databaseUrl, pool, tracker, logger: options.logger });
    return {
      db,
      dialect: 'postgres',
      tracker,
      background: undefined,
      pool,
      ready: shared.ready,
      jobRuns: new JobRuns(),
      pressure: () => ({ dialect: 'postgres', connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await shared.close();
        await db.destroy();
      },
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = openSqlite(sqliteFile(options.dataDir));
  const { dialect, turns } = sqlite;
  const tracker = new WriteTracker();
  const db = new Kysely<Database>({ dialect: trackCommits(reportingFaults(dialect), tracker), plugins: [tracker] });
  return {
    db,
    dialect: 'sqlite',
    tracker,
    background: sqlite.background,
    pool: undefined,
    ready: Promise.resolve(),
    jobRuns: new JobRuns(),
    pressure: () => ({ dialect: 'sqlite', writeWaits: turns.waits, writeWaitSeconds: turns.waitSeconds, writesWaiting: turns.waiting }),
    async close() {
      await db.destroy();
      await sqlite.close();
    },
  };
}

/** Where SQLite keeps the database in DATA_DIR (its log beside it, `-wal`). */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'portal.sqlite');
}

/** How much room the database takes: SQLite's file and its write-ahead log, or what PostgreSQL
 * counts for the database. */
export async function databaseBytes(db: Db, dialect: Dialect, dataDir: string): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const sizes = await Promise.all(
    ['', '-wal'].map((suffix) =>
      fs.promises.stat(sqliteFile(dataDir) + suffix).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** For /api/health: the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
