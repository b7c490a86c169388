import { type Kysely, sql } from 'kysely';
import { createSearchTable, type MigrationContext } from '../migration-kit.ts';

// SQLite's search index, one FTS5 table per section instead of one for all (search.repository.ts
// says why), without per-row sizes, plus search_term: the indexed Hangul words, which a
// one-syllable query is expanded into. The entries are rebuilt from search_doc's text.
// PostgreSQL keeps its index; its planner gets word statistics 10 times as detailed: with the
// default, a rare word looked common enough to walk a section newest first (1.5 s at 1M entries
// for a word no entry has) instead of asking the GIN index (7 ms).

/** The sections there were (news 1 … customer 8); a later section's migration adds its own. */
const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8];

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await sql`alter table search_doc alter column vec set statistics 1000`.execute(db);
    return;
  }
  await sql`drop table if exists search_fts`.execute(db);
  await sql`create table search_term (term text primary key) without rowid`.execute(db);
  for (const section of SECTIONS) await createSearchTable(db, section);
  // The entries are tokens as the live search reads them: its code writes them.
  ctx.rebuild('search-entries');
}
