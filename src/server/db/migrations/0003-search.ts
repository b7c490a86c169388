import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// The search index (search issue): one row per searchable item with its plain title and body
// (for snippets), and its bigram tokens (src/shared/search-text.ts) in an engine index: an FTS5
// table on SQLite (contentless, `ascii` tokenizer: our tokens are already cut), a GIN-indexed
// tsvector on PostgreSQL. Both support AND, phrases of adjacent tokens and prefixes.
// (Migration 0006 splits the FTS5 table by section.)
// The row id is section * 2^32 + item (search.repository.ts): a section's entries form one id
// range, newest last, so a section's search is a range of FTS5's rowid-ordered lists.

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  let doc = db.schema
    .createTable('search_doc')
    .addColumn('id', ctx.dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.primaryKey())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('chosung', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_doc_item', ['target', 'item']);
  if (ctx.dialect === 'postgres') doc = doc.addColumn('vec', sql`tsvector`, (c) => c.notNull());
  await doc.execute();
  if (ctx.dialect === 'postgres') {
    await sql`create index search_doc_vec on search_doc using gin (vec)`.execute(db);
    await sql`create index search_doc_section on search_doc (section, id)`.execute(db);
  } else {
    await sql`create virtual table search_fts using fts5(title, body, content='', contentless_delete=1, tokenize='ascii')`.execute(db);
  }
}
