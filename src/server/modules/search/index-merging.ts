import { type BackgroundJob, type BackgroundTarget, runInBackground } from '#server/db/background.ts';
import type { Dialect } from '#server/db/database.ts';
import type { WriteTracker } from '#server/db/write-tracker.ts';
import { leaveMergesToSteps, mergeIndexStep, SECTIONS } from './search.repository.ts';

// SQLite's search index is merged here, off the writers' commits (search.repository.ts says why):
// every second in which the index was written, each section's index is merged in bounded steps
// until nothing is left to merge.
// The steps run on the background connection, in its own thread (db/background.ts), so the
// server's thread does none of that work, and each step is a write turn of its own, so the
// server's writes go in between. PostgreSQL's GIN index needs nothing of the kind.

/** How often the index is looked at: a busy site adds a few segments a second. */
const MERGE_EVERY_MS = 1000;

/** The jobs are search.repository.ts's own functions: the worker thread imports that module. */
const REPOSITORY = new URL('./search.repository.ts', import.meta.url).href;
const leaveMergesJob: BackgroundJob<[]> = { module: REPOSITORY, name: 'leaveMergesToSteps', run: leaveMergesToSteps };
const mergeStepJob: BackgroundJob<[number], boolean> = { module: REPOSITORY, name: 'mergeIndexStep', run: mergeIndexStep };

/** Merges every section's index until there is nothing left to merge, a step at a time. */
export async function mergeSearchIndex(target: BackgroundTarget, stopped: () => boolean = () => false): Promise<void> {
  for (const section of SECTIONS) {
    while (!stopped() && (await runInBackground(target, mergeStepJob, section))) {
      // Until the section's index has no level left to merge.
    }
  }
}

/** Starts merging SQLite's search index in the background (nothing on PostgreSQL); `stop` ends
 * it once the step under way has committed. */
export function startIndexMerging(
  target: BackgroundTarget & { dialect: Dialect; tracker: WriteTracker },
  onError: (err: unknown) => void,
): { stop(): Promise<void> } {
  if (target.dialect !== 'sqlite') return { stop: async () => {} };
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = (work: () => Promise<void>) => {
    running = work()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  run(() => runInBackground(target, leaveMergesJob));
  // Every entry goes in and out of the index with its search_doc row. A round that finds nothing
  // to merge writes nothing, but it is still eight jobs, each a write turn.
  let mergedAt: number | undefined;
  const timer = setInterval(() => {
    const written = target.tracker.version('search_doc');
    if (running || written === mergedAt) return;
    mergedAt = written;
    run(() => mergeSearchIndex(target, () => stopped));
  }, MERGE_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
