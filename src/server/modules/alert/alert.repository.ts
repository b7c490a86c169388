import type { Insertable } from 'kysely';
import type { AlertsTable, Executor } from '#server/db/database.ts';
import type { SectionTable } from '#shared/schemas/content.ts';

export function listAlertsOf(db: Executor, user: number) {
  return db.selectFrom('alerts').select(['id', 'keyword', 'section', 'mail', 'date']).where('user', '=', user).orderBy('id').execute();
}

export async function countAlertsOf(db: Executor, user: number): Promise<number> {
  const r = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user', '=', user)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Adds the keyword unless the member follows it already there; answers the new id. */
export async function insertAlert(db: Executor, row: Insertable<AlertsTable>): Promise<number | undefined> {
  const r = await db
    .insertInto('alerts')
    .values(row)
    .onConflict((oc) => oc.columns(['user', 'keyword', 'section']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

export async function deleteAlertOf(db: Executor, user: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('alerts').where('user', '=', user).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A removed member's keywords and waiting digest go with them; `alert_words` keeps the keyword
 * (it is shared, and a word nobody follows matches no follower). */
export async function deleteAlertsOfUsers(db: Executor, users: number[]): Promise<void> {
  await db.deleteFrom('alerts').where('user', 'in', users).execute();
  await db.deleteFrom('alert_digest').where('user', 'in', users).execute();
}

const KEYS_PER_QUERY = 500;

/** The keywords anyone follows whose key is one of these tokens. */
export async function keywordsByKeys(db: Executor, keys: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
    const rows = await db
      .selectFrom('alert_words')
      .select('keyword')
      .where('key', 'in', keys.slice(i, i + KEYS_PER_QUERY))
      .execute();
    for (const r of rows) out.push(r.keyword);
  }
  return out;
}

/** Keeps the keyword in the list of those followed. A keyword nobody follows any more stays: it
 * matches no one, and removing it could race with a member adding it again. */
export async function addWord(db: Executor, keyword: string, key: string): Promise<void> {
  await db
    .insertInto('alert_words')
    .values({ keyword, key })
    .onConflict((oc) => oc.column('keyword').doNothing())
    .execute();
}

/** Who follows these keywords, where and with which mail. */
export async function followersOf(db: Executor, keywords: string[]) {
  const out = [];
  for (let i = 0; i < keywords.length; i += KEYS_PER_QUERY) {
    out.push(
      ...(await db
        .selectFrom('alerts')
        .select(['user', 'keyword', 'section', 'mail'])
        .where('keyword', 'in', keywords.slice(i, i + KEYS_PER_QUERY))
        .execute()),
    );
  }
  return out;
}

export async function readCursor(db: Executor, target: string): Promise<number | undefined> {
  return (await db.selectFrom('alert_cursor').select('last').where('target', '=', target).executeTakeFirst())?.last;
}

/** Moves a table's cursor forward (never back, when two servers match at once). */
export async function moveCursor(db: Executor, target: string, last: number): Promise<void> {
  await db
    .insertInto('alert_cursor')
    .values({ target, last })
    .onConflict((oc) => oc.column('target').doUpdateSet({ last }).where('alert_cursor.last', '<', last))
    .execute();
}

export async function maxId(db: Executor, table: SectionTable): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

export async function insertDigestRows(db: Executor, rows: { user: number; notification: number; date: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('alert_digest')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export async function usersWithDigest(db: Executor): Promise<number[]> {
  return (await db.selectFrom('alert_digest').select('user').distinct().execute()).map((r) => r.user);
}

/** Takes a member's waiting keyword notices (deleting them, so no other server mails them too),
 * with what the mail lists. */
export async function takeDigest(db: Executor, user: number) {
  const taken = await db.deleteFrom('alert_digest').where('user', '=', user).returning('notification').execute();
  if (!taken.length) return [];
  return db
    .selectFrom('notifications')
    .select(['id', 'title', 'link', 'date'])
    .where(
      'id',
      'in',
      taken.map((t) => t.notification),
    )
    .orderBy('id')
    .execute();
}

/** New items of a table after `after`, oldest first, with what matching reads. */
export function newItems(db: Executor, table: SectionTable, after: number, limit: number) {
  const q = db.selectFrom(table).where('id', '>', after).orderBy('id').limit(limit);
  if (table === 'board') {
    return q.select(['id', 'user', 'hidden', 'title', 'content', 'etitle', 'econtent', 'topcategory']).execute();
  }
  // The other tables are one section each; their resources' searchText read what they need.
  return q.selectAll().execute() as Promise<{ id: number; user: number; hidden: number; title: string }[]>;
}
