// Which lists keep their totals as counters (db/counters.ts): what a list page asks for (a
// section, its category, location or kind, a member's own items) without a keyword. Each set
// of columns below is one counted scope, always together with ALWAYS. A list with any other
// combination of filters still counts its rows (list-query.ts).

/** Columns every list fixes, in every scope: the moderators' hidden flag. A new condition of the
 * default lists (a flag set by reports, a listing's state) is added here, and a migration calls
 * rebuildCounts once. */
const ALWAYS = ['hidden'] as const;

/** A deadline that never comes (an item without one). */
export const FOREVER = '9999-12-31';

export interface CountedSpec {
  table: CountedTable;
  always: readonly string[];
  /** The equality filters counted; [] is the unfiltered list. */
  scopes: readonly (readonly string[])[];
  /** The date column through which a row is in the default list (a job's deadline; empty: no
   * end): its counts are kept per date, so that "still open today" is a sum over the dates from
   * today on, and nothing has to change when a day passes. */
  openUntil?: string;
}

export type CountedTable = 'board' | 'jobs' | 'business' | 'inquiry';

export const COUNTED: Record<CountedTable, CountedSpec> = {
  board: {
    table: 'board',
    always: ALWAYS,
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
    always: ALWAYS,
    scopes: [[], ['type'], ['category'], ['location'], ['employmenttype'], ['user']],
    openUntil: 'limitdate',
  },
  business: {
    table: 'business',
    always: ALWAYS,
    scopes: [[], ['category'], ['location'], ['type'], ['user']],
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
