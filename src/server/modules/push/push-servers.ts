import type { Db } from '#server/db/database.ts';

// Several app servers on one PostgreSQL (PRODUCT.md "On the phone like an app"): a browser's push
// subscription is bound to the VAPID key it was made with, so every server must sign with the same
// one, set by VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY. A server whose own key (generated into its
// DATA_DIR, or a different pair) differs from a running server's refuses to start, rather than
// sending pushes that some members' browsers refuse. A running server says so every HEARTBEAT_MS;
// a key not heard of for STALE_MS belongs to no running server (a server replaced by one with a
// new key starts).

const HEARTBEAT_MS = 30_000;
const STALE_MS = 3 * HEARTBEAT_MS;

/** Says that a server signing with `publicKey` runs now. */
async function sayRunning(db: Db, publicKey: string, now: Date): Promise<void> {
  const seen = now.toISOString();
  await db
    .insertInto('push_servers')
    .values({ public_key: publicKey, seen })
    .onConflict((oc) => oc.column('public_key').doUpdateSet({ seen }))
    .execute();
}

/** Whether a running server signs with another key than `publicKey`. Keys of servers long gone
 * are forgotten on the way. */
export async function otherKeyRunning(db: Db, publicKey: string, now = new Date()): Promise<boolean> {
  const stale = new Date(now.getTime() - STALE_MS).toISOString();
  await db.deleteFrom('push_servers').where('seen', '<', stale).execute();
  const other = await db.selectFrom('push_servers').select('public_key').where('public_key', '!=', publicKey).executeTakeFirst();
  return other !== undefined;
}

/** Keeps saying that this server runs with `publicKey`, from now until stopped. */
export async function holdPushKey(db: Db, publicKey: string, onError: (err: unknown) => void): Promise<{ stop(): void }> {
  await sayRunning(db, publicKey, new Date());
  const timer = setInterval(() => void sayRunning(db, publicKey, new Date()).catch(onError), HEARTBEAT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
