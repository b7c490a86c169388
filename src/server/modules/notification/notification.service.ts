import type { NotificationRecord } from '#shared/api.ts';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import {
  MailSettingKinds,
  type MailSettingKind,
  NOTIFICATION_MAIL_DEFAULTS,
  noticeSentence,
  type PushKind,
  PushKinds,
} from '#shared/notifications.ts';
import type {
  NotificationListQuerySchema,
  NotificationReadInput,
  NotificationSettings,
  NotificationSettingsInput,
} from '#shared/schemas/notification.ts';
import type { z } from 'zod';
import type { Caller, Deps } from '#server/context.ts';
import { type BackgroundJob, type BackgroundTarget, runInBackground } from '#server/db/background.ts';
import type { Db, Executor } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { mailLink } from '#server/modules/mail/site-address.ts';
import { membersWithPush, pushChoicesOf, savePushChoices, sendPushes } from '#server/modules/push/push.service.ts';
import { authorName, findUserEmail } from '#server/modules/user/member-contact.service.ts';
import { noticeMail } from './notification.mail.ts';
import { type Recipient, recipientsOf } from './notification.policy.ts';
import {
  countNotificationsOf,
  deleteNoticesAbout,
  deleteNoticesOfItems,
  deleteNotificationsOfUsers,
  deleteReadBefore,
  findNotificationOf,
  insertNotifications,
  listNotificationsOf,
  mailSettingsOf,
  markNotificationsRead,
  saveMailSettings,
} from './notification.repository.ts';

// PRODUCT.md, beyond the spec: a member is told when someone comments on their post, replies to
// their comment or answers their inquiry. The writer's service calls `notify` inside its own
// transaction (one insert: the notice commits or rolls back with the comment), then `deliver`
// after the commit, which mails those who chose e-mail through the mail queue without holding
// the writer's answer.

/** One event to tell: who acted, on what, and where it is read. */
export interface Event {
  actor: number;
  target: string;
  item: number;
  title: string;
  link: string;
}

export interface Notice extends Event {
  id: number;
  user: number;
  kind: string;
  keyword: string;
}

/** Records the event for each recipient (never the actor, once per member and event); answers
 * the notices it added, for `deliver`. */
export async function notify(db: Executor, event: Event, candidates: Recipient[]): Promise<Notice[]> {
  const date = nowIso();
  return insertNotifications(
    db,
    recipientsOf(event.actor, candidates).map((r) => ({ ...event, user: r.user, kind: r.kind, keyword: r.keyword ?? '', date })),
  );
}

/** Tells `user` of an event that recurs (a listing closing, once per close date): the notice of
 * the last time goes, so the new one is unread and on top. Answers it, or none for the actor. */
export async function notifyAgain(db: Executor, event: Event, recipient: Recipient): Promise<Notice[]> {
  await deleteNoticesAbout(db, recipient.kind, event.target, event.item);
  return notify(db, event, [recipient]);
}

/** The kinds that tell other members of an item (not its author of their own item). */
const TOLD_TO_OTHERS = ['keyword', 'comment', 'reply'] as const;

/** Items left everyone's view (a moderator hid them, or reports hold them): what other members
 * were told of them goes, in the same transaction, so a held item's title reaches nobody through
 * their notifications or a digest mail still to come (its rows name the notices). Its author's
 * own notices of it (held, expiry) stay. */
export function forgetNoticesToOthers(db: Executor, target: string, items: number[]): Promise<void> {
  return deleteNoticesOfItems(db, TOLD_TO_OTHERS, target, items);
}

/** After the writer's commit: mails the new notices whose members want that kind by e-mail,
 * through the queue, and pushes them to the members' browsers, in the background (a failure is
 * logged, never the writer's). Notices that mail their own way (keyword alerts, a listing's
 * close) are pushed with `pushNotices`. */
export function deliver(deps: Deps, notices: Notice[]): void {
  if (!notices.length) return;
  mailNotices(deps, notices).catch((err: unknown) => deps.logger.error({ err }, 'notification mail failed'));
  pushNotices(deps, notices);
}

const isPushKind = (kind: string): kind is PushKind => (PushKinds as readonly string[]).includes(kind);

/** After the writer's commit: the notices of the kinds that are pushed go to their members'
 * browsers (push.service.ts decides who takes which). Opening one marks it read and goes on to
 * its item (routes/mypage-notification-open.tsx). */
export function pushNotices(deps: Deps, notices: Notice[]): void {
  const candidates = notices.filter((n) => isPushKind(n.kind));
  if (!candidates.length) return;
  membersWithPush(deps.db, [...new Set(candidates.map((n) => n.user))])
    .then((subscribed) =>
      Promise.all(
        candidates
          .filter((n) => subscribed.has(n.user))
          .map(async (n) => ({
            user: n.user,
            kind: n.kind as PushKind,
            title: noticeSentence(n.kind, n.actor ? await authorName(deps.db, n.actor) : '', n.keyword),
            body: n.title,
            link: `/mypage/notifications/${n.id}`,
          })),
      ),
    )
    .then((pushes) => sendPushes(deps, pushes))
    .catch((err: unknown) => deps.logger.error({ err }, 'notification push failed'));
}

async function mailNotices(deps: Deps, notices: Notice[]): Promise<void> {
  const chosen = await mailChoices(deps.db, [...new Set(notices.map((n) => n.user))]);
  for (const n of notices) {
    if (!chosen.get(n.user)?.has(n.kind as MailSettingKind)) continue;
    const to = await findUserEmail(deps.db, n.user);
    if (!to) continue;
    const actor = await authorName(deps.db, n.actor);
    await queueMail(deps, noticeMail(deps.env.SITE_NAME, to, { kind: n.kind, actor, title: n.title, link: mailLink(deps.env, n.link) }));
  }
}

/** Of these members, those who take `kind` by e-mail (a private message left unread). */
export async function membersMailed(db: Executor, users: number[], kind: MailSettingKind): Promise<Set<number>> {
  const chosen = await mailChoices(db, users);
  return new Set(users.filter((u) => chosen.get(u)?.has(kind)));
}

/** Each member's kinds that go by e-mail: their saved choice, else the kind's default. */
async function mailChoices(db: Executor, users: number[]): Promise<Map<number, Set<MailSettingKind>>> {
  const rows = await mailSettingsOf(db, users);
  const out = new Map<number, Set<MailSettingKind>>();
  for (const user of users) {
    const mine = rows.filter((r) => r.user === user);
    const kinds = MailSettingKinds.filter((k) => {
      const saved = mine.find((r) => r.kind === k);
      return saved ? saved.mail === 1 : NOTIFICATION_MAIL_DEFAULTS[k];
    });
    out.set(user, new Set(kinds));
  }
  return out;
}

/** GET /api/notification: mine, newest first, with how many are unread. */
export async function listNotifications(deps: Deps, caller: Caller, params: z.output<typeof NotificationListQuerySchema>) {
  const actor = requireActor(caller.actor);
  const [rows, total, unread] = await Promise.all([
    listNotificationsOf(deps.db, actor.id, params.page, params.size),
    countNotificationsOf(deps.db, actor.id, false),
    countNotificationsOf(deps.db, actor.id, true),
  ]);
  const items: NotificationRecord[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    actor: r.nickname ?? '',
    keyword: r.keyword,
    title: r.title,
    link: r.link,
    created: r.date,
    read: r.readdate !== '',
  }));
  return { items, total, unread, page: params.page, size: params.size };
}

/** The header's count: how many of a member's notifications are unread. */
export function unreadCount(deps: Deps, user: number): Promise<number> {
  return countNotificationsOf(deps.db, user, true);
}

/** PUT /api/notification/read: marks some of mine (ids of others' change nothing) or all read;
 * answers how many changed and how many stay unread. */
export async function markRead(deps: Deps, caller: Caller, input: NotificationReadInput): Promise<{ updated: number; unread: number }> {
  const actor = requireActor(caller.actor);
  const updated = await markNotificationsRead(deps.db, actor.id, input.all ? 'all' : (input.ids ?? []), nowIso());
  return { updated, unread: await countNotificationsOf(deps.db, actor.id, true) };
}

/** Opening one from the list: marks it read and answers where it leads. Another member's is not
 * there (404). */
export async function openNotification(deps: Deps, caller: Caller, id: number): Promise<{ link: string }> {
  const actor = requireActor(caller.actor);
  const row = await findNotificationOf(deps.db, actor.id, id);
  if (!row) throw new AppError(404, ErrorKey.notFound);
  if (row.readdate === '') await markNotificationsRead(deps.db, actor.id, [id], nowIso());
  return { link: row.link };
}

/** GET /api/notification/settings: the kinds that also go by e-mail to me, the kinds pushed to
 * my browsers and my quiet hours. */
export async function getNotificationSettings(deps: Deps, caller: Caller): Promise<NotificationSettings> {
  const actor = requireActor(caller.actor);
  const [mailed, pushed] = await Promise.all([mailChoices(deps.db, [actor.id]), pushChoicesOf(deps.db, [actor.id])]);
  const chosen = mailed.get(actor.id) ?? new Set();
  const { push, quiet } = pushed.get(actor.id) ?? { push: [...PushKinds], quiet: null };
  return { mail: MailSettingKinds.filter((k) => chosen.has(k)), push, quiet };
}

/** PUT /api/notification/settings: every mailed kind is stored, chosen or not; the push choices
 * when sent (a form of e-mail choices alone keeps them). */
export async function setNotificationSettings(deps: Deps, caller: Caller, input: NotificationSettingsInput): Promise<NotificationSettings> {
  const actor = requireActor(caller.actor);
  await saveMailSettings(
    deps.db,
    actor.id,
    MailSettingKinds.map((kind) => ({ kind, mail: input.mail.includes(kind) ? 1 : 0 })),
  );
  if (input.push !== undefined || input.quiet !== undefined) {
    const saved = (await pushChoicesOf(deps.db, [actor.id])).get(actor.id) ?? { push: [...PushKinds], quiet: null };
    await savePushChoices(deps.db, actor.id, {
      push: input.push ?? saved.push,
      quiet: input.quiet === undefined ? saved.quiet : input.quiet,
    });
  }
  return getNotificationSettings(deps, caller);
}

/** Read notifications are kept this long after they were made; unread ones until read. */
export const READ_KEEP_MS = 90 * 86_400_000;
const PRUNE_BATCH = 5000;

/** Deletes up to `limit` read notifications made before `cutoff`; answers how many. */
export function pruneReadBatch(db: Db, cutoff: string, limit: number): Promise<number> {
  return deleteReadBefore(db, cutoff, limit);
}

const pruneReadJob: BackgroundJob<[string, number], number> = { module: import.meta.url, name: 'pruneReadBatch', run: pruneReadBatch };

/** Hourly (main.ts): read notifications older than 90 days go, in short batches on the
 * background connection that the server's own writes can come between. Unread ones stay. */
export async function pruneNotifications(target: BackgroundTarget, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - READ_KEEP_MS).toISOString();
  while ((await runInBackground(target, pruneReadJob, cutoff, PRUNE_BATCH)) === PRUNE_BATCH) {
    // Until a batch comes back short.
  }
}

/** Part of removing accounts, inside the removal's transaction. */
export function forgetMembersNotifications(db: Executor, users: number[]): Promise<void> {
  return deleteNotificationsOfUsers(db, users);
}
