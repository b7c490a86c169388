import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import { sqliteDialect } from './dialect.ts';
import { type Checkpoint, logToRestart, restartLog } from './log-restart.ts';
import type { JobMessage, JobReply } from './messages.ts';

// The server's second SQLite connection, in a thread of its own (WAL lets it write while the
// server's connection reads):
// - it copies the write-ahead log back into the database file now and then. Done inside a commit
//   on the server's connection, this copy (megabytes of scattered page writes) held up every
//   request behind it. PASSIVE: it never waits for, or blocks, the server's readers and writers.
// - it runs background write jobs (db/background.ts) and answers when each has committed.
// - when a checkpoint has copied the whole log back, it starts the log over in the server's stead
//   (log-restart.ts).
// One thing at a time: a checkpoint never lands inside a job's transaction.

/** A job comes after the server's writes that took their turn before it (write-turns.ts); it
 * waits here, in this thread, for one of them that is a long transaction (a search rebuild). */
const BUSY_TIMEOUT_MS = 60_000;

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const raw = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
const db = new Kysely<Database>({ dialect: sqliteDialect(raw) });

let queue: Promise<unknown> = Promise.resolve();
function serially(task: () => unknown): Promise<unknown> {
  queue = queue.then(task, task);
  return queue;
}

const checkpoint = raw.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const dataVersion = raw.prepare('PRAGMA data_version');
/** The database's data version (it moves with every commit of the server's connection, not with
 * this one's) when the log was last wholly copied back. Until the server writes again there is
 * nothing to copy; and the one page that started the log over (log-restart.ts) stays in it, so
 * that the server's next write appends to a log already begun. */
let copiedAt: unknown;
const timer = setInterval(
  () =>
    void serially(() => {
      try {
        const version = (dataVersion.get() as { data_version: number }).data_version;
        if (version === copiedAt) return;
        const copied = checkpoint.get() as unknown as Checkpoint;
        if (!logToRestart(copied)) return;
        copiedAt = version;
        restartLog(raw, BUSY_TIMEOUT_MS);
      } catch {
        // Busy now: the next round copies what this one could not.
      }
    }),
  intervalMs,
);

async function runJob({ id, module, name, args }: JobMessage): Promise<void> {
  let reply: JobReply;
  try {
    const job = (await import(module))[name];
    if (typeof job !== 'function') throw new Error(`no job ${name} in ${module}`);
    reply = { id, result: await job(db, ...args) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  // What the job wrote is to be copied back too: this connection's own commits leave the data
  // version where it was.
  copiedAt = undefined;
  parentPort?.postMessage(reply);
}

parentPort?.on('message', (message: JobMessage | 'stop') => {
  if (message !== 'stop') {
    void serially(() => runJob(message));
    return;
  }
  clearInterval(timer);
  // After the jobs already queued.
  void serially(async () => {
    await db.destroy();
    parentPort?.close();
  });
});
