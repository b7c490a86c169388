import { scamPhrases } from '#server/modules/scam/scam-phrase.service.ts';
import {
  type ConversationEntry,
  ConversationMessages,
  type ConversationTarget,
  type ConversationView,
  MESSAGES_PAGE,
  type MessageEvent,
  type MessageSent,
  REMOVED_MEMBER,
} from '#shared/conversations.ts';
import { AppError } from '#shared/errors.ts';
import { warningKeys } from '#shared/scam-warnings.ts';
import { ErrorKey } from '#shared/messages.ts';
import type {
  BlockInput,
  ConversationListQuery,
  ConversationReadQuery,
  ConversationStartInput,
  MessageInput,
} from '#shared/schemas/conversation.ts';
import { SectionTables } from '#shared/schemas/content.ts';
import type { Caller, Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { nowIso } from '#server/lib/clock.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { CONTENT_RESOURCES } from '#server/modules/content/content-resources.ts';
import { spendWriteAllowance } from '#server/modules/auth/write-limits.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { mailLink } from '#server/modules/mail/site-address.ts';
import { membersMailed } from '#server/modules/notification/notification.service.ts';
import { membersWithPush, sendPushes } from '#server/modules/push/push.service.ts';
import { authorName, findUserEmail } from '#server/modules/user/member-contact.service.ts';
import { unreadMessageMail } from './message.mail.ts';
import { isMemberOf, otherOf, requireMemberOf } from './message.policy.ts';
import {
  addBlock,
  addConversation,
  blocksOf,
  type ConversationItem,
  type ConversationRow,
  countConversationsOf,
  countUnreadOf,
  findConversation,
  findItems,
  findConversationId,
  forgetMembers,
  insertMessage,
  isBlocked,
  listConversationsOf,
  markConversationRead,
  markMailed,
  memberExists,
  messagesDueForMail,
  messagesOf,
  messagesOfMemberSince,
  newestMessageIdOf,
  nicknamesOf,
  partnersAbout,
  removeBlock,
  unreadByConversation,
} from './message.repository.ts';

// Private messages (쪽지/채팅, PRODUCT.md "Messages"): two members talk about an item or
// directly, one conversation per pair and item. Only its two members read or write it; a member
// who was blocked by the other can no longer start one or write in it.

// Re-exported for the pages' loaders and actions, which parse with them.
export {
  ConversationListQuerySchema,
  ConversationReadQuerySchema,
  ConversationStartSchema,
  MessageInputSchema,
} from '#shared/schemas/conversation.ts';

/** Runs a write of conversations: no stored page shows one, so it ends none (write-tracker.ts). */
function privately<T>(work: () => Promise<T>): Promise<T> {
  return writesShowOnly([], work);
}

/** The tables whose items take conversations: the resources that declare `chat`. */
const CHAT_TARGETS = SectionTables.filter((t) => CONTENT_RESOURCES[t].chat);

/** An item a conversation may be about: of a resource that declares `chat`, shown to everyone and
 * in one of its chat sections where it names them (the market's posts, not the board's others). */
async function findChatItem(db: Executor, target: ConversationTarget, id: number): Promise<ConversationItem | undefined> {
  const chat = CONTENT_RESOURCES[target].chat;
  if (!chat) return undefined;
  const [row] = await findItems(db, target, [id]);
  if (!row) return undefined;
  if (chat.sections && !chat.sections.includes(row.topcategory)) return undefined;
  return row;
}

/** 403 `blocked` when `other` blocked `user`. */
async function requireNotBlocked(db: Executor, other: number, user: number): Promise<void> {
  if (await isBlocked(db, other, user)) throw new AppError(403, ErrorKey.blocked, { detail: ConversationMessages.blocked });
}

/** POST /api/conversation: about an item with its author, or with a member; the same pair and
 * item always answer the same id, whoever starts it. */
export async function startConversation(deps: Deps, caller: Caller, input: ConversationStartInput): Promise<{ id: number }> {
  const actor = requireActor(caller.actor);
  let other: number;
  let target = '';
  let item = 0;
  if ('user' in input) {
    if (input.user === actor.id) throw new AppError(400, ErrorKey.invalid, { field: 'user', detail: ConversationMessages.self });
    if (!(await memberExists(deps.db, input.user))) throw new AppError(404, ErrorKey.notFound, { field: 'user' });
    other = input.user;
  } else {
    const found = await findChatItem(deps.db, input.target, input.item);
    if (!found) throw new AppError(404, ErrorKey.notFound, { field: 'item' });
    // Its author answers in the conversations the others start.
    if (found.user === actor.id) throw new AppError(400, ErrorKey.invalid, { field: 'item', detail: ConversationMessages.ownItem });
    other = found.user;
    target = input.target;
    item = input.item;
  }
  await requireNotBlocked(deps.db, other, actor.id);
  const [user1, user2] = actor.id < other ? [actor.id, other] : [other, actor.id];
  const key = { user1, user2, target, item };
  const existing = await findConversationId(deps.db, key);
  if (existing !== undefined) return { id: existing };
  // Only a new conversation counts against the first day's budget.
  await spendWriteAllowance(deps, actor, 'conversation');
  return { id: await privately(() => addConversation(deps.db, key, nowIso())) };
}

/** The members who talked with `user` about an item (a sale's possible buyers), newest
 * conversation first; accounts that are gone are left out. */
export async function membersTalkedAbout(
  deps: Deps,
  user: number,
  target: string,
  item: number,
): Promise<{ id: number; nickname: string }[]> {
  const ids = await partnersAbout(deps.db, user, target, item);
  const names = await nicknamesOf(deps.db, ids);
  return ids.flatMap((id) => {
    const nickname = names.get(id);
    return nickname === undefined ? [] : [{ id, nickname }];
  });
}

/** The titles of the items these conversations are about, by `target:item`. */
async function itemTitles(db: Executor, rows: Pick<ConversationRow, 'target' | 'item'>[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const target of CHAT_TARGETS) {
    const ids = [...new Set(rows.filter((r) => r.target === target).map((r) => r.item))];
    for (const found of await findItems(db, target, ids)) titles.set(`${target}:${found.id}`, found.title);
  }
  return titles;
}

const nameOf = (names: Map<number, string>, id: number) => names.get(id) ?? REMOVED_MEMBER;

/** GET /api/conversation: mine, newest activity first, each with its unread count, and how many
 * are unread in all. */
export async function listConversations(deps: Deps, caller: Caller, query: ConversationListQuery) {
  const actor = requireActor(caller.actor);
  const [rows, total, unread] = await Promise.all([
    listConversationsOf(deps.db, actor.id, query.page, query.size),
    countConversationsOf(deps.db, actor.id),
    countUnreadOf(deps.db, actor.id),
  ]);
  const ids = rows.map((r) => r.id);
  const [unreadOf, names, titles] = await Promise.all([
    unreadByConversation(deps.db, actor.id, ids),
    nicknamesOf(deps.db, [...new Set(rows.map((r) => otherOf(r, actor.id)))]),
    itemTitles(deps.db, rows),
  ]);
  const items: ConversationEntry[] = rows.map((r) => {
    const other = otherOf(r, actor.id);
    return {
      id: r.id,
      other: { id: other, nickname: nameOf(names, other) },
      target: r.target as ConversationEntry['target'],
      item: r.item,
      title: titles.get(`${r.target}:${r.item}`) ?? '',
      last: r.content !== null && r.date !== null && r.user !== null ? { content: r.content, date: r.date, user: r.user } : null,
      unread: unreadOf.get(r.id) ?? 0,
    };
  });
  return { items, total, page: query.page, size: query.size, unread };
}

/** The conversation as its members see it at the top of its page. */
async function conversationHead(db: Executor, row: ConversationRow, user: number): Promise<ConversationView['item']> {
  const other = otherOf(row, user);
  const [names, titles] = await Promise.all([nicknamesOf(db, [other]), itemTitles(db, [row])]);
  return {
    id: row.id,
    other: { id: other, nickname: nameOf(names, other) },
    target: row.target as ConversationView['item']['target'],
    item: row.item,
    title: titles.get(`${row.target}:${row.item}`) ?? '',
  };
}

/** A page of a conversation's messages: the newest 50 (or those before `before`), oldest first. */
async function messagePage(db: Executor, conversation: number, before: number | undefined) {
  const rows = await messagesOf(db, conversation, before, MESSAGES_PAGE + 1);
  const more = rows.length > MESSAGES_PAGE;
  return { messages: rows.slice(0, MESSAGES_PAGE).reverse(), more };
}

/** GET /api/conversation/{id}: its two members only; everyone else 404. Reading it does not mark
 * it read (the page does that with PUT .../read once it shows the newest). Each message carries
 * the cautions its text earns, read here with the admins' phrases, so the page shows what the
 * server's one rule set finds, never a copy of it. */
export async function readConversation(deps: Deps, caller: Caller, id: number, query: ConversationReadQuery): Promise<ConversationView> {
  const actor = requireActor(caller.actor);
  const row = requireMemberOf(await findConversation(deps.db, id), actor);
  const [item, page, phrases] = await Promise.all([
    conversationHead(deps.db, row, actor.id),
    messagePage(deps.db, id, query.before),
    scamPhrases(deps),
  ]);
  return { item, ...page, messages: page.messages.map((m) => ({ ...m, warnings: warningKeys(m.content, phrases) })) };
}

/** POST /api/conversation/{id}/message: answers the message's id, date and the cautions its text
 * earns (both members see them at the message). */
export async function sendMessage(deps: Deps, caller: Caller, id: number, input: MessageInput): Promise<MessageSent> {
  const actor = requireActor(caller.actor);
  const row = requireMemberOf(await findConversation(deps.db, id), actor);
  const other = otherOf(row, actor.id);
  await requireNotBlocked(deps.db, other, actor.id);
  await spendWriteAllowance(deps, actor, 'message');
  const message = { conversation: id, user: actor.id, content: input.content, date: nowIso() };
  const added = await privately(() =>
    deps.db.transaction().execute((trx) => insertMessage(trx, deps.dialect, message, [row.user1, row.user2])),
  );
  pushMessage(deps, other, actor.id, id);
  return { id: added.id, date: added.date, warnings: warningKeys(input.content, await scamPhrases(deps)) };
}

/** After the commit: the recipient's browsers hear of the message (push.service.ts decides
 * whether they take it). Who wrote, not what: a phone's lock screen is read by others too. */
function pushMessage(deps: Deps, to: number, from: number, conversation: number): void {
  (async () => {
    if (!(await membersWithPush(deps.db, [to])).size) return;
    const name = (await authorName(deps.db, from)) || REMOVED_MEMBER;
    sendPushes(deps, [
      { user: to, kind: 'message', title: `${name}님의 새 쪽지`, body: '쪽지를 열어 확인하세요', link: `/messages/${conversation}` },
    ]);
  })().catch((err: unknown) => deps.logger.error({ err }, 'message push failed'));
}

/** PUT /api/conversation/{id}/read: everything in it up to now is read; answers my unread count. */
export async function markRead(deps: Deps, caller: Caller, id: number): Promise<{ unread: number }> {
  const actor = requireActor(caller.actor);
  requireMemberOf(await findConversation(deps.db, id), actor);
  await privately(() => markConversationRead(deps.db, id, actor.id, false));
  return { unread: await countUnreadOf(deps.db, actor.id) };
}

/** DELETE /api/conversation/{id}: off my list (and read) until a new message comes; the other
 * member keeps it. */
export async function leaveConversation(deps: Deps, caller: Caller, id: number): Promise<{ id: number }> {
  const actor = requireActor(caller.actor);
  requireMemberOf(await findConversation(deps.db, id), actor);
  await privately(() => markConversationRead(deps.db, id, actor.id, true));
  return { id };
}

/** The header's 쪽지: how many messages a member has not read, in all. */
export function unreadMessageCount(deps: Deps, memberId: number): Promise<number> {
  return countUnreadOf(deps.db, memberId);
}

/** The live stream's catch-up (GET /api/events): messages to or from the member after a message
 * id, oldest first, at most 100. */
export function messageEventsSince(deps: Deps, memberId: number, afterMessageId: number): Promise<MessageEvent[]> {
  return messagesOfMemberSince(deps.db, memberId, afterMessageId, 100);
}

/** Where a fresh live stream starts: the member's newest message id, so it tells only later ones. */
export function newestMessageId(deps: Deps, memberId: number): Promise<number> {
  return newestMessageIdOf(deps.db, memberId);
}

/** POST /api/block: the member can no longer start a conversation with me or write to me. */
export async function blockMember(deps: Deps, caller: Caller, input: BlockInput): Promise<{ user: number }> {
  const actor = requireActor(caller.actor);
  if (input.user === actor.id) throw new AppError(400, ErrorKey.invalid, { field: 'user', detail: ConversationMessages.self });
  if (!(await memberExists(deps.db, input.user))) throw new AppError(404, ErrorKey.notFound, { field: 'user' });
  await privately(() => addBlock(deps.db, actor.id, input.user, nowIso()));
  return { user: input.user };
}

/** DELETE /api/block/{user}. */
export async function unblockMember(deps: Deps, caller: Caller, user: number): Promise<{ user: number }> {
  const actor = requireActor(caller.actor);
  await privately(() => removeBlock(deps.db, actor.id, user));
  return { user };
}

/** GET /api/block: the members I blocked. */
export async function listBlocks(deps: Deps, caller: Caller) {
  const actor = requireActor(caller.actor);
  const rows = await blocksOf(deps.db, actor.id);
  return { items: rows.map((r) => ({ id: r.blocked, nickname: r.nickname ?? REMOVED_MEMBER, date: r.date })) };
}

/** Whether `user` may be reported on this conversation: one of its members. Answers its other
 * member, or undefined when there is no such conversation of theirs. */
export async function conversationForReport(deps: Deps, user: number, id: number): Promise<{ other: number } | undefined> {
  const row = await findConversation(deps.db, id);
  return row && isMemberOf(row, user) ? { other: otherOf(row, user) } : undefined;
}

/** The report screen's view of a reported conversation (the only place an admin reads one):
 * its newest messages with their writers' names. */
export async function reportedConversation(deps: Deps, id: number) {
  const row = await findConversation(deps.db, id);
  if (!row) return undefined;
  const { messages, more } = await messagePage(deps.db, id, undefined);
  const names = await nicknamesOf(deps.db, [row.user1, row.user2]);
  return {
    members: [row.user1, row.user2].map((u) => ({ id: u, nickname: nameOf(names, u) })),
    messages: messages.map((m) => ({ ...m, nickname: nameOf(names, m.user) })),
    more,
  };
}

/** How long a message waits unread before it is mailed. */
export const UNREAD_MAIL_AFTER_MS = 10 * 60_000;
const MAIL_BATCH = 500;

/** Every minute (main.ts, one server of several): messages unread for 10 minutes are mailed
 * once to their recipient, one mail per conversation, if they take kind `message` by e-mail.
 * Each message is considered once, read or not. Answers how many mails were queued. */
export async function mailUnreadMessages(deps: Deps, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - UNREAD_MAIL_AFTER_MS).toISOString();
  let mailed = 0;
  for (;;) {
    const rows = await messagesDueForMail(deps.db, cutoff, MAIL_BATCH);
    if (!rows.length) return mailed;
    // One mail per recipient and conversation, naming the writer and how many wait.
    const waiting = new Map<string, { recipient: number; sender: number; conversation: number; count: number }>();
    for (const r of rows) {
      if (r.recipient === null || r.readmessage === null || r.id <= r.readmessage) continue;
      const key = `${r.recipient}:${r.conversation}`;
      const entry = waiting.get(key) ?? { recipient: r.recipient, sender: r.sender, conversation: r.conversation, count: 0 };
      entry.count++;
      waiting.set(key, entry);
    }
    const entries = [...waiting.values()];
    const wanted = await membersMailed(deps.db, [...new Set(entries.map((e) => e.recipient))], 'message');
    const names = await nicknamesOf(deps.db, [...new Set(entries.map((e) => e.sender))]);
    for (const e of entries) {
      if (!wanted.has(e.recipient)) continue;
      const to = await findUserEmail(deps.db, e.recipient);
      if (!to) continue;
      const link = mailLink(deps.env, `/messages/${e.conversation}`);
      await queueMail(deps, unreadMessageMail(deps.env.SITE_NAME, to, nameOf(names, e.sender), e.count, link));
      mailed++;
    }
    await privately(() =>
      markMailed(
        deps.db,
        rows.map((r) => r.id),
      ),
    );
    if (rows.length < MAIL_BATCH) return mailed;
  }
}

/** Part of removing accounts, inside the removal's transaction: their marks and blocks go, their
 * messages stay in the other member's copy. */
export function forgetMembersMessages(db: Executor, users: number[]): Promise<void> {
  return forgetMembers(db, users);
}
