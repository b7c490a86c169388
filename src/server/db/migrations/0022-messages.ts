import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Private messages (쪽지/채팅, PRODUCT.md "Messages"): two members talk about an item or directly.
// - `conversations`: one per pair of members and item. `user1` < `user2` and `target`/`item`
//   ('' and 0 for a direct one) are unique together, so both members starting it reach the same
//   row. `last` and `lastdate` are its newest message, for the list's order.
// - `conversation_members`: each member's own marks: the newest message they have read
//   (`readmessage`, a message id: unread = later messages of the other member) and whether they
//   left it (`hidden`: 1 takes it off their list until a new message brings it back).
// - `messages`: plain text as typed; `user` stays when the account goes (shown as 탈퇴한 회원).
//   `mailed` is 1 once the mail for a message left unread has been considered.
// - `blocks`: who blocked whom.
// The e-mail choice for kind `message` lives in notification_settings (a row per member and kind).
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('user1', 'integer', (c) => c.notNull())
    .addColumn('user2', 'integer', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastdate', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversations_pair').on('conversations').columns(['user1', 'user2', 'target', 'item']).unique().execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('readmessage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation', 'user'])
    .execute();
  // A member's list and unread count.
  await db.schema.createIndex('conversation_members_user').on('conversation_members').columns(['user', 'conversation']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('conversation', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('mailed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('messages_conversation_id').on('messages').columns(['conversation', 'id']).execute();
  // The scan for messages left unread: only those not yet considered, oldest first.
  await db.schema.createIndex('messages_mailed_date').on('messages').columns(['mailed', 'date']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('blocked', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['user', 'blocked'])
    .execute();
}
