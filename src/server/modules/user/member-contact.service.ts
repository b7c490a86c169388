import { UserUse } from '#shared/enums.ts';
import type { Executor } from '#server/db/database.ts';
import { findUserById } from './user.repository.ts';

// What other modules read of a member to write to them or about them: the name they write under
// and where mail reaches them. Apart from user.service.ts, which removes accounts and tells the
// modules that keep a member's rows (notifications, alerts) to forget them: those modules read
// members here, so the telling runs one way only.

/** The name shown on what a user writes: their nickname at the time of writing. */
export async function authorName(db: Executor, id: number): Promise<string> {
  const row = await findUserById(db, id);
  return row?.nickname ?? '';
}

/** Where to write to a user about their content (inquiry answers). */
export async function findUserEmail(db: Executor, id: number): Promise<string | undefined> {
  const row = await findUserById(db, id);
  return row && row.use === UserUse.use ? row.email || row.loginid : undefined;
}
