import type { Kysely } from 'kysely';
import { addSearchSection, type MigrationContext } from '../migration-kit.ts';

// Events are found by /search and their list's keyword box (PRODUCT.md "Organizations and
// events"): an index section of their own, code 10, the first after the sections' codes. Events
// written before it enter the index as they are next saved, or all at once with
// `npm run search:reindex`.

const EVENTS = 10;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await addSearchSection(db, ctx, EVENTS);
}
