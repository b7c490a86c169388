import type { Db } from './database.ts';

// Periodic work that must run once across app servers (the hourly cleanup): every server keeps
// its own timer, and each tick asks the database whether the task is due. The update that moves
// the due date forward is the claim: of several servers ticking at once, exactly one sees its
// update change the row, and runs the task. A server that stops mid-task loses nothing a later
// run would not redo: the tasks here are deletions of what has expired.

/** True when this server claimed the task's run now; the next one is due `everyMs` later. One
 * statement: the first claim ever inserts the row, a later one moves a due date that has come. */
export async function claimRun(db: Db, name: string, everyMs: number, now = new Date()): Promise<boolean> {
  const next = new Date(now.getTime() + everyMs).toISOString();
  const claimed = await db
    .insertInto('schedules')
    .values({ name, nextdate: next })
    .onConflict((oc) => oc.column('name').doUpdateSet({ nextdate: next }).where('schedules.nextdate', '<=', now.toISOString()))
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Runs `task` every `everyMs` on whichever server claims it first; failures are the caller's to log. */
export function everyOnce(db: Db, name: string, everyMs: number, task: () => Promise<void>, onError: (err: unknown) => void) {
  let running = false;
  const tick = async () => {
    // A run longer than the period is not overlapped by this server's next one.
    if (running) return;
    running = true;
    try {
      if (await claimRun(db, name, everyMs)) await task();
    } finally {
      running = false;
    }
  };
  // A tick well inside the period, so that the run is never a whole period late; the claim keeps
  // it to one run a period.
  const timer = setInterval(() => void tick().catch(onError), Math.min(everyMs, 60_000) / 2);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
