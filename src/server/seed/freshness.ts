import { fakerKO as faker } from '@faker-js/faker';
import { TopCategory } from '#shared/enums.ts';
import { freshnessOf, type ListingTable } from '#shared/freshness.ts';
import { DAY } from './dates.ts';
import type { Seeder } from './seeder.ts';

// Listings that stay fresh, as a running site has them: most older listings were bumped by their
// authors in the last weeks, some were left to close (listed under 마감 포함), and two market
// listings close within three days (the first sweep tells their authors).

const BUMPED_WITHIN_DAYS = 20;
const CLOSING_SOON = 2;

interface Listing {
  id: number;
  date: string;
  topcategory?: number;
  limitdate?: string;
  marketstatus?: number;
}

async function save(s: Seeder, table: ListingTable, row: Listing, bumpdate: string, timeZone: string) {
  const values = freshnessOf(table, row, bumpdate, timeZone, new Date(s.now));
  await s.db.updateTable(table).set(values).where('id', '=', row.id).execute();
}

/** A bump date for a listing written on `date`: older ones mostly bumped lately, every third left. */
function bumpOf(s: Seeder, row: Listing, i: number): string {
  const age = (s.now - Date.parse(row.date)) / DAY;
  if (age <= BUMPED_WITHIN_DAYS || i % 3 === 0) return row.date;
  return new Date(s.now - faker.number.float({ min: 0.5, max: BUMPED_WITHIN_DAYS }) * DAY).toISOString();
}

export async function freshenListings(s: Seeder, timeZone: string): Promise<void> {
  await s.db
    .updateTable('board')
    .set((eb) => ({ bumpdate: eb.ref('date') }))
    .where('topcategory', '<>', TopCategory.market)
    .execute();
  const market: Listing[] = await s.db
    .selectFrom('board')
    .select(['id', 'date', 'topcategory', 'marketstatus'])
    .where('topcategory', '=', TopCategory.market)
    .orderBy('id')
    .execute();
  let closingSoon = 0;
  for (const [i, row] of market.entries()) {
    let bump = bumpOf(s, row, i);
    // A few days short of 30 since the last bump: closes within the notice's three days.
    const soon = new Date(s.now - 28 * DAY).toISOString();
    if (closingSoon < CLOSING_SOON && row.marketstatus === 1 && row.date <= soon && bump === row.date) {
      bump = soon;
      closingSoon++;
    }
    await save(s, 'board', row, bump, timeZone);
  }
  const jobs: Listing[] = await s.db.selectFrom('jobs').select(['id', 'date', 'limitdate']).orderBy('id').execute();
  for (const [i, row] of jobs.entries()) await save(s, 'jobs', row, bumpOf(s, row, i), timeZone);
}
