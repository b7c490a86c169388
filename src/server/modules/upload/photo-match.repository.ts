import type { Executor } from '#server/db/database.ts';

// Listing photos' hash bands (migration 0031), and the uploads' hashes they come from.

export interface BandRow {
  hash: string;
  target: string;
  item: number;
  user: number;
}

/** The hashes of the uploads at these paths (those stored with one). */
export async function hashesOfPaths(db: Executor, paths: string[]): Promise<string[]> {
  if (!paths.length) return [];
  const rows = await db.selectFrom('upload').select('phash').where('path', 'in', paths).where('phash', '!=', '').execute();
  return rows.map((r) => r.phash);
}

/** Other members' listing photos that share a band with one of these, read from the band index
 * alone (migration 0037), in no order. */
export function findBandMates(db: Executor, bands: number[], user: number): Promise<BandRow[]> {
  if (!bands.length) return Promise.resolve([]);
  return db
    .selectFrom('photo_band')
    .select(['hash', 'target', 'item', 'user'])
    .where('band', 'in', bands)
    .where('user', '!=', user)
    .execute();
}

export async function insertBands(db: Executor, rows: (BandRow & { band: number })[]): Promise<void> {
  if (rows.length) await db.insertInto('photo_band').values(rows).execute();
}

export async function deleteBands(db: Executor, target: string, items: number[]): Promise<void> {
  if (items.length) await db.deleteFrom('photo_band').where('target', '=', target).where('item', 'in', items).execute();
}
