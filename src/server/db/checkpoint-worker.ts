import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

// Copies the SQLite write-ahead log back into the database file now and then, on a connection of
// its own in this thread: done inside a commit on the server's one connection, this copy (megabytes
// of scattered page writes) held up every request behind it. PASSIVE: it never waits for, or
// blocks, the server's readers and writers.

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new DatabaseSync(file, { timeout: 1000 });
const timer = setInterval(() => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy now: the next round copies what this one could not.
  }
}, intervalMs);
parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
