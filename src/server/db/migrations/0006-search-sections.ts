import { type Kysely, sql } from 'kysely';
import { TopCategory } from '#shared/enums.ts';
import { writeFtsEntries } from '#server/modules/search/search.repository.ts';
import type { Executor } from '../database.ts';
import type { MigrationContext } from '../migration-kit.ts';

// SQLite's search index, one FTS5 table per section instead of one for all (search.repository.ts
// says why), without per-row sizes, plus search_term: the indexed Hangul words, which a
// one-syllable query is expanded into. The entries are rebuilt from search_doc's text.
// A pending-entries buffer of 64 MB lets a rebuild write few, large segments.
// PostgreSQL keeps its index; its planner gets word statistics 10 times as detailed: with the
// default, a rare word looked common enough to walk a section newest first (1.5 s at 1M entries
// for a word no entry has) instead of asking the GIN index (7 ms).
// (FTS5 refuses a bound parameter as a setting's value.)

const FTS_BUFFER_BYTES = 64 * 1024 * 1024;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await sql`alter table search_doc alter column vec set statistics 1000`.execute(db);
    return;
  }
  await sql`drop table if exists search_fts`.execute(db);
  await sql`create table search_term (term text primary key) without rowid`.execute(db);
  for (const section of Object.values(TopCategory)) {
    const table = sql.table(`search_fts_${section}`);
    await sql`create virtual table ${table} using fts5(title, body, content='', columnsize=0, tokenize='ascii')`.execute(db);
    await sql`insert into ${table} (${table}, rank) values ('hashsize', ${sql.lit(FTS_BUFFER_BYTES)})`.execute(db);
  }
  // The entries go in as every later write puts them (writeFtsEntries), 500 to a statement.
  let after = -1;
  for (;;) {
    const rows = await sql<{ id: number; item: number; section: number; title: string; body: string }>`
      select id, item, section, title, body from search_doc where id > ${after} order by id limit 500`.execute(db);
    if (rows.rows.length === 0) break;
    await writeFtsEntries(db as Executor, rows.rows);
    after = Number(rows.rows[rows.rows.length - 1]?.id);
  }
}
