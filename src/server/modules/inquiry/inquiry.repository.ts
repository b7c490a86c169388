import type { Executor } from '#server/db/database.ts';

/** Each inquiry's status (those that exist), for the answered-inquiry rule on deletes. */
export function findInquiryStatuses(db: Executor, ids: number[]): Promise<{ id: number; status: number }[]> {
  return db.selectFrom('inquiry').select(['id', 'status']).where('id', 'in', ids).execute();
}
