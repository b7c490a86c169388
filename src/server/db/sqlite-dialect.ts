import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

// Kysely has no node:sqlite dialect; this adapts DatabaseSync to the interface its SqliteDialect
// drives. Parameters are spread because node:sqlite reads an object first argument as named
// parameters.

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/** Prepared statements by SQL text: preparing costs more than running a small query, and the
 * same few hundred statements repeat. Bounded, oldest dropped first. */
const STATEMENT_CACHE = 500;

interface Prepared {
  statement: ReturnType<DatabaseSync['prepare']>;
  /** Whether it answers rows; asking the statement builds its column list each time. */
  reader: boolean;
}

function adapt(db: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, Prepared>();
  const prepared = (sql: string): Prepared => {
    let entry = cache.get(sql);
    if (!entry) {
      const statement = db.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, entry);
    }
    return entry;
  };
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = prepared(sql);
      const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
      return {
        reader,
        all: (parameters) => statement.all(...params(parameters)),
        run: (parameters) => statement.run(...params(parameters)),
        iterate: (parameters) => statement.iterate(...params(parameters)),
      };
    },
  };
}

/** How often the log is copied back into the database file (checkpoint-worker.ts): often enough
 * that each copy stays small under a steady stream of writes. */
const CHECKPOINT_MS = 200;

export function openSqlite(file: string): { dialect: SqliteDialect; raw: DatabaseSync; close(): Promise<void> } {
  const raw = new DatabaseSync(file, { timeout: 5000 });
  // WAL lets readers go on while a write commits; NORMAL sync is safe with WAL.
  // A 32 MB page cache (SQLite's default is 2 MB): large writes (an index rebuild) would otherwise
  // spill to the log mid-transaction, and a big site's hot pages would not stay in memory.
  // Checkpoints run in a worker thread; the server's own connection checkpoints only when the log
  // reaches 40 MB (10,000 pages), should the worker fall behind.
  raw.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -32768; PRAGMA temp_store = MEMORY; PRAGMA wal_autocheckpoint = 10000;',
  );
  const checkpointer = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { workerData: { file, intervalMs: CHECKPOINT_MS } });
  checkpointer.unref();
  const stopped = new Promise<void>((resolve) => checkpointer.once('exit', () => resolve()));
  return {
    dialect: new SqliteDialect({ database: adapt(raw) }),
    raw,
    async close() {
      // Unreferenced so that it never keeps a process alive; waited for here, so referenced again.
      checkpointer.ref();
      checkpointer.postMessage('stop');
      await stopped;
    },
  };
}
