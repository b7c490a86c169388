import type { Kysely } from 'kysely';

// Listings published with a scam caution (PRODUCT.md "Scam defence": admins see the evidence):
// one row per listing whose title or text the checks warned of, with the phrases they found
// (JSON of [{key, phrase}]), kept as its latest save found them. /admin/report lists them,
// newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listing_warning')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('warnings', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_warning_pk', ['target', 'item'])
    .execute();
  await db.schema.createIndex('listing_warning_date').on('listing_warning').column('date').execute();
}
