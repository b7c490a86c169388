import type { Env } from './env.ts';
import { connect, type Connection } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Deps } from './context.ts';
import { createLimits } from './lib/rate-limit.ts';
import { createJwt } from './lib/jwt.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createViewQueue } from './modules/view/view.service.ts';
import { createMailer } from './lib/mailer.ts';
import { createMailQueue } from './modules/mail/mail.service.ts';
import { loadOrCreateJwtSecret } from './lib/secrets.ts';
import crypto from 'node:crypto';

/** Everything main.ts and the tests need before listening: database open and migrated, keys
 * loaded, mail ready. */
export async function buildDeps(env: Env, logger: Logger = createLogger(env.LOG_LEVEL)): Promise<{ deps: Deps; connection: Connection }> {
  const connection = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger });
  const applied = await migrateToLatest(connection.db, connection.dialect);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  const secret = loadOrCreateJwtSecret(env.DATA_DIR, env.JWT_SECRET);
  const deps: Deps = {
    env,
    db: connection.db,
    dialect: connection.dialect,
    tracker: connection.tracker,
    background: connection.background,
    views: createViewQueue(),
    jwt: createJwt(secret),
    codeKey: crypto.createHash('sha256').update(`codes:${secret}`).digest('base64url'),
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger }),
    mails: createMailQueue(),
    logger,
    limits: createLimits(),
  };
  return { deps, connection };
}
