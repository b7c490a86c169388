import type { Insertable, Selectable } from 'kysely';
import type { Executor, MailsTable } from '#server/db/database.ts';

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
  attempts: number,
  nextdate: string,
  free: string,
): Promise<void> {
  await db
    .updateTable('mails')
    .set({ attempts, nextdate, lease: '', leasedate: free })
    .where('id', '=', id)
    .where('lease', '=', lease)
    .execute();
}

/** Mail past its use, or older than `before`, sent or not: the bodies hold codes. Looked for
 * before it is deleted, for the same reason as hasDueMail. */
export async function deleteStaleMails(db: Executor, now: string, before: string): Promise<void> {
  const stale = await db
    .selectFrom('mails')
    .select('id')
    .where((eb) => eb.or([eb('expiredate', '<=', now), eb('date', '<', before)]))
    .limit(1)
    .executeTakeFirst();
  if (!stale) return;
  await db
    .deleteFrom('mails')
    .where((eb) => eb.or([eb('expiredate', '<=', now), eb('date', '<', before)]))
    .execute();
}
