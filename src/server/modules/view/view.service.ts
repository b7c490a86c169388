import { sql } from 'kysely';
import { type Db, type Executor } from '#server/db/database.ts';

// PRODUCT.md: +1 view per visitor per item per 24 hours. One row per (target, item, visitor)
// remembers the last counted visit; the upsert writes only when there is none or it is older
// than a day, and only then is the item's count raised, in one transaction.

const DAY_MS = 24 * 3600 * 1000;

export type ViewTarget = 'board' | 'jobs' | 'business';

export async function countView(db: Db, target: string, item: number, visitor: string): Promise<boolean> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const written = await trx
      .insertInto('views')
      .values({ target, item, visitor, date: now.toISOString() })
      .onConflict((oc) =>
        oc.columns(['target', 'item', 'visitor']).doUpdateSet({ date: now.toISOString() }).where('views.date', '<', cutoff),
      )
      .returning('item')
      .executeTakeFirst();
    if (!written) return false;
    await trx
      .updateTable(target as 'board')
      .set({ count: sql`${sql.ref('count')} + 1` })
      .where('id', '=', item)
      .execute();
    return true;
  });
}

/** Old visits no longer matter once a day has passed; called now and then to keep the table small. */
export async function pruneViews(db: Executor): Promise<void> {
  await db
    .deleteFrom('views')
    .where('date', '<', new Date(Date.now() - DAY_MS).toISOString())
    .execute();
}

/** An item is deleted: its visit records go with it. */
export async function forgetViews(db: Executor, target: string, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('views').where('target', '=', target).where('item', 'in', ids).execute();
}
