import type { Executor } from '#server/db/database.ts';

// The listings published with a scam caution (migration 0034): one row per listing, as its
// latest save's checks found it. Written in the transaction that saves the listing.

export interface WarnedRow {
  target: string;
  item: number;
  user: number;
  warnings: string;
  date: string;
}

/** Adds the listing, or replaces what an earlier save of it found. */
export async function upsertWarned(db: Executor, row: WarnedRow): Promise<void> {
  await db
    .insertInto('listing_warning')
    .values(row)
    .onConflict((oc) => oc.columns(['target', 'item']).doUpdateSet({ warnings: row.warnings, date: row.date }))
    .execute();
}

export async function deleteWarned(db: Executor, target: string, items: number[]): Promise<void> {
  if (items.length) await db.deleteFrom('listing_warning').where('target', '=', target).where('item', 'in', items).execute();
}

/** What the latest saves of these listings found, for those that earned a caution. */
export function warnedOfItems(db: Executor, target: string, items: number[]): Promise<Pick<WarnedRow, 'item' | 'warnings'>[]> {
  if (items.length === 0) return Promise.resolve([]);
  return db.selectFrom('listing_warning').select(['item', 'warnings']).where('target', '=', target).where('item', 'in', items).execute();
}

/** A page of the warned listings, newest first, and how many there are. */
export async function listWarnedRows(db: Executor, page: number, size: number): Promise<{ rows: WarnedRow[]; total: number }> {
  const [rows, { n }] = await Promise.all([
    db
      .selectFrom('listing_warning')
      .selectAll()
      .orderBy('date', 'desc')
      .orderBy('item', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('listing_warning')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}
