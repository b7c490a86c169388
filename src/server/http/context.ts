import type { Db, Dialect } from '#server/db/database.ts';
import type { Env } from '#server/env.ts';
import type { Jwt } from '#server/lib/jwt.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Mailer } from '#server/lib/mailer.ts';
import type { Limits } from './rate-limit.ts';

/** Who is calling: a signed-in user (level read from the database, not the token) or nobody. */
export interface Actor {
  id: number;
  level: number;
}

/** What a request brings to a service. */
export interface Caller {
  actor?: Actor;
  ip: string;
}

/** Everything the server is built from; createApp takes it, tests build their own. */
export interface Deps {
  env: Env;
  db: Db;
  dialect: Dialect;
  jwt: Jwt;
  /** Keys codes stored in the database, so a leaked table does not give them away. */
  codeKey: string;
  mailer: Mailer;
  logger: Logger;
  limits: Limits;
}

export interface AppEnv {
  Variables: {
    reqId: string;
    ip: string;
    actor: Actor | undefined;
    authVia: 'bearer' | 'cookie' | undefined;
  };
}
