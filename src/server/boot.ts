import type { Env } from './env.ts';
import { connect, type Connection } from './db/connect.ts';
import { upgradeToLatest } from './upgrade.ts';
import type { Deps } from './context.ts';
import { createLimits } from './lib/rate-limit.ts';
import { createJwt } from './lib/jwt.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createViewQueue } from './modules/view/view-queue.ts';
import { createMailer } from './lib/mailer.ts';
import { createMetrics } from './lib/metrics.ts';
import { watchServer } from './modules/system/system.metrics.ts';
import { createMailQueue } from './modules/mail/mail-queue.ts';
import { LiveHub } from './modules/live/live-hub.ts';
import { loadOrCreateJwtSecret, loadOrCreateVapidKeys } from './lib/secrets.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Fault } from './lib/faults.ts';
import { holdPushKey, otherKeyRunning } from './modules/push/push-servers.ts';

/** A start that cannot go on for a reason the operator must fix: main.ts prints its message, one
 * line in Korean and English, and exits, instead of a stack trace. */
export class StartupError extends Error {}

/** DATA_DIR takes the SQLite database, the JWT key and the uploads: tried once, first, so that a
 * read-only or missing folder is named plainly rather than failing in whichever part wrote first. */
export function checkDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    const code = (err as { code?: string }).code ?? String(err);
    throw new StartupError(`데이터 폴더(DATA_DIR)에 쓸 수 없습니다 / cannot write to the data folder (DATA_DIR): ${dir} (${code})`);
  }
}

/** How long the start waits to hear the other app servers' writes. */
const READY_WAIT_MS = 5000;

/** Everything main.ts and the tests need before listening: database open and migrated, keys
 * loaded, mail ready. */
export async function buildDeps(env: Env, logger: Logger = createLogger(env.LOG_LEVEL)): Promise<{ deps: Deps; connection: Connection }> {
  checkDataDir(env.DATA_DIR);
  const connection = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger });
  const applied = await upgradeToLatest(connection.db, connection.dialect).catch(async (err: unknown) => {
    if (!(err instanceof Fault)) throw err;
    await connection.close().catch(() => {});
    const cause = err.cause instanceof Error ? err.cause.message : String(err.cause);
    throw new StartupError(`데이터베이스를 열 수 없습니다 / cannot open the database: ${cause}`);
  });
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  // Other app servers' writes are heard before the first request is served (shared-writes.ts);
  // if that takes too long the server starts with its caches off and hears them later.
  const heard = await Promise.race([
    connection.ready.then(() => true),
    new Promise<boolean>((r) => setTimeout(r, READY_WAIT_MS, false).unref()),
  ]);
  if (!heard) logger.warn('not yet hearing the other app servers; caches are off until then');
  const deps = depsOf(env, logger, connection);
  if (connection.dialect !== 'postgres') {
    watchServer(deps);
    return { deps, connection };
  }
  if (await otherKeyRunning(deps.db, deps.vapid.publicKey)) {
    await connection.close().catch(() => {});
    throw new StartupError(
      '같은 PostgreSQL을 쓰는 다른 앱 서버가 다른 VAPID 키로 실행 중입니다. 모든 서버에 같은 VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY를 설정하세요 / ' +
        'another app server on this PostgreSQL signs pushes with a different VAPID key: set the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY on every server',
    );
  }
  const held = await holdPushKey(deps.db, deps.vapid.publicKey, (err) => logger.error({ err }, 'push key heartbeat failed'));
  watchServer(deps);
  const close = async () => {
    held.stop();
    await connection.close();
  };
  return { deps, connection: { ...connection, close } };
}

/** The services' dependencies over an open connection: the server's, and the page render
 * thread's (pages/render-worker.ts), which reads its own connection to the same database. */
export function depsOf(env: Env, logger: Logger, connection: Omit<Connection, 'ready' | 'close'>): Deps {
  const secret = loadOrCreateJwtSecret(env.DATA_DIR, env.JWT_SECRET);
  return {
    env,
    db: connection.db,
    dialect: connection.dialect,
    tracker: connection.tracker,
    background: connection.background,
    jobRuns: connection.jobRuns,
    dbPressure: connection.pressure,
    views: createViewQueue(),
    jwt: createJwt(secret),
    codeKey: crypto.createHash('sha256').update(`codes:${secret}`).digest('base64url'),
    visitorKey: crypto.createHash('sha256').update(`visitors:${secret}`).digest('base64url'),
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger }),
    mails: createMailQueue(),
    logger,
    limits: createLimits(connection.pool),
    metrics: createMetrics(),
    live: new LiveHub({
      tracker: connection.tracker,
      maxStreams: env.LIVE_MAX_STREAMS,
      onError: (err) => logger.error({ err }, 'live stream read failed'),
    }),
    vapid: loadOrCreateVapidKeys(env.DATA_DIR, { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }),
  };
}
