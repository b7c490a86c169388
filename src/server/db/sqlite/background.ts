import { Worker } from 'node:worker_threads';
import type { BackgroundRunner } from '../background.ts';
import type { JobMessage, JobReply } from './messages.ts';
import type { WriteTurns } from './write-turns.ts';

/** How often the log is copied back into the database file (worker.ts): often enough that
 * each copy stays small under a steady stream of writes. */
const CHECKPOINT_MS = 200;

/** Starts the background connection's thread for `file`; its jobs take write turns with the
 * server's connection. */
export function startSqliteWorker(file: string, turns: WriteTurns): { runner: BackgroundRunner; stop(): Promise<void> } {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: { file, intervalMs: CHECKPOINT_MS } });
  // Unreferenced so that it never keeps a process alive, except while a job is under way.
  worker.unref();
  const pending = new Map<number, { resolve(result: unknown): void; reject(err: Error): void }>();
  let nextId = 0;
  let closed = false;
  let stopping = false;
  const settle = (reply: JobReply) => {
    const job = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0 && !closed) worker.unref();
    if (reply.error === undefined) job?.resolve(reply.result);
    else job?.reject(new Error(reply.error));
  };
  worker.on('message', settle);
  const stopped = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      closed = true;
      for (const id of pending.keys()) settle({ id, error: 'the SQLite worker stopped' });
      resolve();
    }),
  );
  return {
    runner: {
      get alive() {
        return !closed || stopping;
      },
      async run(module, name, args) {
        if (closed) throw new Error('the database is closed');
        const end = await turns.take();
        try {
          const id = nextId++;
          const done = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
          worker.ref();
          worker.postMessage({ id, module, name, args } satisfies JobMessage);
          return await done;
        } finally {
          end();
        }
      },
    },
    async stop() {
      // The worker finishes the jobs already sent, then stops; referenced until it has.
      closed = true;
      stopping = true;
      worker.ref();
      worker.postMessage('stop');
      await stopped;
    },
  };
}
