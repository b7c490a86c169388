import type { Db } from './database.ts';

// Some writes need not hold the server's own connection: view counting writes many scattered
// pages, and on SQLite's one connection each flush held up every request behind it. On SQLite such
// a job runs on the second connection, in its own thread (sqlite/worker.ts), while the server goes
// on reading; on PostgreSQL the pool already runs it beside other queries, so it runs in-process.
// Writes made there pass no WriteTracker: they move no cached list or page.

/** A write job: an exported function of a module, so that the worker thread can import it. Its
 * arguments and result cross threads (structured clone). */
export interface BackgroundJob<A extends unknown[], R = void> {
  /** The module's import.meta.url. */
  module: string;
  /** The name it is exported under. */
  name: string;
  run(db: Db, ...args: A): Promise<R>;
}

/** Runs jobs on another connection; resolves, with the job's result, when it has committed. */
export interface BackgroundRunner {
  run(module: string, name: string, args: unknown[]): Promise<unknown>;
  /** False once its thread has ended without being asked to (jobs then run in-process). */
  readonly alive: boolean;
}

/** How many times each job ran, and how many of those failed: read by GET /metrics. */
export class JobRuns {
  readonly byJob = new Map<string, { runs: number; failures: number }>();

  note(name: string, failed: boolean): void {
    let counts = this.byJob.get(name);
    if (!counts) {
      counts = { runs: 0, failures: 0 };
      this.byJob.set(name, counts);
    }
    counts.runs++;
    if (failed) counts.failures++;
  }
}

/** Where jobs run: the connection's runner (SQLite's worker thread), or in-process on `db` when
 * there is none (PostgreSQL) or its thread has ended; and where their runs are counted. */
export interface BackgroundTarget {
  db: Db;
  background: BackgroundRunner | undefined;
  jobRuns: JobRuns;
}

/** Runs `job` with `args` (structured-cloneable) on the background connection, or in-process. */
export async function runInBackground<A extends unknown[], R>(target: BackgroundTarget, job: BackgroundJob<A, R>, ...args: A): Promise<R> {
  const runner = target.background;
  try {
    const result = runner?.alive ? ((await runner.run(job.module, job.name, args)) as R) : await job.run(target.db, ...args);
    target.jobRuns.note(job.name, false);
    return result;
  } catch (err) {
    target.jobRuns.note(job.name, true);
    throw err;
  }
}
