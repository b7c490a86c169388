import type { Insertable, Updateable } from 'kysely';
import type { Executor, UsersTable, UserRow } from '#server/db/database.ts';
import { type WriteTracker, writesOfMembers } from '#server/db/write-tracker.ts';
import { cachedByTable } from '#server/db/table-reads.ts';
import type { ListSpec } from '#server/db/list-query.ts';

/** The columns a client ever sees: never passwd, never the folded nickname. */
export const USER_PUBLIC_COLUMNS = [
  'id',
  'loginid',
  'name',
  'nickname',
  'email',
  'tel',
  'hp',
  'level',
  'status',
  'use',
  'remark',
  'logindate',
  'lastchangepasswddate',
  'date',
] as const;
export type PublicUser = Pick<UserRow, (typeof USER_PUBLIC_COLUMNS)[number]>;

/** What the admins' list shows besides: a suspension's end and reason (a past end is over). */
export const USER_ADMIN_COLUMNS = [...USER_PUBLIC_COLUMNS, 'suspenduntil', 'suspendreason'] as const;
export type AdminUserRow = Pick<UserRow, (typeof USER_ADMIN_COLUMNS)[number]>;

export const USER_LIST_SPEC = {
  table: 'users',
  filters: ['level', 'status', 'use'],
  keyword: ['loginid', 'name', 'nickname'],
  sorts: ['id', 'date', 'logindate', 'name', 'nickname', 'level'],
  defaultSort: '-id',
  sums: ['level', 'status', 'use'],
  dateRange: 'date',
} as const satisfies ListSpec<'users'>;

/** PRODUCT.md: nicknames are unique regardless of case and width (ＡＢＣ = abc). */
export function nicknameKey(nickname: string): string {
  return nickname.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** With a tracker, remembered until the users table is written: every request of a session reads
 * its user (the level and the account's state are checked each time), most twice. Each caller
 * gets its own copy. */
export async function findUserById(db: Executor, id: number, tracker?: WriteTracker): Promise<UserRow | undefined> {
  const read = () => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const row = tracker ? await cachedByTable(tracker, 'users', `id:${id}`, read) : await read();
  return row && { ...row };
}

/** Whether an account's address delivers to this mailbox (lib/mailbox.ts). */
export async function isMailboxTaken(db: Executor, mailbox: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('mailbox', '=', mailbox).limit(1).executeTakeFirst()) !== undefined;
}

export function findUserByLoginid(db: Executor, loginid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('loginid', '=', loginid).executeTakeFirst();
}

export async function isNicknameTaken(db: Executor, nickname: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('nicknamekey', '=', nicknameKey(nickname))
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Executor, row: Insertable<UsersTable>): Promise<number> {
  const result = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return result.id;
}

// A member's row is read per member (who a token stands for, their name and level in their
// pages' header): a change of it names that member (write-tracker.ts `writesOfMembers`), so the
// others' stay kept. What others' pages show of them (an author's name) is in the shared pages,
// which follow the users table as before.
export async function updateUser(db: Executor, id: number, changes: Updateable<UsersTable>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await writesOfMembers({ users: [id] }, () => db.updateTable('users').set(changes).where('id', '=', id).execute());
}

export async function deleteUsers(db: Executor, ids: number[]): Promise<number> {
  const result = await writesOfMembers({ users: ids }, () => db.deleteFrom('users').where('id', 'in', ids).executeTakeFirst());
  return Number(result.numDeletedRows);
}

export async function countUsersAtLevel(db: Executor, minLevel: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('level', '>=', minLevel)
    .where('use', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findUsersByIds(db: Executor, ids: number[]): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

/** Which of these ids still have an account. */
export async function existingUserIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
