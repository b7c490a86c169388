import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { buildDeps, StartupError } from './boot.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { ensureRootAdmin } from './modules/user/root-admin.service.ts';
import { flushViews, pruneViews } from './modules/view/view.service.ts';
import { pruneSessions } from './modules/auth/auth.service.ts';
import { createDevServer } from './pages/dev-server.ts';
import { productionBuild } from './pages/pages.ts';

// Boot: env → database + migrations → root admin → listen.

const env = loadEnv(process.env);
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
const app = createApp(deps, { root, dev, loadBuild: devServer ? devServer.loadBuild : productionBuild(root) });
const onListen = (port: number) => logger.info({ url: `http://${env.HOST}:${port}`, database: deps.dialect }, 'listening');
if (devServer) devServer.listen(app.fetch, env.PORT, env.HOST, onListen);
const server = devServer
  ? devServer.server
  : serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => onListen(info.port));

// Visits older than a day no longer decide anything; clear them out hourly.
setInterval(() => void pruneViews(deps).catch((err) => logger.error({ err }, 'view pruning failed')), 3600_000).unref();
setInterval(() => void pruneSessions(deps).catch((err) => logger.error({ err }, 'session pruning failed')), 3600_000).unref();

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close();
  await flushViews(deps);
  await devServer?.vite.close();
  await connection.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
