import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Database, Executor, MailsTable } from '#server/db/database.ts';

export type MailRow = Selectable<MailsTable>;

export async function insertMail(db: Executor, row: Insertable<MailsTable>): Promise<MailRow> {
  return db.insertInto('mails').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Whether any mail is due (read first, so an idle queue costs no write: writes end cached pages). */
export async function hasDueMail(db: Executor, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('mails')
    .select('id')
    .where('nextdate', '<=', now)
    .where('leasedate', '<=', now)
    .where('expiredate', '>', now)
    .where('faildate', '=', '')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the next due mail for `lease` until `until`, or nothing. One statement: the outer
 * condition is checked again on the row it writes, so of two servers racing for the same row
 * (PostgreSQL re-reads it after the first one's commit; SQLite runs one writer at a time) only
 * one gets it. */
export async function claimDueMail(db: Executor, now: string, lease: string, until: string): Promise<MailRow | undefined> {
  const due = db
    .selectFrom('mails')
    .select('id')
    .where('nextdate', '<=', now)
    .where('leasedate', '<=', now)
    .where('expiredate', '>', now)
    .where('faildate', '=', '')
    .orderBy('nextdate')
    .limit(1);
  return db
    .updateTable('mails')
    .set({ lease, leasedate: until })
    .where('id', '=', due)
    .where('leasedate', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/** Drops a mail this lease still holds (sent, or given up). */
export async function deleteLeasedMail(db: Executor, id: number, lease: string): Promise<void> {
  await db.deleteFrom('mails').where('id', '=', id).where('lease', '=', lease).execute();
}

/** Hands a failed mail back to the queue, to be tried again from `nextdate`. */
export async function releaseMail(
  db: Executor,
  id: number,
  lease: string,
  failure: { attempts: number; nextdate: string; lasterror: string },
  free: string,
): Promise<void> {
  await db
    .updateTable('mails')
    .set({ ...failure, lease: '', leasedate: free })
    .where('id', '=', id)
    .where('lease', '=', lease)
    .execute();
}

/** Marks a mail this lease holds as given up: kept for the operator without its body. */
export async function failLeasedMail(
  db: Executor,
  id: number,
  lease: string,
  failure: { attempts: number; lasterror: string; faildate: string },
): Promise<void> {
  await db
    .updateTable('mails')
    .set({ ...failure, text: '', html: '', lease: '' })
    .where('id', '=', id)
    .where('lease', '=', lease)
    .execute();
}

/** Mail waiting to go, past its use or older than `before` (the bodies hold codes), and mail
 * given up before `failedBefore`. Looked for before it is deleted, for the same reason as
 * hasDueMail. */
export async function deleteStaleMails(db: Executor, now: string, before: string, failedBefore: string): Promise<void> {
  const stale = (eb: ExpressionBuilder<Database, 'mails'>) =>
    eb.or([
      eb.and([eb('faildate', '=', ''), eb.or([eb('expiredate', '<=', now), eb('date', '<', before)])]),
      eb.and([eb('faildate', '<>', ''), eb('faildate', '<', failedBefore)]),
    ]);
  const found = await db.selectFrom('mails').select('id').where(stale).limit(1).executeTakeFirst();
  if (!found) return;
  await db.deleteFrom('mails').where(stale).execute();
}

/** Mail waiting to go, and mail given up. */
export async function countMails(db: Executor): Promise<{ waiting: number; failed: number }> {
  const row = await db
    .selectFrom('mails')
    .select([
      sql<number>`coalesce(sum(case when faildate = '' then 1 else 0 end), 0)`.as('waiting'),
      sql<number>`coalesce(sum(case when faildate = '' then 0 else 1 end), 0)`.as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), failed: Number(row.failed) };
}

/** The latest mails given up, newest first. */
export async function listFailedMails(db: Executor, limit: number) {
  return db
    .selectFrom('mails')
    .select(['id', 'recipient', 'subject', 'lasterror', 'attempts', 'faildate'])
    .where('faildate', '<>', '')
    .orderBy('faildate', 'desc')
    .limit(limit)
    .execute();
}
