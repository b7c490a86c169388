import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// Listings that stay fresh (modules/freshness): market posts and jobs close 30 days after their
// last bump, a job with a deadline when its deadline day ends. `bumpdate` is the last bump (the
// creation until then), `expiredate` when it closes ('' never: the other board sections),
// `closed` 1 once the sweep has closed it (lists filter on it, so their SQL does not change with
// the clock), `expirynotice` the close date whose 3-day notice went.
// Existing rows: bumped when written; closed if that was long enough ago.

const LISTING_DAYS = 30;
const MARKET = 4;

// Dates that meant "none" and the end of a deadline's day, as shared/format.ts (`isEmptyDate`,
// `zonedDayRange`) had them when this was written: frozen here, so that a later change there does
// not change what this migration does on a site upgraded years later.
const EMPTY_DATES = new Set(['0000-00-00', '1000-01-01', '9999-01-01']);
const DAY_MS = 86_400_000;

/** The UTC instant at which a calendar date (YYYY-MM-DD) ends in a time zone: the next date's
 * midnight there (UTC midnight less the zone's offset at that moment, as its wall clock reads it). */
function dayEnd(ymd: string, clock: Intl.DateTimeFormat): string {
  const next = new Date(Date.parse(`${ymd}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const utc = Date.parse(`${next}T00:00:00Z`);
  const p = Object.fromEntries(clock.formatToParts(utc).map((part) => [part.type, Number(part.value)]));
  const offset = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second) - utc;
  return new Date(utc - offset).toISOString();
}

/** ISO text `days` after an ISO text column, in each database's own date arithmetic. */
function daysAfter(ctx: MigrationContext, column: string, days: number) {
  return ctx.dialect === 'postgres'
    ? sql<string>`to_char((${sql.ref(column)}::timestamptz + ${sql.lit(`${days} days`)}::interval) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.ref(column)}, ${sql.lit(`+${days} days`)})`;
}

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  for (const table of ['board', 'jobs']) {
    await db.schema
      .alterTable(table)
      .addColumn('bumpdate', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('expiredate', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('expirynotice', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db
      .updateTable(table)
      .set({ bumpdate: sql.ref('date') })
      .execute();
  }
  await db
    .updateTable('board')
    .set({ expiredate: daysAfter(ctx, 'date', LISTING_DAYS) })
    .where('topcategory', '=', MARKET)
    .execute();

  // A deadline closes at the end of its day in the site's time zone: the server's setting, read
  // as env.ts reads it (a migration gets no parsed settings). Each distinct deadline once.
  const timeZone = process.env.SITE_TIMEZONE || 'America/Los_Angeles';
  const clock = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  await db
    .updateTable('jobs')
    .set({ expiredate: daysAfter(ctx, 'date', LISTING_DAYS) })
    .execute();
  const deadlines = await db.selectFrom('jobs').select('limitdate').distinct().where('limitdate', '<>', '').execute();
  for (const { limitdate } of deadlines as { limitdate: string }[]) {
    if (EMPTY_DATES.has(limitdate.slice(0, 10)) || !/^\d{4}-\d{2}-\d{2}$/.test(limitdate)) continue;
    const end = dayEnd(limitdate, clock);
    await db.updateTable('jobs').set({ expiredate: end }).where('limitdate', '=', limitdate).execute();
  }
  const now = new Date().toISOString();
  await db.updateTable('board').set({ closed: 1 }).where('topcategory', '=', MARKET).where('expiredate', '<=', now).execute();
  await db.updateTable('jobs').set({ closed: 1 }).where('expiredate', '<=', now).execute();

  // The market's listing order (거래중 first, then the last bump), of open listings (the default
  // list, and its count) and of all (마감 포함: without it, 100 ms to sort 200k listings per
  // page); the jobs list's the same without the trade state; and the sweep's look for what
  // closes next.
  const market = ['marketstatus', 'bumpdate desc', 'id desc'];
  await db.schema
    .createIndex('board_market_fresh')
    .on('board')
    .columns(['topcategory', 'hidden', 'closed', ...market])
    .execute();
  await db.schema
    .createIndex('board_market_all')
    .on('board')
    .columns(['topcategory', 'hidden', ...market])
    .execute();
  await db.schema.createIndex('board_expiry').on('board').columns(['topcategory', 'closed', 'expiredate']).execute();
  await db.schema.createIndex('jobs_fresh').on('jobs').columns(['hidden', 'closed', 'bumpdate', 'id']).execute();
  await db.schema.createIndex('jobs_fresh_all').on('jobs').columns(['hidden', 'bumpdate', 'id']).execute();
  await db.schema.createIndex('jobs_expiry').on('jobs').columns(['closed', 'expiredate']).execute();
}
