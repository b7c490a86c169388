import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Scam defence's data (PRODUCT.md "Scam defence"):
// - `upload.phash`: an image's perceptual hash (64-bit dHash, 16 hex digits; '' for images stored
//   before it), so a resized or re-encoded copy of a photo is recognised.
// - `photo_band`: each listing photo's hash cut into four 16-bit bands, one row per band, `band`
//   = position × 65536 + value; a match is looked up through the index on `band` (each band as
//   it is and with one bit flipped) among a few candidates, not by a scan.
// - `scam_phrase`: the phrases admins add to a warning (`key`), checked beside the built-in ones.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('upload')
    .addColumn('phash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('photo_band')
    .addColumn('band', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_band_band').on('photo_band').column('band').execute();
  // A listing's photos are replaced or forgotten with it.
  await db.schema.createIndex('photo_band_item').on('photo_band').columns(['target', 'item']).execute();

  await db.schema
    .createTable('scam_phrase')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('phrase', 'text', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addUniqueConstraint('scam_phrase_key_phrase', ['key', 'phrase'])
    .execute();
}
