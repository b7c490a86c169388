import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from './database.ts';

// What migrations share. A migration holds what it needs and never imports live code (enums,
// section tables, repositories, services): run years later on an old site, it must do what it did
// when it was written. So the helpers here are frozen once a release uses them; a changed
// behaviour is a new helper.

/** Data derived from other tables, which the live code rebuilds (db/migrate.ts `Rebuilds`). */
export type DerivedData = 'search-entries' | 'list-counts';

export interface MigrationContext {
  dialect: Dialect;
  /** Asks for derived data to be rebuilt from its sources once the schema is at its latest: by the
   * live code, which alone knows how (the search index's tokens, the counted lists). */
  rebuild(what: DerivedData): void;
}

/** The one column definition that differs between the two databases. */
export function idColumn(c: ColumnDefinitionBuilder, dialect: Dialect): ColumnDefinitionBuilder {
  return dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

/** What a new search section needs (a section's code is its topcategory): SQLite's FTS5 table
 * for its entries, PostgreSQL's index of its titles. A new kind's migration calls this. */
export async function addSearchSection(db: Kysely<unknown>, ctx: MigrationContext, section: number): Promise<void> {
  if (ctx.dialect === 'postgres') await indexSectionTitles(db, section);
  else await createSearchTable(db, section);
}

/** A pending-entries buffer of 64 MB lets a rebuild write few, large segments. (FTS5 refuses a
 * bound parameter as a setting's value.) */
const FTS_BUFFER_BYTES = 64 * 1024 * 1024;

/** SQLite: a section's contentless FTS5 table, `search_fts_<section>` (migration 0006). */
export async function createSearchTable(db: Kysely<unknown>, section: number): Promise<void> {
  const table = sql.table(`search_fts_${section}`);
  await sql`create virtual table ${table} using fts5(title, body, content='', columnsize=0, tokenize='ascii')`.execute(db);
  await sql`insert into ${table} (${table}, rank) values ('hashsize', ${sql.lit(FTS_BUFFER_BYTES)})`.execute(db);
}

/** Where a section's search_doc ids start: section × 2^32 + item (search.repository.ts `docId`). */
const SECTION_SPAN = 2 ** 32;

/** PostgreSQL: a section's titles' GIN index over its range of search_doc ids (migration 0019). */
export async function indexSectionTitles(db: Kysely<unknown>, section: number): Promise<void> {
  const name = sql.id(`search_doc_title_${section}`);
  const [low, high] = [section * SECTION_SPAN, (section + 1) * SECTION_SPAN - 1];
  await sql`create index ${name} on search_doc using gin (ts_filter(vec, '{a}'))
    where id between ${sql.lit(low)} and ${sql.lit(high)}`.execute(db);
}
