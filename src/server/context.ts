import type { BackgroundRunner, JobRuns } from '#server/db/background.ts';
import type { DbPressure } from '#server/db/connect.ts';
import type { Db, Dialect } from '#server/db/database.ts';
import type { WriteTracker } from '#server/db/write-tracker.ts';
import type { Env } from '#server/env.ts';
import type { Jwt } from '#server/lib/jwt.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Mailer } from '#server/lib/mailer.ts';
import type { Metrics } from '#server/lib/metrics.ts';
import type { Limits } from '#server/lib/rate-limit.ts';
import type { VapidKeys } from '#server/lib/secrets.ts';
import type { ViewQueue } from '#server/modules/view/view-queue.ts';
import type { MailQueue } from '#server/modules/mail/mail-queue.ts';
import type { LiveHub } from '#server/modules/live/live-hub.ts';

// What services are given. Nothing here knows HTTP: the API's routes and the page loaders both
// build a Caller and call the same services with typed arguments.

/** Who is calling: a signed-in user (level read from the database, not the token) or nobody. */
export interface Actor {
  id: number;
  level: number;
  /** The session the request came with (none for actors made by the server itself). */
  session?: string;
  /** When the account was made (ISO): a first day's writes have a smaller budget. */
  joined?: string;
  /** The end of the member's suspension (ISO UTC), if one was given: while it is later than now,
   * every write is refused (auth/actor.policy.ts `requireNotSuspended`). */
  suspendedUntil?: string;
  /** Why, as the admin wrote it for the member: said with every refusal. */
  suspendReason?: string;
  /** An admin outside ADMIN_ALLOW_IPS, acting as staff for this request (actor.policy.ts). */
  adminRefused?: true;
}

/** What a request brings to a service: who, and from which address (for rate limits). */
export interface Caller {
  actor?: Actor;
  ip: string;
}

/** Everything the server is built from; createApp takes it, tests build their own. */
export interface Deps {
  env: Env;
  db: Db;
  dialect: Dialect;
  /** Sees every committed write; caches of lists, pages and session users compare against it. */
  tracker: WriteTracker;
  /** Runs write jobs off the server's connection (SQLite's second connection), or in-process. */
  background: BackgroundRunner | undefined;
  /** The background jobs' runs, counted for GET /metrics. */
  jobRuns: JobRuns;
  /** How busy the database is now (write turns, or the pool). */
  dbPressure: () => DbPressure;
  /** First visits waiting to be written (view.service.ts). */
  views: ViewQueue;
  jwt: Jwt;
  /** Keys codes stored in the database, so a leaked table does not give them away. */
  codeKey: string;
  /** Keys the hash of a cookie-less visitor's address that their views are counted by
   * (http/visitor.ts), so the views table holds no address. */
  visitorKey: string;
  mailer: Mailer;
  /** Mail waiting to go out (modules/mail): retry timing and the tries under way. */
  mails: MailQueue;
  logger: Logger;
  limits: Limits;
  /** This server's numbers for GET /metrics and the operator's page. */
  metrics: Metrics;
  /** The members' open live streams (GET /api/events, modules/live). */
  live: LiveHub;
  /** The key pair web pushes are signed with (modules/push). */
  vapid: VapidKeys;
}
