import { fakerKO as faker } from '@faker-js/faker';
import { TopCategory } from '#shared/enums.ts';
import { freshnessOf, LISTING_DAYS, type ListingTable } from '#shared/freshness.ts';
import { DAY } from './dates.ts';
import type { Seeder } from './seeder.ts';

// Listings that stay fresh, as a running site has them: of the listings written more than 30
// days ago, two were bumped 28 days ago and close within three days (the first sweep tells their
// authors), three were left to close (listed under 마감 포함), and the rest were bumped by their
// authors in the last weeks. Newer ones have not needed a bump yet.

const BUMPED_WITHIN_DAYS = 20;
const CLOSING_SOON = 2;
const LEFT_TO_CLOSE = 3;

interface Listing {
  id: number;
  date: string;
  topcategory?: number;
  limitdate?: string;
}

async function save(s: Seeder, table: ListingTable, row: Listing, bumpdate: string, timeZone: string) {
  const values = freshnessOf(table, row, bumpdate, timeZone, new Date(s.now));
  await s.db.updateTable(table).set(values).where('id', '=', row.id).execute();
}

/** Bump dates for listings in the order written: see above. */
async function freshen(s: Seeder, table: ListingTable, rows: Listing[], timeZone: string) {
  const monthAgo = new Date(s.now - LISTING_DAYS * DAY).toISOString();
  let old = 0;
  for (const row of rows) {
    let bump = row.date;
    if (row.date < monthAgo) {
      if (old < CLOSING_SOON) bump = new Date(s.now - (LISTING_DAYS - 2) * DAY).toISOString();
      else if (old >= CLOSING_SOON + LEFT_TO_CLOSE)
        bump = new Date(s.now - faker.number.float({ min: 1.5, max: BUMPED_WITHIN_DAYS }) * DAY).toISOString();
      old++;
    }
    await save(s, table, row, bump, timeZone);
  }
}

export async function freshenListings(s: Seeder, timeZone: string): Promise<void> {
  await s.db
    .updateTable('board')
    .set((eb) => ({ bumpdate: eb.ref('date') }))
    .where('topcategory', '<>', TopCategory.market)
    .execute();
  const market: Listing[] = await s.db
    .selectFrom('board')
    .select(['id', 'date', 'topcategory'])
    .where('topcategory', '=', TopCategory.market)
    .orderBy('id')
    .execute();
  await freshen(s, 'board', market, timeZone);
  // Jobs with a deadline close by it; those without, like market listings.
  const jobs: Listing[] = await s.db.selectFrom('jobs').select(['id', 'date', 'limitdate']).orderBy('id').execute();
  await freshen(s, 'jobs', jobs, timeZone);
  const homes: Listing[] = await s.db.selectFrom('housing').select(['id', 'date']).orderBy('id').execute();
  await freshen(s, 'housing', homes, timeZone);
}
