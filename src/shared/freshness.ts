import { formatDate, formatDateTime, isEmptyDate, todayIn, zonedDayRange } from './format.ts';
import { TopCategory } from './enums.ts';

// Listings that stay fresh (PRODUCT.md, beyond the spec): when a market listing or a job closes,
// when its author is told, how often it may be bumped. Pure rules, shared by the server (saves,
// bumps, the sweep, the demo) and the pages (the 마감 badge, the bump button's hint).

const DAY_MS = 86_400_000;
/** A market listing, and a job without a deadline, stay listed this long after the last bump. */
export const LISTING_DAYS = 30;
/** The author is told this long before the listing closes. */
export const NOTICE_DAYS = 3;
/** One bump a day per listing. */
export const BUMP_EVERY_MS = DAY_MS;

/** The tables whose rows may be listings. */
export const ListingTables = ['board', 'jobs', 'housing'] as const;
export type ListingTable = (typeof ListingTables)[number];

export const isListingTable = (table: string): table is ListingTable => (ListingTables as readonly string[]).includes(table);

/** What decides a listing's close: its section (board) or deadline (jobs). */
export interface ListingFacts {
  topcategory?: number;
  limitdate?: string;
}

/** Whether a row of `table` is a listing that expires: market posts, every job and every home. */
export function expires(table: ListingTable, row: ListingFacts): boolean {
  return table !== 'board' || row.topcategory === TopCategory.market;
}

/** When a listing bumped (or created) at `bumpdate` closes, as ISO UTC text; '' never. A job
 * with a deadline closes when its deadline day ends in the site's time zone (상시 모집 and 구직
 * posts have none and close like a market listing). */
export function closeDateOf(table: ListingTable, row: ListingFacts, bumpdate: string, timeZone: string): string {
  if (!expires(table, row)) return '';
  if (table === 'jobs' && row.limitdate && !isEmptyDate(row.limitdate)) {
    return zonedDayRange(undefined, row.limitdate.slice(0, 10), timeZone).end as string;
  }
  return new Date(Date.parse(bumpdate) + LISTING_DAYS * DAY_MS).toISOString();
}

/** The freshness columns of a listing saved with `row`'s values and last bumped at `bumpdate`. */
export function freshnessOf(table: ListingTable, row: ListingFacts, bumpdate: string, timeZone: string, now: Date) {
  const expiredate = closeDateOf(table, row, bumpdate, timeZone);
  return { bumpdate, expiredate, closed: expiredate !== '' && expiredate <= now.toISOString() ? 1 : 0 };
}

/** When a listing last bumped at `bumpdate` may be bumped again (ISO UTC text). */
export function nextBumpAt(bumpdate: string): string {
  return new Date(Date.parse(bumpdate) + BUMP_EVERY_MS).toISOString();
}

/** Whether a bump now would list the listing again: not for a job whose own deadline has passed
 * (its author moves the deadline instead). */
export function renewable(table: ListingTable, row: ListingFacts, timeZone: string, now: Date): boolean {
  return freshnessOf(table, row, now.toISOString(), timeZone, now).closed === 0;
}

/** When a listing was last bumped (끌어올리기), or undefined if it never was: a new listing's
 * bump is its creation, and the first real one comes a day later at the earliest. */
export function bumpedAt(row: { date: string; bumpdate?: string }): string | undefined {
  if (!row.bumpdate) return undefined;
  const bumped = Date.parse(row.bumpdate);
  const created = Date.parse(row.date);
  return bumped - created >= 60_000 ? row.bumpdate : undefined;
}

/** A bumped listing's line on a list, in place of its first date (the list is in bump order):
 * 끌올 오늘 14:30, 끌올 어제 09:05, then 끌올 2026-12-01. Days are calendar days in `timeZone`
 * counted from `today` (the page's loader's todayIn), so the server's page and the hydrated one
 * say the same. '' for a listing never bumped. */
export function bumpText(row: { date: string; bumpdate?: string }, timeZone: string, today: string): string {
  const at = bumpedAt(row);
  if (!at) return '';
  const day = todayIn(timeZone, new Date(at));
  const time = formatDateTime(at, timeZone).slice(11);
  if (day === today) return `끌올 오늘 ${time}`;
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  if (day === yesterday) return `끌올 어제 ${time}`;
  return `끌올 ${formatDate(at, timeZone)}`;
}

/** The same on the listing's own page, beside its first date: 끌올 2026-12-05 14:30. */
export function bumpDateTimeText(row: { date: string; bumpdate?: string }, timeZone: string): string {
  const at = bumpedAt(row);
  return at ? `끌올 ${formatDateTime(at, timeZone)}` : '';
}
