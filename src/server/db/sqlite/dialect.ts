import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { turnTaking, type WriteTurns } from './write-turns.ts';

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
  /** The names of the columns it answers (none: not a reader); asking the statement builds the
   * list each time. */
  columns: string[];
}

/** A row as an object built in JavaScript, one property after another in the same order for every
 * row of a statement: V8 gives such objects one shared shape, and copying or serializing them
 * (every answer does both) is much faster than with the objects node:sqlite makes. */
function toObject(columns: string[], values: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) row[columns[i] as string] = values[i];
  return row;
}

/** How long the server's connection waits for another's lock before SQLITE_BUSY. Its writes take
 * turns with the background connection's (write-turns.ts), so only another process (a CLI) holds
 * one for long; the wait blocks the whole process, so it is short: the request is answered 503
 * with Retry-After instead (db/errors.ts), and the next one tries again. */
export const BUSY_TIMEOUT_MS = 250;

/** What a rollback answers when SQLite has already ended the transaction itself. */
const NOTHING_RUN = { changes: 0, lastInsertRowid: 0 };

function adapt(db: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, Prepared>();
  const prepared = (text: string): Prepared => {
    // Kysely's driver begins a transaction with a plain (deferred) `begin`. With two connections
    // writing (the server's and the background one), a deferred transaction that reads and then
    // writes fails at once with SQLITE_BUSY if the other committed in between; an immediate one
    // takes the write lock first, waiting for it as the busy timeout allows.
    const sql = text === 'begin' ? 'begin immediate' : text;
    let entry = cache.get(sql);
    if (!entry) {
      const statement = db.prepare(sql);
      const columns = statement.columns().map((c) => c.name);
      if (columns.length > 0) statement.setReturnArrays(true);
      entry = { statement, columns };
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, entry);
    }
    return entry;
  };
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const { statement, columns } = prepared(sql);
      const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
      return {
        reader: columns.length > 0,
        all: (parameters) => (statement.all(...params(parameters)) as unknown as unknown[][]).map((values) => toObject(columns, values)),
        // SQLite ends a transaction by itself when a statement in it fails with SQLITE_FULL (or an
        // I/O error): the rollback that follows would fail with "no transaction is active" and
        // hide the real cause.
        run: (parameters) => (sql === 'rollback' && !db.isTransaction ? NOTHING_RUN : statement.run(...params(parameters))),
        *iterate(parameters) {
          for (const values of statement.iterate(...params(parameters))) yield toObject(columns, values as unknown as unknown[]);
        },
      };
    },
  };
}

/** Kysely's SQLite dialect over a node:sqlite connection; with `turns`, its writes take turns
 * with the background connection's. */
export function sqliteDialect(raw: DatabaseSync, turns?: WriteTurns): SqliteDialect {
  const config = { database: adapt(raw) };
  if (!turns) return new SqliteDialect(config);
  return new (class extends SqliteDialect {
    override createDriver() {
      return turnTaking(super.createDriver(), turns);
    }
  })(config);
}
