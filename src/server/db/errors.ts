import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import { Fault, type FaultKind } from '../lib/faults.ts';

/** The column a unique constraint refused, on either database, or undefined for other errors. */
export function uniqueViolation(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & { code?: string; constraint?: string; errcode?: number };
  // PostgreSQL: 23505 with the constraint name (<table>_<column>_key).
  if (e.code === '23505') return e.constraint?.replace(/^[a-z]+_/, '').replace(/_key$/, '');
  // SQLite: "UNIQUE constraint failed: users.loginid"
  const m = /UNIQUE constraint failed: \w+\.(\w+)/.exec(e.message);
  return m?.[1];
}

// SQLite's primary result codes (an extended code keeps the primary one in its low byte).
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

/** The socket errors of a database server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** What the pg client says when the server went away or the pool had no connection in time. */
const PG_GONE = /^Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i;

/** Which fault of the database this error is, or undefined for an error of the request itself
 * (a constraint, a syntax error) or of our code. */
export function databaseFault(err: unknown): FaultKind | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & { code?: string; errcode?: number };
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    const primary = e.errcode & 0xff;
    if (primary === SQLITE_FULL) return 'database full';
    if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return 'database busy';
    if (primary === SQLITE_READONLY || primary === SQLITE_IOERR || primary === SQLITE_CANTOPEN) return 'database unavailable';
    return undefined;
  }
  const code = e.code ?? '';
  // PostgreSQL: 53100 disk full; 55P03 lock not available; class 08 (connection), 57P01-57P03
  // (shut down by an admin, crashed, starting up), 53300 too many connections.
  if (code === '53100') return 'database full';
  if (code === '55P03') return 'database busy';
  if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || NETWORK_CODES.has(code)) return 'database unavailable';
  if (PG_GONE.test(e.message)) return 'database unavailable';
  return undefined;
}

function asFault(err: unknown): unknown {
  const kind = databaseFault(err);
  return kind ? new Fault(kind, err) : err;
}

/** The dialect with the database's faults thrown as Faults (lib/faults.ts): answered 503/507
 * wherever they surface, API or page. */
export function reportingFaults(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => faultMapping(dialect.createDriver()),
  };
}

function faultMapping(driver: Driver): Driver {
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery) {
      try {
        return await connection.executeQuery<R>(query);
      } catch (err) {
        throw asFault(err);
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  // The driver's own calls (begin, commit, rollback) go through the wrapped connection.
  const unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = (c: DatabaseConnection) => unwrapped.get(c) ?? c;
  return {
    init: () => driver.init(),
    async acquireConnection() {
      try {
        const connection = await driver.acquireConnection();
        const wrapped = wrap(connection);
        unwrapped.set(wrapped, connection);
        return wrapped;
      } catch (err) {
        throw asFault(err);
      }
    },
    beginTransaction: (c, settings) => driver.beginTransaction(c, settings),
    commitTransaction: (c) => driver.commitTransaction(c),
    rollbackTransaction: (c) => driver.rollbackTransaction(c),
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    releaseConnection: (c) => driver.releaseConnection(inner(c)),
    destroy: () => driver.destroy(),
  };
}
