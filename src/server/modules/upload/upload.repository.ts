import type { Insertable, Selectable } from 'kysely';
import type { Executor, UploadTable } from '#server/db/database.ts';

export type UploadRow = Selectable<UploadTable>;

export async function insertUpload(db: Executor, row: Insertable<UploadTable>): Promise<number> {
  const result = await db.insertInto('upload').values(row).returning('id').executeTakeFirstOrThrow();
  return result.id;
}

/** What a member has uploaded in all, in bytes (the stored images; thumbnails are the site's). */
export async function uploadedBytes(db: Executor, user: number): Promise<number> {
  const row = await db
    .selectFrom('upload')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('user', '=', user)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** The uploads stored under these public paths (path is unique), in no particular order. */
export function findUploadsByPaths(db: Executor, paths: string[]): Promise<UploadRow[]> {
  if (paths.length === 0) return Promise.resolve([]);
  return db.selectFrom('upload').selectAll().where('path', 'in', paths).execute();
}
