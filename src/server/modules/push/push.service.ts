import crypto from 'node:crypto';
import webPush from 'web-push';
import { AppError } from '#shared/errors.ts';
import { formatDateTime } from '#shared/format.ts';
import { ErrorKey } from '#shared/messages.ts';
import { type PushKind, PushKinds } from '#shared/notifications.ts';
import type { QuietHours } from '#shared/schemas/notification.ts';
import { PushMessages, type PushSubscriptionInput, type PushUnsubscribeInput } from '#shared/schemas/push.ts';
import type { Caller, Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import type { Env } from '#server/env.ts';
import { nowIso } from '#server/lib/clock.ts';
import { isPublicHost } from '#server/lib/public-address.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import {
  deletePushOfUsers,
  deleteSubscription,
  deleteSubscriptionOf,
  pushSettingsOf,
  savePushSettingsRow,
  saveSubscription,
  type SubscriptionRow,
  subscriptionsOf,
} from './push.repository.ts';

// Web push (PRODUCT.md "On the phone like an app"): a member's browsers subscribe with the site's
// VAPID key; what they are told of (notifications of the kinds they chose, new messages) is sent
// to each browser's push service, encrypted to the browser (aes128gcm, RFC 8291) and signed with
// the key (RFC 8292) by web-push. The server that made the write sends it, once, after the
// commit and without holding the writer's answer.

/** GET /api/push/key: the public key browsers subscribe with (base64url, 65 bytes). */
export function pushKey(deps: Deps): { key: string } {
  return { key: deps.vapid.publicKey };
}

/** The server posts only to the public internet (PUSH_ALLOW_LOCAL: tests' own push service). */
async function isAllowedEndpoint(env: Env, endpoint: string): Promise<boolean> {
  if (env.PUSH_ALLOW_LOCAL) return true;
  const url = new URL(endpoint);
  return url.protocol === 'https:' && (await isPublicHost(url.hostname));
}

function isCurvePoint(p256dh: string): boolean {
  try {
    crypto.ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** POST /api/push/subscription: this browser takes my pushes. */
export async function subscribe(deps: Deps, caller: Caller, input: PushSubscriptionInput): Promise<{ endpoint: string }> {
  const actor = requireActor(caller.actor);
  if (!(await isAllowedEndpoint(deps.env, input.endpoint))) {
    throw new AppError(400, ErrorKey.invalid, { field: 'endpoint', detail: PushMessages.endpoint });
  }
  if (!isCurvePoint(input.keys.p256dh)) throw new AppError(400, ErrorKey.invalid, { field: 'keys.p256dh', detail: PushMessages.key });
  await saveSubscription(deps.db, { user: actor.id, endpoint: input.endpoint, ...input.keys, date: nowIso() });
  return { endpoint: input.endpoint };
}

/** DELETE /api/push/subscription: this browser no longer takes my pushes (another member's
 * endpoint is not mine to remove: nothing changes). */
export async function unsubscribe(deps: Deps, caller: Caller, input: PushUnsubscribeInput): Promise<{ deleted: boolean }> {
  const actor = requireActor(caller.actor);
  return { deleted: await deleteSubscriptionOf(deps.db, actor.id, input.endpoint) };
}

/** A member's push choices: what they saved, else every kind at any hour. */
export interface PushChoices {
  push: PushKind[];
  quiet: QuietHours | null;
}

export async function pushChoicesOf(db: Executor, users: number[]): Promise<Map<number, PushChoices>> {
  const rows = await pushSettingsOf(db, users);
  const out = new Map<number, PushChoices>();
  for (const user of users) {
    const row = rows.find((r) => r.user === user);
    if (!row) {
      out.set(user, { push: [...PushKinds], quiet: null });
      continue;
    }
    const saved = new Set(row.kinds.split(','));
    out.set(user, {
      push: PushKinds.filter((k) => saved.has(k)),
      quiet: row.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : null,
    });
  }
  return out;
}

export function savePushChoices(db: Executor, user: number, choices: PushChoices): Promise<void> {
  return savePushSettingsRow(db, {
    user,
    kinds: choices.push.join(','),
    quiet_from: choices.quiet?.from ?? '',
    quiet_to: choices.quiet?.to ?? '',
  });
}

/** Whether the site's clock `now` ("HH:MM") falls in the quiet hours (over midnight when they end
 * earlier than they start). */
export function isQuietAt(quiet: QuietHours | null, now: string): boolean {
  if (!quiet) return false;
  return quiet.from < quiet.to ? now >= quiet.from && now < quiet.to : now >= quiet.from || now < quiet.to;
}

/** One thing to tell a member's browsers: what the notification shows and the page it opens. */
export interface Push {
  user: number;
  kind: PushKind;
  title: string;
  body: string;
  link: string;
}

/** Of these members, those with a browser that takes pushes: the others need no push made. */
export async function membersWithPush(db: Executor, users: number[]): Promise<Set<number>> {
  return new Set((await subscriptionsOf(db, users)).map((s) => s.user));
}

/** After the writer's commit: sends each push its member takes (the kind chosen, not in their
 * quiet hours) to each of their browsers, in the background (a failure is logged, never the
 * writer's). */
export function sendPushes(deps: Deps, pushes: Push[]): void {
  if (!pushes.length) return;
  pushAll(deps, pushes).catch((err: unknown) => deps.logger.error({ err }, 'push failed'));
}

async function pushAll(deps: Deps, pushes: Push[]): Promise<void> {
  const users = [...new Set(pushes.map((p) => p.user))];
  const subscriptions = await subscriptionsOf(deps.db, users);
  if (!subscriptions.length) return;
  const choices = await pushChoicesOf(deps.db, users);
  const now = formatDateTime(nowIso(), deps.env.SITE_TIMEZONE).slice(11);
  const sends: Promise<void>[] = [];
  for (const push of pushes) {
    const chosen = choices.get(push.user);
    if (!chosen?.push.includes(push.kind) || isQuietAt(chosen.quiet, now)) continue;
    for (const s of subscriptions) if (s.user === push.user) sends.push(sendOne(deps, s, push));
  }
  await Promise.all(sends);
}

/** How long a push service may keep a push for a browser that is offline. */
const PUSH_TTL_S = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

/** The VAPID subject (RFC 8292 §2.1): the site's https address, else its mail sender. */
function vapidSubject(env: Env): string {
  if (env.SITE_URL?.startsWith('https:')) return env.SITE_URL;
  return `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}`;
}

async function sendOne(deps: Deps, subscription: SubscriptionRow, push: Push): Promise<void> {
  // Checked again at each send: a name may point elsewhere since the member subscribed.
  if (!(await isAllowedEndpoint(deps.env, subscription.endpoint))) return;
  const request = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify({ title: push.title, body: push.body, link: push.link, kind: push.kind }),
    {
      vapidDetails: { subject: vapidSubject(deps.env), publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
      TTL: PUSH_TTL_S,
      urgency: push.kind === 'message' ? 'high' : 'normal',
    },
  );
  const answer = await fetch(subscription.endpoint, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
    body: request.body ? new Uint8Array(request.body) : undefined,
    // A push service answers; it does not send the server on to another address.
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  }).catch((err: unknown) => {
    deps.logger.warn({ err, endpoint: new URL(subscription.endpoint).origin }, 'push service not reached');
    return undefined;
  });
  if (!answer) return;
  await answer.body?.cancel();
  // The browser unsubscribed or the subscription expired: it goes (RFC 8030 §7.3).
  if (answer.status === 404 || answer.status === 410) await deleteSubscription(deps.db, subscription.id);
  else if (!answer.ok) deps.logger.warn({ status: answer.status, endpoint: new URL(subscription.endpoint).origin }, 'push refused');
}

/** Part of removing accounts, inside the removal's transaction. */
export function forgetMembersPush(db: Executor, users: number[]): Promise<void> {
  return deletePushOfUsers(db, users);
}
