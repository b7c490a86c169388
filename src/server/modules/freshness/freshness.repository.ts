import { TopCategory } from '#shared/enums.ts';
import { shown } from '#server/db/visibility.ts';
import { countedColumns, moveCounts } from '#server/db/counters.ts';
import type { ListingTable } from '#shared/freshness.ts';
import type { Executor } from '#server/db/database.ts';

// The SQL of listings that expire (market posts, jobs and homes): a bump, the sweep's closing, and the
// 3-day notices' look-up and claim. Every write goes through the tracked connection, so the
// cached lists and pages that show these rows are renewed (db/write-tracker.ts).

export type ListingRow = {
  id: number;
  user: number;
  title: string;
  topcategory?: number;
  limitdate?: string;
  bumpdate: string;
  date: string;
  hidden: number;
  closed: number;
};

export async function findListing(db: Executor, table: ListingTable, id: number): Promise<ListingRow | undefined> {
  const columns = ['id', 'user', 'title', 'bumpdate', 'date', 'hidden', 'closed'] as const;
  if (table === 'board') {
    return db
      .selectFrom('board')
      .select([...columns, 'topcategory'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
  if (table === 'jobs') {
    return db
      .selectFrom('jobs')
      .select([...columns, 'limitdate'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
  return db.selectFrom(table).select(columns).where('id', '=', id).executeTakeFirst();
}

/** Which of these listings are closed. */
export async function findClosed(db: Executor, table: ListingTable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).where('closed', '=', 1).execute();
  return rows.map((r) => r.id);
}

/** A bump: the new bump date and close date, open again. Answers false when the row is no longer
 * as read: another bump got there first (its bump date is no longer `before`), or the sweep or an
 * edit changed its closed state (no longer `wasClosed`). */
export async function saveBump(
  db: Executor,
  table: ListingTable,
  id: number,
  before: string,
  values: { bumpdate: string; expiredate: string; closed: number },
  wasClosed: number,
): Promise<boolean> {
  const after = await db
    .updateTable(table)
    .set(values)
    .where('id', '=', id)
    .where('bumpdate', '=', before)
    // The state read before: the counts move from it (a sweep that closed it meanwhile makes the
    // bump read it again).
    .where('closed', '=', wasClosed)
    .returning(countedColumns(table) as never[])
    .execute();
  await moveCounts(
    db,
    table,
    after.map((r) => ({ ...r, closed: wasClosed })),
    after,
  );
  return after.length === 1;
}

/** Closes the open listings whose close date has come, and moves the lists' counts with them;
 * answers how many. A listing without a close date has '' there, below every date: `> ''` keeps
 * the expiry index's range to the dated ones (`<> ''` read every undated open listing each minute,
 * 10-60 ms of the server's thread at 250k market posts). */
export async function closeDue(db: Executor, table: ListingTable, now: string): Promise<number> {
  let q = db.updateTable(table).set({ closed: 1 }).where('closed', '=', 0).where('expiredate', '>', '').where('expiredate', '<=', now);
  if (table === 'board') q = q.where('topcategory', '=', TopCategory.market);
  const after = await q.returning(countedColumns(table) as never[]).execute();
  await moveCounts(
    db,
    table,
    after.map((r) => ({ ...r, closed: 0 })),
    after,
  );
  return after.length;
}

export interface Closing {
  id: number;
  user: number;
  title: string;
  expiredate: string;
}

/** Open, visible listings that close after `now` and by `by`, whose author has not been told of
 * this close date yet. */
export function findClosingSoon(db: Executor, table: ListingTable, now: string, by: string, limit: number): Promise<Closing[]> {
  let q = db
    .selectFrom(table)
    .select(['id', 'user', 'title', 'expiredate'])
    .where('closed', '=', 0)
    .where('expiredate', '>', now)
    .where('expiredate', '<=', by)
    .where((eb) => eb('expirynotice', '<>', eb.ref('expiredate')))
    .where(shown())
    .orderBy('expiredate')
    .limit(limit);
  if (table === 'board') q = q.where('topcategory', '=', TopCategory.market);
  return q.execute() as Promise<Closing[]>;
}

/** Marks a close date's notice as sent; false when it was already (another sweep, a bump since). */
export async function claimNotice(db: Executor, table: ListingTable, id: number, expiredate: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ expirynotice: expiredate })
    .where('id', '=', id)
    .where('expiredate', '=', expiredate)
    .where('expirynotice', '<>', expiredate)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
