import type { Dialect } from '#server/db/database.ts';

// Pages drawn anew take turns. A draw is a few milliseconds of the server's thread (React's
// render, the loaders' SQLite reads, the stored gzip), split over a handful of event-loop turns.
// Several started at once shared the thread: each of their turns ran back to back before the
// loop read the sockets again, so a stored page asked for meanwhile (a tenth of a millisecond)
// waited for all of them, and every one of them finished as late as the last. Drawn one after
// another, each page is done as soon as its own work is, and the loop reads new requests (and
// answers stored pages) between one draw and the next.
//
// On SQLite a draw never waits for anything but the thread, so one at a time loses nothing. On
// PostgreSQL a draw spends part of its time waiting for the database's answers, which another
// draw can use: there they are not held back.

export interface RenderTurns {
  /** Runs `draw` once the draws before it have ended, in an event-loop turn of its own. */
  run<T>(draw: () => Promise<T>): Promise<T>;
}

export function renderTurns(dialect: Dialect): RenderTurns {
  if (dialect !== 'sqlite') return { run: (draw) => draw() };
  let last: Promise<void> = Promise.resolve();
  return {
    async run(draw) {
      const before = last;
      let end!: () => void;
      last = new Promise((resolve) => {
        end = resolve;
      });
      await before;
      // The requests that arrived during the last draw are read (and stored pages answered)
      // before this one starts.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        return await draw();
      } finally {
        end();
      }
    },
  };
}
