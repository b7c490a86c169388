import { sql, type Insertable } from 'kysely';
import type { Db, Executor, NotificationsTable } from '#server/db/database.ts';
import { writesOfMembers } from '#server/db/write-tracker.ts';

// Each write names the members whose notifications it changes (write-tracker.ts `writesOfMembers`):
// a member's bell is kept per member, and one member's notice must not make everyone's read again.

export type NewNotification = Insertable<NotificationsTable>;

/** Rows per statement: 11 columns each, well under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 1000;

/** Inserts the notifications that are not there yet (one statement for a comment's one or two;
 * a keyword told to thousands goes in parts); answers those it added (an event already told is
 * skipped by the unique key, also under concurrent writes). */
export async function insertNotifications(db: Executor, rows: NewNotification[]) {
  const added = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const part = rows.slice(i, i + ROWS_PER_INSERT);
    added.push(
      ...(await writesOfMembers({ notifications: [...new Set(part.map((r) => r.user))] }, () =>
        db
          .insertInto('notifications')
          .values(part)
          .onConflict((oc) => oc.columns(['user', 'kind', 'target', 'item']).doNothing())
          .returning(['id', 'user', 'kind', 'target', 'item', 'actor', 'title', 'link', 'keyword'])
          .execute(),
      )),
    );
  }
  return added;
}

/** One page of a member's notifications, newest first, with the actor's nickname now. */
export function listNotificationsOf(db: Executor, user: number, page: number, size: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as u', 'u.id', 'n.actor')
    .select(['n.id', 'n.kind', 'n.keyword', 'n.title', 'n.link', 'n.readdate', 'n.date', 'u.nickname'])
    .where('n.user', '=', user)
    .orderBy('n.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

export async function countNotificationsOf(db: Executor, user: number, unreadOnly: boolean): Promise<number> {
  let q = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user', '=', user);
  if (unreadOnly) q = q.where('readdate', '=', '');
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

export function findNotificationOf(db: Executor, user: number, id: number) {
  return db.selectFrom('notifications').select(['id', 'link', 'readdate']).where('user', '=', user).where('id', '=', id).executeTakeFirst();
}

/** Marks a member's unread notifications read: these ids (others' ids match nothing), or all. */
export async function markNotificationsRead(db: Executor, user: number, ids: number[] | 'all', date: string): Promise<number> {
  let q = db.updateTable('notifications').set({ readdate: date }).where('user', '=', user).where('readdate', '=', '');
  if (ids !== 'all') q = q.where('id', 'in', ids);
  return Number((await writesOfMembers({ notifications: [user] }, () => q.executeTakeFirst())).numUpdatedRows);
}

/** Deletes up to `limit` read notifications made before `cutoff`; answers how many it deleted. */
export async function deleteReadBefore(db: Db, cutoff: string, limit: number): Promise<number> {
  const result = await sql`delete from notifications where id in
    (select id from notifications where date < ${cutoff} and readdate <> '' limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export function mailSettingsOf(db: Executor, users: number[]) {
  if (!users.length) return Promise.resolve([]);
  return db.selectFrom('notification_settings').select(['user', 'kind', 'mail']).where('user', 'in', users).execute();
}

/** Stores a member's choice for each kind (one row per kind, replaced). */
export async function saveMailSettings(db: Executor, user: number, rows: { kind: string; mail: number }[]): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values(rows.map((r) => ({ user, ...r })))
    .onConflict((oc) => oc.columns(['user', 'kind']).doUpdateSet((eb) => ({ mail: eb.ref('excluded.mail') })))
    .execute();
}

/** A removed member's notifications and mail settings go with them (the notifications others got
 * about their actions stay: they name the actor by a join, which then finds no one). */
export async function deleteNotificationsOfUsers(db: Executor, users: number[]): Promise<void> {
  await writesOfMembers({ notifications: users }, () => db.deleteFrom('notifications').where('user', 'in', users).execute());
  await db.deleteFrom('notification_settings').where('user', 'in', users).execute();
}

/** Deletes the notices of one kind about one item: a notice that is told again each period (a
 * listing's close) replaces the last one, which the unique key would otherwise keep. */
export async function deleteNoticesOfItems(db: Executor, kinds: readonly string[], target: string, items: number[]): Promise<void> {
  if (!items.length) return;
  await db.deleteFrom('notifications').where('kind', 'in', kinds).where('target', '=', target).where('item', 'in', items).execute();
}

export async function deleteNoticesAbout(db: Executor, kind: string, target: string, item: number): Promise<void> {
  await db.deleteFrom('notifications').where('kind', '=', kind).where('target', '=', target).where('item', '=', item).execute();
}
