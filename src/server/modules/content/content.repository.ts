import type { Db, Dialect, Executor } from '#server/db/database.ts';
import { precompiled } from '#server/db/precompiled.ts';
import { shown } from '#server/db/visibility.ts';
import type { Visibility } from '#shared/reports.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import type { ContentName, HideableTable, Row } from './content.types.ts';

// The SQL of the generic resource: rows by id, insert, update, delete, and a detail page's
// neighbours. Lists, counts and sums share db/list-query.ts with the users' list.

const selectById = {
  board: precompiled((db) => db.selectFrom('board').selectAll().where('id', '=', 0).compile()),
  jobs: precompiled((db) => db.selectFrom('jobs').selectAll().where('id', '=', 0).compile()),
  business: precompiled((db) => db.selectFrom('business').selectAll().where('id', '=', 0).compile()),
  housing: precompiled((db) => db.selectFrom('housing').selectAll().where('id', '=', 0).compile()),
  inquiry: precompiled((db) => db.selectFrom('inquiry').selectAll().where('id', '=', 0).compile()),
  mainschedule: precompiled((db) => db.selectFrom('mainschedule').selectAll().where('id', '=', 0).compile()),
  event: precompiled((db) => db.selectFrom('event').selectAll().where('id', '=', 0).compile()),
} satisfies Record<ContentName, unknown>;

/** Get by id's read: one statement compiled once per database (db/precompiled.ts). */
export async function findContentRowFast(db: Db, table: ContentName, id: number): Promise<Row | undefined> {
  return (await selectById[table](db, [id]))[0] as Row | undefined;
}

/** The same read inside a transaction (a new executor each time, so nothing to precompile). */
export async function findContentRow(db: Executor, table: ContentName, id: number): Promise<Row | undefined> {
  return (await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

/** The row a write is about to change, locked on PostgreSQL until the write commits (SQLite's
 * write transactions hold the database from their start). */
export async function findContentRowLocked(db: Executor, dialect: Dialect, table: ContentName, id: number): Promise<Row | undefined> {
  const q = db.selectFrom(table).selectAll().where('id', '=', id);
  return (await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst()) as Row | undefined;
}

export async function findContentRows(db: Executor, table: ContentName, ids: number[]): Promise<Row[]> {
  return (await db.selectFrom(table).selectAll().where('id', 'in', ids).execute()) as Row[];
}

export async function insertContentRow(db: Executor, table: ContentName, row: Record<string, unknown>): Promise<number> {
  const result = await db
    .insertInto(table)
    .values(row as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return (result as { id: number }).id;
}

export async function updateContentRow(db: Executor, table: ContentName, id: number, values: Record<string, unknown>): Promise<void> {
  await db
    .updateTable(table)
    .set(values as never)
    .where('id', '=', id)
    .execute();
}

/** Sets `hidden` to `to` on those of the items (section items or comments) still at `from`;
 * answers them as they are now. */
export async function moveHiddenRows(db: Executor, table: HideableTable, ids: number[], from: Visibility, to: Visibility): Promise<Row[]> {
  return (await db
    .updateTable(table)
    .set({ hidden: to })
    .where('id', 'in', ids)
    .where('hidden', '=', from)
    .returningAll()
    .execute()) as Row[];
}

/** Answers the rows it removed. */
export async function deleteContentRows(db: Executor, table: ContentName, ids: number[]): Promise<Row[]> {
  return (await db.deleteFrom(table).where('id', 'in', ids).returningAll().execute()) as Row[];
}

/** The previous (older) and next (newer) visible item of the same list as `id`; board posts stay
 * within their topcategory. */
export async function findNeighbours(db: Executor, table: SectionTable, id: number, topcategory?: number) {
  const near = (older: boolean) => {
    let q = db
      .selectFrom(table)
      .select(['id', 'title'])
      .where(shown())
      .where('id', older ? '<' : '>', id)
      .orderBy('id', older ? 'desc' : 'asc')
      .limit(1);
    if (table === 'board' && topcategory !== undefined) q = q.where('topcategory' as never, '=', topcategory as never);
    return q.executeTakeFirst() as Promise<{ id: number; title: string } | undefined>;
  };
  const [prev, next] = await Promise.all([near(true), near(false)]);
  return { prev: prev ?? null, next: next ?? null };
}

/** How many items of one table a member has (of these sections, where the table holds several). */
export async function countAuthorRows(db: Executor, table: ContentName, user: number, topcategories?: readonly number[]): Promise<number> {
  let q = db
    .selectFrom(table as 'board')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user', '=', user);
  if (topcategories) q = q.where('topcategory', 'in', [...topcategories]);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
