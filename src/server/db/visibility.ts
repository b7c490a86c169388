import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { Visibility } from '#shared/reports.ts';

// The one rule for what visitors may see of the content tables (moderators' hide and reports'
// review both set `hidden`, shared/reports.ts, through setVisibility in
// modules/content/content.service.ts): every list, count, search, sitemap, feed and index box
// asks through these, so a new hidden state can never leak into one of them.

/** The SQL condition "shown to everyone", on the `hidden` column of the query's table (or of
 * `alias.hidden`). A literal 0, so the lists' (…, hidden, …) indexes serve it. */
export function shown(alias?: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(alias ? `${alias}.hidden` : 'hidden')} = ${sql.lit(Visibility.shown)}`;
}

/** The same rule for a row already read. */
export function isShownRow(row: { hidden: number }): boolean {
  return row.hidden === Visibility.shown;
}
