import { type Insertable, type Updateable, sql } from 'kysely';
import type { Executor, VerificationRow, VerificationsTable } from '#server/db/database.ts';

/** A code by the id the API names it by (its random public id). */
export function findVerificationByPublicId(db: Executor, publicid: string): Promise<VerificationRow | undefined> {
  return db.selectFrom('verifications').selectAll().where('publicid', '=', publicid).executeTakeFirst();
}

export function findLatestVerification(db: Executor, email: string, purpose: string): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('verifications')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('senddate', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertVerification(db: Executor, row: Insertable<VerificationsTable>): Promise<void> {
  await db.insertInto('verifications').values(row).execute();
}

/** Counts a wrong try in the database itself, so parallel guesses cannot share one count. */
export async function addVerificationAttempt(db: Executor, id: number): Promise<void> {
  await db.updateTable('verifications').set({ attempts: sql`attempts + 1` }).where('id', '=', id).execute();
}

export async function updateVerification(db: Executor, id: number, changes: Updateable<VerificationsTable>): Promise<void> {
  await db.updateTable('verifications').set(changes).where('id', '=', id).execute();
}

/** Marks a confirmed code used; false when another request used it first. */
export async function markVerificationUsed(db: Executor, id: number, when: string, empty: string): Promise<boolean> {
  const result = await db
    .updateTable('verifications')
    .set({ usedate: when })
    .where('id', '=', id)
    .where('usedate', '=', empty)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the unused codes of an address and purpose (a newer one replaces them). */
export async function endVerifications(db: Executor, email: string, purpose: string, when: string, empty: string): Promise<void> {
  await db
    .updateTable('verifications')
    .set({ usedate: when })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('usedate', '=', empty)
    .execute();
}

export async function deleteVerificationsBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('verifications').where('senddate', '<', before).execute();
}
