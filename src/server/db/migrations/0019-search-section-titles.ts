import { type Kysely, sql } from 'kysely';
import { indexSectionTitles, type MigrationContext } from '../migration-kit.ts';

// PostgreSQL: the titles' GIN index (migration 0007) becomes one partial index per section, over
// the section's range of search_doc ids. A section's title query (its ids' range and the title
// words) asked the one index for every section's matching titles and dropped the others': for
// two words common in titles but never together in a section's titles (a /search overview
// whose section has none among its newest entries), 20-60 ms at 1M entries, nearly all for other
// sections; with the section's own index, under 1 ms. The planner takes no statistics from a
// partial index, so it reckons a title query's matches with its default guess; title queries are
// planned as if they wanted every match anyway (search.repository.ts), which asks the index.

/** The sections there were (news 1 … customer 8); a later section's migration adds its own. */
const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8];

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  for (const section of SECTIONS) await indexSectionTitles(db, section);
  await sql`drop index search_doc_title`.execute(db);
  await sql`analyze search_doc`.execute(db);
}
