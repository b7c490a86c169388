import type { Kysely } from 'kysely';

// A member's upload quota sums the sizes of what they uploaded before: an index on the owner
// keeps that a short range read however many images the site holds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('upload_user').on('upload').column('user').execute();
}
