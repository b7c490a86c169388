import type { Kysely } from 'kysely';

// A copied photo is looked up by 68 band keys (photo-hash.ts probeBands), about a thousand
// candidate rows at a million listing photos. Through an index on `band` alone each candidate
// was one more read of the table (29 ms a photo on PostgreSQL); an index holding every column
// the lookup reads answers it from the index alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photo_band_band').execute();
  await db.schema.createIndex('photo_band_lookup').on('photo_band').columns(['band', 'user', 'hash', 'target', 'item']).execute();
}
