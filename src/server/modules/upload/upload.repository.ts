import type { Insertable, Selectable } from 'kysely';
import type { Executor, UploadTable } from '#server/db/database.ts';

export type UploadRow = Selectable<UploadTable>;

export async function insertUpload(db: Executor, row: Insertable<UploadTable>): Promise<number> {
  const result = await db.insertInto('upload').values(row).returning('id').executeTakeFirstOrThrow();
  return result.id;
}

export function findUploadById(db: Executor, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();
}
