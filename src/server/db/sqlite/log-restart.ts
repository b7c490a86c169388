import type { DatabaseSync } from 'node:sqlite';

// Once the whole write-ahead log has been copied back into the database file, the next write
// starts the log over from its beginning, and with synchronous = NORMAL the connection that does
// so waits for the log's new header to reach the disk (an fsync). Left to the server's own
// writes, that was a write on the server's thread about every other checkpoint: 0.3-2 ms each,
// 15-75 ms when the disk was busy, while every request waited. So the background connection
// starts the log over itself (worker.ts), right after the checkpoint that copied it all back.
// Like every write of the background connection's, the new log makes the server's connection
// read its pages afresh from the file (SQLite drops a connection's page cache when another one
// has committed): a few microseconds a page, against the fsync it no longer waits for.

/** What SQLite's `wal_checkpoint` pragma answers. */
export interface Checkpoint {
  busy: number;
  /** Pages in the log, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

/** The log is wholly in the database file, so the next write starts it over. */
export function logToRestart(c: Checkpoint): boolean {
  return c.busy === 0 && c.log > 0 && c.checkpointed === c.log;
}

/** Starts the log over with a one-page write (the header's user version set to what it is), if
 * the write lock is free at once. It holds the lock for that page and its fsync; a write of the
 * server's that comes just then waits that long in SQLite's busy handler, which the write turns
 * (write-turns.ts) otherwise spare its thread: rarer and shorter than the server's own fsyncs
 * were. When the server is writing, it starts the log over itself, as before. */
export function restartLog(raw: DatabaseSync, busyTimeoutMs: number): void {
  const version = (raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  raw.exec('PRAGMA busy_timeout = 0');
  try {
    raw.exec('BEGIN IMMEDIATE');
  } catch {
    raw.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    return;
  }
  try {
    raw.exec(`PRAGMA user_version = ${version}`);
    raw.exec('COMMIT');
  } catch (err) {
    if (raw.isTransaction) raw.exec('ROLLBACK');
    throw err;
  } finally {
    raw.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  }
}
