import type { Selectable } from 'kysely';
import type { Executor, ScamPhraseTable } from '#server/db/database.ts';

// The phrases admins added to the scam cautions (migration 0031).

export type ScamPhraseRow = Selectable<ScamPhraseTable>;

export function listPhraseRows(db: Executor): Promise<ScamPhraseRow[]> {
  return db.selectFrom('scam_phrase').selectAll().orderBy('key').orderBy('phrase').execute();
}

/** The new row's id; undefined when the caution has the phrase already. */
export async function insertPhrase(db: Executor, row: Omit<ScamPhraseRow, 'id'>): Promise<number | undefined> {
  const added = await db
    .insertInto('scam_phrase')
    .values(row)
    .onConflict((oc) => oc.columns(['key', 'phrase']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added?.id;
}

/** The row it removed, if there was one. */
export function deletePhrase(db: Executor, id: number): Promise<ScamPhraseRow | undefined> {
  return db.deleteFrom('scam_phrase').where('id', '=', id).returningAll().executeTakeFirst();
}
