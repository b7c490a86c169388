// Which lists keep their totals as counters (db/counters.ts): what a list page asks for (a
// section, its category, location or kind, a member's own items) without a keyword. Each set
// of columns below is one counted scope, always together with ALWAYS. A list with any other
// combination of filters still counts its rows (list-query.ts).

/** Columns every list of a table fixes, in every scope: `hidden` (moderators' hide and reports'
 * review hold, db/visibility.ts) and, for listings that close (shared/freshness.ts), `closed`.
 * A new condition of the default lists is added here, and a migration calls rebuildCounts once.
 * A list that leaves one of them free (마감 포함) counts its rows. */
const ALWAYS = ['hidden'] as const;
const LISTINGS = ['hidden', 'closed'] as const;

export interface CountedSpec {
  table: CountedTable;
  always: readonly string[];
  /** The equality filters counted; [] is the unfiltered list. */
  scopes: readonly (readonly string[])[];
}

export type CountedTable = 'board' | 'jobs' | 'business' | 'housing' | 'inquiry';

export const COUNTED: Record<CountedTable, CountedSpec> = {
  board: {
    table: 'board',
    always: LISTINGS,
    scopes: [
      [],
      ['topcategory'],
      ['topcategory', 'category'],
      ['topcategory', 'location'],
      ['topcategory', 'language'],
      ['topcategory', 'free'],
      ['topcategory', 'marketstatus'],
      ['user'],
    ],
  },
  jobs: {
    table: 'jobs',
    always: LISTINGS,
    scopes: [[], ['type'], ['category'], ['location'], ['employmenttype'], ['user']],
  },
  business: {
    table: 'business',
    always: ALWAYS,
    scopes: [[], ['category'], ['location'], ['type'], ['user']],
  },
  housing: {
    table: 'housing',
    always: LISTINGS,
    scopes: [[], ['kind'], ['location'], ['user']],
  },
  inquiry: {
    table: 'inquiry',
    always: ALWAYS,
    scopes: [[], ['status'], ['user'], ['user', 'status']],
  },
};

export function countedSpecOf(table: string): CountedSpec | undefined {
  return (COUNTED as Record<string, CountedSpec>)[table];
}
