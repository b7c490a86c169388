import { z } from 'zod';
import { TopCategory } from '#shared/enums.ts';
import { expires, isListingTable } from '#shared/freshness.ts';
import type { SearchTarget } from '#shared/schemas/content.ts';
import type { CountQuery } from '#server/db/counters.ts';
import type { Executor } from '#server/db/database.ts';
import type { AnyQuery, ListParams } from '#server/db/list-query.ts';
import { findClosed } from './freshness.repository.ts';

// How lists treat listings that close (PRODUCT.md, beyond the spec): closed ones leave the default
// list and come back with 마감 포함 (`expired=1`); `sort=fresh` is the listing order, the last bump
// first (the market's 거래완료 below every 거래중). Site search finds closed ones too, marked 마감.

/** The list parameter of board and jobs: `expired=1` lists closed listings too. */
export const expiredParam = { expired: z.enum(['0', '1']).optional() };

/** Open listings only, unless asked for all. Board lists of other sections have none closed and
 * skip the condition, which their indexes do not hold. */
export function openListings(q: AnyQuery, params: ListParams): AnyQuery {
  if (params.expired === '1') return q;
  if (params.topcategory !== undefined && params.topcategory !== TopCategory.market) return q;
  return q.where('closed', '=', 0);
}

/** The same condition as a counted list's (db/counted-lists.ts): the open listings' counters;
 * 마감 포함 is not a counted scope and counts its rows. */
export function openListingsCounted(params: ListParams): Partial<CountQuery> | undefined {
  return params.expired === '1' ? undefined : { eq: { closed: 0 } };
}

/** Which of these items of a section (its table and topcategory) are closed listings: site
 * search finds them like any item and marks them 마감 (docs/decisions/0039-search-finds-closed-listings.md). */
export async function closedAmong(db: Executor, table: SearchTarget, topcategory: number, ids: number[]): Promise<Set<number>> {
  if (!isListingTable(table) || !expires(table, { topcategory })) return new Set();
  return new Set(await findClosed(db, table, ids));
}
