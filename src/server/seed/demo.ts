import { rebuildCounts } from '#server/db/counters.ts';
import { reindexAll } from '#server/modules/search/search.service.ts';
import { fakerKO as faker } from '@faker-js/faker';
import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import type { Deps } from '#server/context.ts';
import { todayIn } from '#shared/format.ts';
import { addBusinesses } from './businesses.ts';
import { spreadDates } from './dates.ts';
import { createDemoImages } from './images.ts';
import { addInquiries } from './inquiries.ts';
import { addHousing } from './housing.ts';
import { addJobs } from './jobs.ts';
import { freshenListings } from './freshness.ts';
import { ensureMembers } from './members.ts';
import { addNotifications } from './notifications.ts';
import { addAlerts } from './alerts.ts';
import { addReports } from './reports.ts';
import { addPost, boardDrafts } from './posts.ts';
import { addSchedule } from './schedule.ts';
import type { Seeder } from './seeder.ts';

// PRODUCT.md run contract, SEED_DEMO: an empty database gets believable content for every
// section, so a new install (and a demo) shows what the site is for. Texts are hand-written
// Korean (demo-data/); faker (fixed seed) picks authors, prices, dates and reactions, so two runs
// give the same site apart from the dates, which follow today.

const SEED = 20_240_601;
/** Only one server of several on one PostgreSQL seeds; the others see the content and stop. */
const SEED_LOCK = 7_311_042;

async function hasContent(db: Executor): Promise<boolean> {
  for (const table of ['board', 'jobs', 'business'] as const) {
    if (await db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/** SEED_DEMO: fills an empty database (no board, jobs or business rows) with demo content.
 * `scale` multiplies the number of posts, jobs and businesses (templates repeat past 1). */
export async function seedDemo(deps: Deps, options: { scale?: number } = {}): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  if (await hasContent(deps.db)) return { seeded: false, counts: {} };
  faker.seed(SEED);
  const scale = options.scale ?? 1;
  const now = Date.now();
  const today = todayIn(deps.env.SITE_TIMEZONE);

  const members = await ensureMembers(deps, now);
  const editor = members[0];
  if (!editor) throw new Error('demo members could not be created');
  // Images are stored before the content transaction: saving one opens its own transaction.
  const images = await createDemoImages(deps, editor.id);

  const counts: Record<string, number> = { members: members.length, images: Object.keys(images).length };
  for (const key of ['news', 'life', 'market', 'community', 'organizations', 'faq', 'comments', 'likes']) counts[key] = 0;

  const seeded = await deps.db.transaction().execute(async (trx) => {
    if (deps.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    // Another server may have seeded while the images were made; its content wins (and this
    // run's images stay unused).
    if (await hasContent(trx)) return false;
    const s: Seeder = { db: trx, now, members, editor, images, counts };
    // Sections interleaved in time, as people would have posted them.
    const drafts = faker.helpers.shuffle(boardDrafts(s, scale));
    const dates = spreadDates(drafts.length, now);
    for (const [i, draft] of drafts.entries()) await addPost(s, draft, dates[i]!);
    await addJobs(s, scale, today);
    await addHousing(s, scale, today);
    await freshenListings(s, deps.env.SITE_TIMEZONE);
    await addBusinesses(s, scale);
    await addInquiries(s);
    await addSchedule(s, today);
    await addNotifications(s);
    await addAlerts(s);
    await addReports(s);
    // The content went in around the services: the lists' counts are taken from it once.
    await rebuildCounts(trx);
    return true;
  });
  if (!seeded) return { seeded, counts: {} };
  // The content went in directly, so the search index is built from it once.
  counts.indexed = await reindexAll(deps, () => {});
  return { seeded, counts };
}
