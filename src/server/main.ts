import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from './app.ts';
import { buildDeps, StartupError } from './boot.ts';
import { startProcess } from './process-start.ts';
import { createLogger } from './lib/logger.ts';
import { ensureRootAdmin } from './modules/user/root-admin.service.ts';
import { flushViews, pruneViews } from './modules/view/view.service.ts';
import { pruneSessions } from './modules/auth/auth.service.ts';
import { pruneNotifications } from './modules/notification/notification.service.ts';
import { mailUnreadMessages } from './modules/message/message.service.ts';
import { remindAttendees } from './modules/event/event.service.ts';
import { matchNewItems, sendDailyDigests } from './modules/alert/alert.service.ts';
import { renewStatistics } from './db/sqlite/open.ts';
import { sweepListings } from './modules/freshness/freshness.service.ts';
import { startIndexMerging } from './modules/search/index-merging.ts';
import { drainMails, startMailRetries } from './modules/mail/mail.service.ts';
import { startBackupSchedule } from './modules/backup/backup.service.ts';
import { createDevServer } from './pages/dev-server.ts';
import { productionBuild } from './pages/pages.ts';
import { startRenderThreads } from './pages/render-thread.ts';
import { endLiveStreams } from './modules/live/live.service.ts';
import { everyOnce } from './db/schedule.ts';
import { pruneRateLimits } from './lib/rate-limit.ts';

// Boot: env → database + migrations → root admin → listen.

const env = startProcess();
const logger = createLogger(env.LOG_LEVEL);
const { deps, connection } = await buildDeps(env, logger).catch((err: unknown) => {
  if (!(err instanceof StartupError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});

const admin = await ensureRootAdmin(deps, env.ADMIN_LOGINID ?? 'admin@localhost', env.ADMIN_PASSWORD);
if (admin) {
  logger.info({ loginid: admin.loginid }, 'root admin created');
  if (admin.generated) {
    // Printed once, to the terminal only: it is not in the log stream and not stored anywhere.
    process.stdout.write(
      `\n  관리자 계정이 만들어졌습니다 / root admin created\n  아이디: ${admin.loginid}\n  비밀번호: ${admin.generated}\n\n`,
    );
  }
}
if (env.SEED_DEMO) {
  // Loaded only here: the demo's fake-data library holds ~30 MB a running site never needs.
  const { seedDemo } = await import('./seed/demo.ts');
  const demo = await seedDemo(deps);
  if (demo.seeded) logger.info({ counts: demo.counts }, 'demo content seeded');
}

// Pages come from the built app in production and from Vite in development.
const root = path.resolve(import.meta.dirname, '../..');
const dev = env.NODE_ENV !== 'production';
const devServer = dev ? await createDevServer(root) : undefined;
// On PostgreSQL, by default none: several app servers are the way to more cores there, and with
// two sharing two cores a thread each measured worse (docs/decisions/0055-render-thread-on-sqlite.md).
const renderThreadCount = env.RENDER_THREADS ?? (deps.dialect === 'sqlite' && os.availableParallelism() > 1 ? 1 : 0);
const renderThreads = !dev && renderThreadCount > 0 ? startRenderThreads(deps, { root, count: renderThreadCount }) : undefined;
const app = createApp(deps, { root, dev, loadBuild: devServer ? devServer.loadBuild : productionBuild(root), renderThreads });
const onListen = (port: number) => logger.info({ url: `http://${env.HOST}:${port}`, database: deps.dialect }, 'listening');
if (devServer) devServer.listen(app.fetch, env.PORT, env.HOST, onListen);
const server = devServer
  ? devServer.server
  : http.createServer(app.listener).listen(env.PORT, env.HOST, () => onListen((server.address() as net.AddressInfo).port));

// Hourly, on one app server of several (db/schedule.ts): visits older than a day no longer
// decide anything, nor ended sessions, spent rate limits, or read notifications past 90 days.
// SQLite's planner statistics are renewed where the tables have grown (PostgreSQL's autovacuum
// analyzes by itself).
const cleanup = everyOnce(
  deps.db,
  'hourly-cleanup',
  3600_000,
  async () => {
    await pruneViews(deps);
    await pruneSessions(deps);
    await pruneNotifications(deps);
    if (deps.dialect === 'postgres') await pruneRateLimits(deps.db);
    else await renewStatistics(deps.db);
  },
  (err) => logger.error({ err }, 'hourly cleanup failed'),
);

// Keyword alerts: new items are matched every few seconds by one server, off the writers'
// requests; the daily mails go at 8 in the morning, site time (claimed hourly, so once a day).
// The first round, at once, starts a new install's cursors at the newest items.
await matchNewItems(deps).catch((err) => logger.error({ err }, 'keyword matching failed'));
const matching = everyOnce(
  deps.db,
  'keyword-matching',
  5000,
  async () => {
    await matchNewItems(deps);
  },
  (err) => logger.error({ err }, 'keyword matching failed'),
);
const digests = everyOnce(
  deps.db,
  'keyword-digest',
  3600_000,
  async () => {
    const hour = new Intl.DateTimeFormat('en-US', { timeZone: env.SITE_TIMEZONE, hour: 'numeric', hourCycle: 'h23' }).format(new Date());
    if (hour === '8') await sendDailyDigests(deps);
  },
  (err) => logger.error({ err }, 'keyword digest failed'),
);

// Listings that stay fresh: every minute one server closes the listings that are due (lists
// drop them, cached pages renew) and tells the authors of those closing within three days.
const freshness = everyOnce(
  deps.db,
  'listing-sweep',
  60_000,
  async () => {
    await sweepListings(deps);
  },
  (err) => logger.error({ err }, 'listing sweep failed'),
);

// Private messages left unread for 10 minutes are mailed once; one server of several looks
// every minute.
const unreadMessageMails = everyOnce(
  deps.db,
  'unread-message-mail',
  60_000,
  async () => {
    await mailUnreadMessages(deps);
  },
  (err) => logger.error({ err }, 'unread message mail failed'),
);

// Events' reminders: from 09:00 site time, those who come to an event happening tomorrow are told
// once; one server of several looks every minute.
const eventReminders = everyOnce(
  deps.db,
  'event-reminders',
  60_000,
  async () => {
    await remindAttendees(deps);
  },
  (err) => logger.error({ err }, 'event reminders failed'),
);

// SQLite's search index is merged in small steps off the writers' commits (modules/search).
const indexMerging = startIndexMerging(deps, (err) => logger.error({ err }, 'search index merge failed'));

// Mail that did not go at once is retried here (modules/mail); several servers share the queue.
const mailRetries = startMailRetries(deps);

// BACKUP_EVERY: backups on a schedule, by one server of several (modules/backup).
const backups = startBackupSchedule(deps);

/** The most a shutdown may take: a request that never ends, or an unreachable database or mail
 * server, must not keep a deploy waiting. The run contract promises an exit within 10 s of the
 * signal; this leaves the last second for the process to end. A mail try under way ends within
 * mailer.ts's SMTP timeouts, and an unsent mail is a row in the queue already. */
const SHUTDOWN_LIMIT_MS = 9_000;

/** Graceful stop (SIGTERM from a deploy, SIGINT from a terminal): no new connections; the
 * requests under way finish; then what they queued, mail tries and views, is written, and the
 * process exits 0. Past SHUTDOWN_LIMIT_MS it exits 1 with whatever is left. */
async function shutdown(signal: string) {
  // The listening socket closes first: once "shutting down" is read, no new connection is taken
  // (the kernel would otherwise still complete one between the line and the close).
  const closed = closeServer();
  // Live streams never end by themselves: they end now, and their browsers reconnect elsewhere.
  endLiveStreams(deps);
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error({ signal, limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  await closed;
  await renderThreads?.close();
  cleanup.stop();
  matching.stop();
  digests.stop();
  unreadMessageMails.stop();
  eventReminders.stop();
  freshness.stop();
  await indexMerging.stop();
  await mailRetries.stop();
  await backups.stop();
  await drainMails(deps);
  await flushViews(deps);
  await devServer?.vite.close();
  await connection.close();
  logger.info({ signal }, 'shut down');
  process.exit(0);
}

/** How long a connection accepted just before the signal has to send its request. */
const REQUEST_GRACE_MS = 1000;

/** Stops listening and resolves when the last connection has ended. http.Server's own close()
 * also drops at once every connection with no request under way, among them one just accepted
 * whose request has not been read yet: its client would get a reset. So only the listening
 * socket closes now; connections left idle (keep-alive ones included) are closed after a grace. */
function closeServer(): Promise<void> {
  return new Promise((resolve) => {
    let sweep: ReturnType<typeof setInterval> | undefined;
    const grace = setTimeout(() => {
      if ('closeIdleConnections' in server) sweep = setInterval(() => server.closeIdleConnections(), 100);
    }, REQUEST_GRACE_MS);
    net.Server.prototype.close.call(server, () => {
      clearTimeout(grace);
      clearInterval(sweep);
      resolve();
    });
  });
}
function onSignal(signal: string) {
  shutdown(signal).catch((err: unknown) => {
    logger.error({ err, signal }, 'shutdown failed');
    process.exit(1);
  });
}
process.once('SIGTERM', () => onSignal('SIGTERM'));
process.once('SIGINT', () => onSignal('SIGINT'));
