import { type Insertable, sql } from 'kysely';
import type { ReportTarget } from '#shared/reports.ts';
import type { CommentTarget } from '#shared/schemas/content.ts';
import type { Executor, ReportsTable } from '#server/db/database.ts';
import { itemsOfMember } from '#server/db/member-items.ts';
import { writesOfMembers } from '#server/db/write-tracker.ts';

// The reports module's SQL: one row per member and item, the items they point at, and the
// admin's list grouped by item.

/** What a report needs of its item: whose it is, whether it is hidden, what to call it, and, for
 * a comment, its post (whose page shows it). */
export interface ReportedItem {
  id: number;
  user: number;
  hidden: number;
  title: string;
  /** A comment's item (in `thread`'s table); a post its own id. */
  board: number;
  /** A comment's item's table. */
  thread?: CommentTarget;
  topcategory: number;
  deleted: number;
}

export async function findReportedItems(db: Executor, target: ReportTarget, ids: number[]): Promise<ReportedItem[]> {
  if (!ids.length) return [];
  if (target === 'comment') {
    // Its item's section and visibility are the comment module's to add (report.service.ts).
    const rows = await db
      .selectFrom('comment')
      .select(['id', 'user', 'hidden', 'content as title', 'board', 'target as thread', 'deleted'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => ({ ...r, topcategory: 0 }));
  }
  if (target === 'board') {
    const rows = await db.selectFrom('board').select(['id', 'user', 'hidden', 'title', 'topcategory']).where('id', 'in', ids).execute();
    return rows.map((r) => ({ ...r, board: r.id, deleted: 0 }));
  }
  if (target === 'review') {
    // A business's review: read on its business's page (`board`).
    const rows = await db
      .selectFrom('business_reviews')
      .select(['id', 'user', 'hidden', 'content as title', 'business as board'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => ({ ...r, topcategory: 0, deleted: 0 }));
  }
  if (target === 'conversation') {
    // Nothing hides a conversation: its two members alone see it.
    const rows = await db.selectFrom('conversations').select(['id', 'user1 as user']).where('id', 'in', ids).execute();
    return rows.map((r) => ({ ...r, hidden: 0, title: '', board: 0, topcategory: 0, deleted: 0 }));
  }
  const rows = await db.selectFrom(target).select(['id', 'user', 'hidden', 'title']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ ...r, board: 0, topcategory: 0, deleted: 0 }));
}

/** Adds the report unless this member already reported the item; true when this call added it. */
export async function insertReport(db: Executor, row: Insertable<ReportsTable>): Promise<boolean> {
  // What a member reported is on their pages alone (write-tracker.ts `writesOfMembers`).
  const r = await writesOfMembers({ reports: [row.user] }, () =>
    db
      .insertInto('reports')
      .values(row)
      .onConflict((oc) => oc.columns(['target', 'item', 'user']).doNothing())
      .returning('id')
      .executeTakeFirst(),
  );
  return r !== undefined;
}

/** How many members reported the item (one row each). */
export async function countReportsOf(db: Executor, target: ReportTarget, item: number): Promise<number> {
  const r = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('target', '=', target)
    .where('item', '=', item)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** How many people reported the item: its reporters' distinct mailboxes (lib/mailbox.ts), so
 * accounts made from one inbox count once. */
export async function countReportersOf(db: Executor, target: ReportTarget, item: number): Promise<number> {
  const r = await db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.user')
    .select((eb) => eb.fn.count('users.mailbox').distinct().as('n'))
    .where('reports.target', '=', target)
    .where('reports.item', '=', item)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Whether an admin restored the item after reports held it. */
export async function isKept(db: Executor, target: ReportTarget, item: number): Promise<boolean> {
  return (
    (await db.selectFrom('report_kept').select('item').where('target', '=', target).where('item', '=', item).executeTakeFirst()) !==
    undefined
  );
}

export async function markKept(db: Executor, row: { target: ReportTarget; item: number; actor: number; date: string }): Promise<void> {
  await db
    .insertInto('report_kept')
    .values(row)
    .onConflict((oc) => oc.columns(['target', 'item']).doNothing())
    .execute();
}

export async function deleteReportsOf(db: Executor, target: ReportTarget, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('reports').where('target', '=', target).where('item', 'in', ids).execute();
}

/** Which of these items the member reported. */
export function reportedByUser(db: Executor, user: number, target: ReportTarget, ids: number[]): Promise<number[]> {
  return itemsOfMember(db, 'reports', user, target, ids);
}

/** One page of reported items, most reported first, then the most recently reported. */
export async function listReportedItems(db: Executor, page: number, size: number) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('reports')
      .select((eb) => ['target', 'item', eb.fn.countAll().as('n'), eb.fn.max('date').as('last')])
      .groupBy(['target', 'item'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`max(date)`, 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    sql<{ n: number }>`select count(*) as n from (select 1 from reports group by target, item) as t`.execute(db),
  ]);
  return {
    items: items.map((r) => ({ target: r.target as ReportTarget, item: r.item, reports: Number(r.n), last: String(r.last) })),
    total: Number(total.rows[0]?.n ?? 0),
  };
}

/** Every report of these items, oldest first, for the admin's list. */
export function reportsOfItems(db: Executor, target: ReportTarget, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('reports')
    .select(['item', 'reason', 'detail', 'date'])
    .where('target', '=', target)
    .where('item', 'in', ids)
    .orderBy('id')
    .execute();
}
