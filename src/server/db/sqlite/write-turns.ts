import type { CompiledQuery, DatabaseConnection, Driver } from 'kysely';

// SQLite lets one connection write at a time. The server's connection and the background one
// (sqlite/worker.ts) take turns here, first come first served, so that the server's thread never
// sleeps in SQLite's busy handler, which would stall every request, and a steady stream of
// background jobs cannot starve the server's writes.

export class WriteTurns {
  #last: Promise<void> = Promise.resolve();
  /** Turns asked for and not yet ended. */
  #open = 0;
  /** Turns that found another under way and waited (GET /metrics: the database's busy waits). */
  waits = 0;
  /** Seconds those turns waited, in all. */
  waitSeconds = 0;

  /** Turns waiting for theirs now. */
  get waiting(): number {
    return Math.max(0, this.#open - 1);
  }

  /** Resolves once every earlier turn has ended, with the function that ends this one. */
  take(): Promise<() => void> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = () => {
        this.#open--;
        resolve();
      };
    });
    const before = this.#last;
    this.#last = before.then(() => ended);
    if (this.#open++ === 0) return before.then(() => end);
    const asked = performance.now();
    this.waits++;
    return before.then(() => {
      this.waitSeconds += (performance.now() - asked) / 1000;
      return end;
    });
  }
}

const READ = /^\s*select\b/i;

/** The server's driver, taking a turn before it starts to write: a `begin`, or a statement outside
 * a transaction that is not a select. It holds the turn only while that statement runs: a begun
 * (immediate) transaction holds SQLite's write lock itself, and a background job that comes next
 * waits for that lock in the worker's thread. Reads never wait. */
export function turnTaking(driver: Driver, turns: WriteTurns): Driver {
  // One connection (Kysely's SQLite driver serializes its users), so one flag.
  let inTransaction = false;
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery) {
      const text = query.sql;
      if (inTransaction) {
        if (text === 'commit' || text === 'rollback') inTransaction = false;
        return connection.executeQuery<R>(query);
      }
      if (READ.test(text)) return connection.executeQuery<R>(query);
      const end = await turns.take();
      try {
        const result = await connection.executeQuery<R>(query);
        if (text === 'begin') inTransaction = true;
        return result;
      } finally {
        end();
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  return {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    beginTransaction: (c, settings) => driver.beginTransaction(c, settings),
    commitTransaction: (c) => driver.commitTransaction(c),
    rollbackTransaction: (c) => driver.rollbackTransaction(c),
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    releaseConnection: (c) => driver.releaseConnection(c),
    destroy: () => driver.destroy(),
  };
}
