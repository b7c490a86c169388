import { sql } from 'kysely';
import type { Dialect, Executor } from '#server/db/database.ts';
import { hashDistance } from '#server/lib/photo-hash.ts';

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

/** Of other members' listing photos that share a band with a photo, the first posted (the lowest
 * id: the original of several copies) within `maxDistance` bits of its `hash`, read from the band
 * index alone (migration 0037). About a thousand candidates share a band at a million photos:
 * PostgreSQL counts their bits itself, because carrying them all to this process cost more than
 * reading them (and ten times more in the slowest lookups), and takes the 68 band keys as one
 * array: as 68 parameters, each lookup was a new statement to parse and plan (1.15 against 0.70 ms
 * at the median).
 * SQLite hands the candidates over in-process. */
export async function firstBandMate(
  db: Executor,
  dialect: Dialect,
  match: { bands: number[]; user: number; hash: string; maxDistance: number },
): Promise<{ target: string; item: number } | undefined> {
  if (!match.bands.length) return undefined;
  const others = db.selectFrom('photo_band').where('user', '!=', match.user);
  if (dialect === 'postgres') {
    return others
      .select(['target', 'item'])
      .where(sql<boolean>`band = any(${match.bands}::integer[])`)
      .where(sql<number>`bit_count(('x' || hash)::bit(64) # ${`x${match.hash}`}::bit(64))`, '<=', match.maxDistance)
      .orderBy('item')
      .limit(1)
      .executeTakeFirst();
  }
  const candidates = others.select(['hash', 'target', 'item']).where('band', 'in', match.bands).execute();
  let first: { target: string; item: number } | undefined;
  for (const m of await candidates) {
    if ((!first || m.item < first.item) && hashDistance(m.hash, match.hash) <= match.maxDistance)
      first = { target: m.target, item: m.item };
  }
  return first;
}

export async function insertBands(db: Executor, rows: (BandRow & { band: number })[]): Promise<void> {
  if (rows.length) await db.insertInto('photo_band').values(rows).execute();
}

export async function deleteBands(db: Executor, target: string, items: number[]): Promise<void> {
  if (items.length) await db.deleteFrom('photo_band').where('target', '=', target).where('item', 'in', items).execute();
}
