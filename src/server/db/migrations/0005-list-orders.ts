import type { Kysely } from 'kysely';

// Orders lists ask for that no index gave, each read in index order instead of sorting a whole
// section for every page (at 1M posts a quarter of a million rows; 60 ms for 100k jobs):
// a section's posts by likes (좋아요순, the index page's popular posts) and by views (조회순);
// jobs newest first when only the open ones are listed; businesses with main exposure first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('board_section_like').on('board').columns(['topcategory', 'hidden', 'like', 'id']).execute();
  await db.schema.createIndex('board_section_count').on('board').columns(['topcategory', 'hidden', 'count', 'id']).execute();
  await db.schema.createIndex('jobs_list').on('jobs').columns(['hidden', 'id']).execute();
  await db.schema.createIndex('business_main').on('business').columns(['hidden', 'main', 'id']).execute();
}
