import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// Comments hang off items of any kind whose resource declares `comments` (housing listings
// besides board posts): a comment names its item's table in `target` ('board' for every comment
// so far) beside the item's id in `board`; housing listings keep their live comments' count.
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('comment')
    .addColumn('target', 'text', (c) => c.notNull().defaultTo('board'))
    .execute();
  await db.schema.dropIndex('comment_board').execute();
  await db.schema.createIndex('comment_item').on('comment').columns(['target', 'board', 'id']).execute();
  await db.schema
    .alterTable('housing')
    .addColumn('comment', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
