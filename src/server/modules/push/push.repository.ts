import type { Executor } from '#server/db/database.ts';

export interface SubscriptionRow {
  id: number;
  user: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A browser's subscription, made or renewed: an endpoint is one browser, so one another member
 * subscribed with before is this member's from now on. */
export async function saveSubscription(db: Executor, row: Omit<SubscriptionRow, 'id'> & { date: string }): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user: eb.ref('excluded.user'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        date: eb.ref('excluded.date'),
      })),
    )
    .execute();
}

/** Answers whether the member had a subscription at this endpoint. */
export async function deleteSubscriptionOf(db: Executor, user: number, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('user', '=', user).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A subscription the push service says is gone (404/410). */
export async function deleteSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function subscriptionsOf(db: Executor, users: number[]): Promise<SubscriptionRow[]> {
  if (!users.length) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').select(['id', 'user', 'endpoint', 'p256dh', 'auth']).where('user', 'in', users).execute();
}

export function pushSettingsOf(db: Executor, users: number[]) {
  if (!users.length) return Promise.resolve([]);
  return db.selectFrom('push_settings').select(['user', 'kinds', 'quiet_from', 'quiet_to']).where('user', 'in', users).execute();
}

export async function savePushSettingsRow(
  db: Executor,
  row: { user: number; kinds: string; quiet_from: string; quiet_to: string },
): Promise<void> {
  await db
    .insertInto('push_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('user').doUpdateSet((eb) => ({
        kinds: eb.ref('excluded.kinds'),
        quiet_from: eb.ref('excluded.quiet_from'),
        quiet_to: eb.ref('excluded.quiet_to'),
      })),
    )
    .execute();
}

/** A removed member's browsers and choices go with them. */
export async function deletePushOfUsers(db: Executor, users: number[]): Promise<void> {
  if (!users.length) return;
  await db.deleteFrom('push_subscriptions').where('user', 'in', users).execute();
  await db.deleteFrom('push_settings').where('user', 'in', users).execute();
}
