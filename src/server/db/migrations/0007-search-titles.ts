import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// PostgreSQL: title words get a GIN index of their own. They are the search vector's weight A
// (insertSearchDocs), and a title-only query used to ask the whole vector for the words with a
// weight check. The planner takes a word's frequency in titles and bodies for its frequency in
// titles, so for two words common in the text but rare together in titles it walked a section
// newest first: 100-270 ms a section at 1M entries. Over the indexed expression `ts_filter(vec,
// '{a}')` it has the titles' own statistics (as detailed as the vector's, migration 0006) and asks
// the index: 10-45 ms. SQLite's FTS5 tables already keep titles in a column of their own.

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await indexSearchTitles(db);
  await sql`analyze search_doc`.execute(db);
}

/** Also used by the search bench, which builds its indexes after loading. */
export async function indexSearchTitles(db: Kysely<unknown>): Promise<void> {
  await sql`create index search_doc_title on search_doc using gin (ts_filter(vec, '{a}'))`.execute(db);
  await sql`alter index search_doc_title alter column 1 set statistics 1000`.execute(db);
}
