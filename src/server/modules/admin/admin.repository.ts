import type { AnyQuery } from '#server/db/list-query.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import type { Dialect, Executor } from '#server/db/database.ts';
import { countsBy } from '#server/db/counters.ts';

// The admin module's SQL: the dashboard's counts and the moderators' switches.

export async function countUsersSince(db: Executor, since: string): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('date', '>=', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export interface HiddenCount {
  topcategory: number;
  hidden: number;
  n: number;
}

/** Rows per (topcategory, hidden), from the lists' counters (closed listings included); with
 * `bySection` false (a table that is one section) topcategory answers 0. */
export async function countContent(db: Executor, table: SectionTable, bySection: boolean): Promise<HiddenCount[]> {
  const groups = await countsBy(db, table, bySection ? ['topcategory'] : []);
  return groups.map(({ values, n }) => ({ topcategory: Number(values.topcategory ?? 0), hidden: Number(values.hidden), n }));
}

export async function countWaitingInquiries(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('inquiry')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export type ModeratedTable = SectionTable;

/** What moderation reads of each item: its visibility and the `columns` an action changes or
 * checks (a close's column, a post's section). */
export function findModerated(db: Executor, table: ModeratedTable, ids: number[], columns: readonly string[]) {
  return db
    .selectFrom(table)
    .select(['id', 'hidden', ...columns] as never[])
    .where('id', 'in', ids)
    .execute() as Promise<(Record<string, unknown> & { id: number; hidden: number })[]>;
}

/** Whole rows, for the lists' counts; locked until the change commits when
 * `lockOn` is PostgreSQL (SQLite's write transactions hold the database from their start). */
export function findRows(db: Executor, table: ModeratedTable, ids: number[], lockOn?: Dialect) {
  const q = db.selectFrom(table).selectAll().where('id', 'in', ids);
  return (lockOn === 'postgres' ? q.forUpdate() : q).execute() as Promise<(Record<string, unknown> & { id: number; hidden: number })[]>;
}

export async function setModerated(db: Executor, table: ModeratedTable, ids: number[], values: Record<string, number>): Promise<void> {
  await db
    .updateTable(table)
    .set(values as never)
    .where('id', 'in', ids)
    .execute();
}

/** The newest live comments across the site, for the moderation list; with `start` and `end`
 * (UTC instants), those written at or after `start` and before `end`. */
export async function listRecentComments(
  db: Executor,
  { page, size, start, end }: { page: number; size: number; start?: string; end?: string },
) {
  const live = <Q extends AnyQuery>(q: Q): Q => {
    let query = q.where('deleted', '=', 0);
    if (start) query = query.where('date', '>=', start);
    if (end) query = query.where('date', '<', end);
    return query as Q;
  };
  const [items, total] = await Promise.all([
    live(db.selectFrom('comment').select(['id', 'target', 'board', 'content', 'name', 'date']))
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    live(db.selectFrom('comment').select((eb) => eb.fn.countAll().as('n'))).executeTakeFirst(),
  ]);
  return { items, total: Number(total?.n ?? 0), page, size };
}
