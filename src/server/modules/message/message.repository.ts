import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { SectionTable } from '#shared/schemas/content.ts';
import type { Database, Dialect, Executor } from '#server/db/database.ts';
import { shown } from '#server/db/visibility.ts';
import { writesOfMembers } from '#server/db/write-tracker.ts';

// The message module's SQL. Every write names the members whose rows it writes
// (write-tracker.ts `writesOfMembers`): a conversation's writes are its two members', so their
// unread counts and lists are renewed and no one else's.

/** The tables a conversation's writes touch, as written for these members alone. */
function ofMembers(users: number[]) {
  return { conversations: users, conversation_members: users, messages: users };
}

export interface ConversationRow {
  id: number;
  user1: number;
  user2: number;
  target: string;
  item: number;
}

/** A conversation's pair (the lower id first) and item ('' and 0 for none). */
export interface ConversationKey {
  user1: number;
  user2: number;
  target: string;
  item: number;
}

export async function findConversationId(db: Executor, key: ConversationKey): Promise<number | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('user1', '=', key.user1)
    .where('user2', '=', key.user2)
    .where('target', '=', key.target)
    .where('item', '=', key.item)
    .executeTakeFirst();
  return row?.id;
}

/** Makes the conversation with its two members' marks; two members starting it at once reach the
 * same row (the unique key), and both answer its id. */
export async function addConversation(db: Executor, key: ConversationKey, date: string): Promise<number> {
  const pair = [key.user1, key.user2];
  return writesOfMembers(ofMembers(pair), async () => {
    const added = await db
      .insertInto('conversations')
      .values({ ...key, lastdate: date, date })
      .onConflict((oc) => oc.columns(['user1', 'user2', 'target', 'item']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id = added?.id ?? (await findConversationId(db, key));
    if (id === undefined) throw new Error('conversation vanished');
    await db
      .insertInto('conversation_members')
      .values(pair.map((user) => ({ conversation: id, user })))
      .onConflict((oc) => oc.columns(['conversation', 'user']).doNothing())
      .execute();
    return id;
  });
}

export function findConversation(db: Executor, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').select(['id', 'user1', 'user2', 'target', 'item']).where('id', '=', id).executeTakeFirst();
}

/** A page of a member's conversations still on their list, newest activity first. */
export function listConversationsOf(db: Executor, user: number, page: number, size: number) {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation')
    .leftJoin('messages as l', 'l.id', 'c.last')
    .select(['c.id', 'c.user1', 'c.user2', 'c.target', 'c.item', 'l.content', 'l.date', 'l.user', 'm.readmessage'])
    .where('m.user', '=', user)
    .where('m.hidden', '=', 0)
    .orderBy('c.lastdate', 'desc')
    .orderBy('c.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

export async function countConversationsOf(db: Executor, user: number): Promise<number> {
  const r = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user', '=', user)
    .where('hidden', '=', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Per conversation of these, how many of the other member's messages `user` has not read. */
export async function unreadByConversation(db: Executor, user: number, conversations: number[]): Promise<Map<number, number>> {
  if (!conversations.length) return new Map();
  const rows = await db
    .selectFrom('conversation_members as m')
    .innerJoin('messages as msg', (j) => j.onRef('msg.conversation', '=', 'm.conversation').onRef('msg.id', '>', 'm.readmessage'))
    .select(['m.conversation', (eb) => eb.fn.countAll().as('n')])
    .where('m.user', '=', user)
    .where('m.conversation', 'in', conversations)
    .where('msg.user', '<>', user)
    .groupBy('m.conversation')
    .execute();
  return new Map(rows.map((r) => [r.conversation, Number(r.n)]));
}

/** All of `user`'s unread messages, in every conversation (the header's 쪽지). */
export async function countUnreadOf(db: Executor, user: number): Promise<number> {
  const r = await db
    .selectFrom('conversation_members as m')
    .innerJoin('messages as msg', (j) => j.onRef('msg.conversation', '=', 'm.conversation').onRef('msg.id', '>', 'm.readmessage'))
    .select((eb) => eb.fn.countAll().as('n'))
    .where('m.user', '=', user)
    .where('msg.user', '<>', user)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Up to `limit` messages of a conversation before a message id (or the newest), newest first. */
export function messagesOf(db: Executor, conversation: number, before: number | undefined, limit: number) {
  let q = db
    .selectFrom('messages')
    .select(['id', 'user', 'content', 'date'])
    .where('conversation', '=', conversation)
    .orderBy('id', 'desc')
    .limit(limit);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.execute();
}

/** Any key of our own for PostgreSQL's advisory locks, one per purpose. */
const MESSAGE_ORDER_LOCK = 7_311_043;

/** Adds a message (inside a transaction): the conversation's newest, and back on both members'
 * lists. On PostgreSQL, messages sent at once could commit out of id order (104 after 105), and a
 * live stream that had told 105 would never tell 104 (modules/message/message.live.ts reads by id):
 * so message inserts take turns until they commit, and ids become visible in order. The turn is
 * held until the commit, so it holds one statement: every round trip inside it delays every
 * other message on the site. SQLite writes one transaction at a time anyway. */
export async function insertMessage(
  db: Executor,
  dialect: Dialect,
  row: { conversation: number; user: number; content: string; date: string },
  pair: number[],
) {
  return writesOfMembers(ofMembers(pair), async () => {
    if (dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`.execute(db);
      return db
        .with('added', (qb) => qb.insertInto('messages').values(row).returning(['id', 'date']))
        .with('conversation', (qb) =>
          qb
            .updateTable('conversations')
            .set((eb) => ({ last: eb.selectFrom('added').select('id'), lastdate: row.date }))
            .where('id', '=', row.conversation),
        )
        .with('members', (qb) =>
          qb
            .updateTable('conversation_members')
            .set((eb) => ({ hidden: 0, readmessage: readUpTo(eb, row.user, eb.selectFrom('added').select('id').$asScalar()) }))
            .where('conversation', '=', row.conversation),
        )
        .selectFrom('added')
        .select(['id', 'date'])
        .executeTakeFirstOrThrow();
    }
    const added = await db.insertInto('messages').values(row).returning(['id', 'date']).executeTakeFirstOrThrow();
    await db.updateTable('conversations').set({ last: added.id, lastdate: row.date }).where('id', '=', row.conversation).execute();
    await db
      .updateTable('conversation_members')
      .set((eb) => ({ hidden: 0, readmessage: readUpTo(eb, row.user, eb.val(added.id)) }))
      .where('conversation', '=', row.conversation)
      .execute();
    return added;
  });
}

/** Back on both members' lists; the writer has read everything up to their own message. */
function readUpTo(eb: ExpressionBuilder<Database, 'conversation_members'>, writer: number, message: Expression<number>) {
  return eb.case().when('user', '=', writer).then(message).else(eb.ref('readmessage')).end();
}

/** Marks the conversation read up to its newest message for `user`; `hide` also takes it off
 * their list (leaving). */
export async function markConversationRead(db: Executor, conversation: number, user: number, hide: boolean): Promise<void> {
  await writesOfMembers({ conversation_members: [user] }, () =>
    db
      .updateTable('conversation_members')
      .set((eb) => ({
        readmessage: eb.selectFrom('conversations').select('last').where('id', '=', conversation),
        ...(hide && { hidden: 1 }),
      }))
      .where('conversation', '=', conversation)
      .where('user', '=', user)
      .execute(),
  );
}

/** Nicknames of these members (those whose account is gone are missing). */
export async function nicknamesOf(db: Executor, users: number[]): Promise<Map<number, string>> {
  if (!users.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', users).execute();
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** The members who have a conversation with `user` about an item. */
export async function partnersAbout(db: Executor, user: number, target: string, item: number): Promise<number[]> {
  const rows = await db
    .selectFrom('conversations')
    .select(['user1', 'user2'])
    .where('target', '=', target)
    .where('item', '=', item)
    .where((w) => w.or([w('user1', '=', user), w('user2', '=', user)]))
    .orderBy('lastdate', 'desc')
    .execute();
  return rows.map((r) => (r.user1 === user ? r.user2 : r.user1));
}

/** Whether a member account exists. */
export async function memberExists(db: Executor, user: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', user).executeTakeFirst()) !== undefined;
}

export interface ConversationItem {
  id: number;
  user: number;
  title: string;
  hidden: number;
  topcategory: number;
}

/** The items conversations are about, by table: only those shown to everyone. */
export async function findItems(db: Executor, target: SectionTable, ids: number[]): Promise<ConversationItem[]> {
  if (!ids.length) return [];
  if (target === 'board') {
    return db.selectFrom('board').select(['id', 'user', 'title', 'hidden', 'topcategory']).where('id', 'in', ids).where(shown()).execute();
  }
  const rows = await db.selectFrom(target).select(['id', 'user', 'title', 'hidden']).where('id', 'in', ids).where(shown()).execute();
  return rows.map((r) => ({ ...r, topcategory: 0 }));
}

/** True when `user` blocked `blocked`. */
export async function isBlocked(db: Executor, user: number, blocked: number): Promise<boolean> {
  const r = await db.selectFrom('blocks').select('user').where('user', '=', user).where('blocked', '=', blocked).executeTakeFirst();
  return r !== undefined;
}

export async function addBlock(db: Executor, user: number, blocked: number, date: string): Promise<void> {
  await writesOfMembers({ blocks: [user] }, () =>
    db
      .insertInto('blocks')
      .values({ user, blocked, date })
      .onConflict((oc) => oc.columns(['user', 'blocked']).doNothing())
      .execute(),
  );
}

export async function removeBlock(db: Executor, user: number, blocked: number): Promise<void> {
  await writesOfMembers({ blocks: [user] }, () =>
    db.deleteFrom('blocks').where('user', '=', user).where('blocked', '=', blocked).execute(),
  );
}

/** The members `user` blocked, newest first, with their nicknames now. */
export function blocksOf(db: Executor, user: number) {
  return db
    .selectFrom('blocks as b')
    .leftJoin('users as u', 'u.id', 'b.blocked')
    .select(['b.blocked', 'b.date', 'u.nickname'])
    .where('b.user', '=', user)
    .orderBy('b.date', 'desc')
    .execute();
}

/** Messages to or from `user` after a message id, oldest first (the live stream's catch-up). */
export function messagesOfMemberSince(db: Executor, user: number, after: number, limit: number) {
  return db
    .selectFrom('messages as msg')
    .innerJoin('conversation_members as m', 'm.conversation', 'msg.conversation')
    .select(['msg.conversation', 'msg.id'])
    .where('m.user', '=', user)
    .where('msg.id', '>', after)
    .orderBy('msg.id', 'asc')
    .limit(limit)
    .execute();
}

/** The newest message id of the member's conversations (0 when none): where a fresh live stream
 * starts, so that it tells only what comes after it. */
export async function newestMessageIdOf(db: Executor, user: number): Promise<number> {
  const r = await db
    .selectFrom('messages as msg')
    .innerJoin('conversation_members as m', 'm.conversation', 'msg.conversation')
    .select((eb) => eb.fn.max('msg.id').as('id'))
    .where('m.user', '=', user)
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** Messages not yet considered for the unread mail, written before `cutoff`, oldest first, each
 * with its recipient (none when their account is gone) and how far they have read. */
export function messagesDueForMail(db: Executor, cutoff: string, limit: number) {
  return db
    .selectFrom('messages as msg')
    .leftJoin('conversation_members as m', (j) => j.onRef('m.conversation', '=', 'msg.conversation').onRef('m.user', '<>', 'msg.user'))
    .select(['msg.id', 'msg.conversation', 'msg.user as sender', 'm.user as recipient', 'm.readmessage'])
    .where('msg.mailed', '=', 0)
    .where('msg.date', '<=', cutoff)
    .orderBy('msg.id', 'asc')
    .limit(limit)
    .execute();
}

export async function markMailed(db: Executor, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('messages').set({ mailed: 1 }).where('id', 'in', ids).execute();
}

/** Part of removing accounts: their own marks and blocks go; their messages stay in the other
 * member's copy (shown as from 탈퇴한 회원). */
export async function forgetMembers(db: Executor, users: number[]): Promise<void> {
  await writesOfMembers({ conversation_members: users, blocks: users }, async () => {
    await db.deleteFrom('conversation_members').where('user', 'in', users).execute();
    await db.deleteFrom('blocks').where('user', 'in', users).execute();
  });
  await db.deleteFrom('blocks').where('blocked', 'in', users).execute();
}
