import type { Executor } from '#server/db/database.ts';
import { type WriteTracker, writesOfMembers } from '#server/db/write-tracker.ts';
import { cachedByTable } from '#server/db/table-reads.ts';

// Each write names the member whose sessions it changes (write-tracker.ts `writesOfMembers`): who a
// token stands for is kept per member (auth.service.ts resolveActor), and one member's login or
// logout must not make every other member's requests read theirs again.

export async function insertSession(db: Executor, row: { id: string; user: number; date: string }): Promise<void> {
  await writesOfMembers({ sessions: [row.user] }, () => db.insertInto('sessions').values(row).execute());
}

/** The session's user, or undefined once it ended. With a tracker, remembered until the sessions
 * table is written (every request of a session asks). */
export async function findSessionUserId(db: Executor, id: string, tracker?: WriteTracker): Promise<number | undefined> {
  const read = async () => (await db.selectFrom('sessions').select('user').where('id', '=', id).executeTakeFirst())?.user;
  return tracker ? cachedByTable(tracker, 'sessions', `id:${id}`, read) : read();
}

/** A session given a new token starts its seven days again (pruning goes by this date). */
export async function renewSession(db: Executor, user: number, id: string, date: string): Promise<void> {
  await writesOfMembers({ sessions: [user] }, () =>
    db.updateTable('sessions').set({ date }).where('id', '=', id).where('user', '=', user).execute(),
  );
}

/** Ends one of the user's sessions (another user's of that id is left alone). */
export async function deleteSession(db: Executor, user: number, id: string): Promise<void> {
  await writesOfMembers({ sessions: [user] }, () => db.deleteFrom('sessions').where('id', '=', id).where('user', '=', user).execute());
}

/** Ends a user's sessions, but for `keep` when given. */
export async function deleteSessionsOfUser(db: Executor, user: number, keep?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user', '=', user);
  if (keep) q = q.where('id', '<>', keep);
  await writesOfMembers({ sessions: [user] }, () => q.execute());
}

/** Sessions begun before `before` have outlived their tokens (whosever they are: every member's
 * caller is read again). */
export async function deleteSessionsBefore(db: Executor, before: string): Promise<number> {
  const r = await db.deleteFrom('sessions').where('date', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
