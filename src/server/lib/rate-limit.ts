import type pg from 'pg';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';

// Brute-force limits (foundation issue): per IP and per login id for logins, per e-mail and per
// IP for code sends, per code id and per IP for code checks; and per member on writes. On SQLite
// (one app server) they are counted in memory. On PostgreSQL several app servers share them
// through the table `rate_limits` (migration 0014), so a client cannot multiply its budget by
// the number of servers; if the database does not answer, each server counts in memory meanwhile.

/** The shared table, made by the migration rather than by the library at start. */
const TABLE = 'rate_limits';

type Store = (name: string, points: number, durationSeconds: number) => RateLimiterAbstract;

const inMemory: Store = (_name, points, duration) => new RateLimiterMemory({ points, duration });

function inPostgres(pool: pg.Pool): Store {
  return (name, points, duration) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      // Expired rows are cleared by the hourly cleanup (pruneRateLimits), once for all limiters.
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
}

/** What a member writes, each with its own budget (security review: a burst made ~1,200 posts). */
export type WriteAction = 'post' | 'comment' | 'like' | 'upload' | 'report' | 'conversation' | 'message';
export type WriteWindow = 'minute' | 'day';
export type WriteTier = 'established' | 'newcomer';

/** Per member and window; an account in its first day gets the newcomer budget, admins none.
 * Sized so that a person never meets them: a busy member posts a few times an hour. */
export const WRITE_LIMITS: Record<WriteAction, Record<WriteTier, Record<WriteWindow, number>>> = {
  post: { established: { minute: 10, day: 100 }, newcomer: { minute: 3, day: 20 } },
  comment: { established: { minute: 20, day: 500 }, newcomer: { minute: 5, day: 50 } },
  like: { established: { minute: 60, day: 2000 }, newcomer: { minute: 20, day: 300 } },
  // Files, not requests: one request carries up to ten images.
  upload: { established: { minute: 30, day: 300 }, newcomer: { minute: 10, day: 50 } },
  // A few reports hide an item: a burst of them from one account is an attack, not moderation.
  report: { established: { minute: 5, day: 30 }, newcomer: { minute: 2, day: 5 } },
  // Private messages: a throwaway account writing to many members is how scams start.
  conversation: { established: { minute: 10, day: 100 }, newcomer: { minute: 3, day: 10 } },
  message: { established: { minute: 30, day: 1000 }, newcomer: { minute: 10, day: 100 } },
};
const WINDOW_SECONDS: Record<WriteWindow, number> = { minute: 60, day: 86400 };

function writeLimiters(limiter: Store) {
  const of = (tier: WriteTier, action: WriteAction) => ({
    minute: limiter(`${action}-${tier}-minute`, WRITE_LIMITS[action][tier].minute, WINDOW_SECONDS.minute),
    day: limiter(`${action}-${tier}-day`, WRITE_LIMITS[action][tier].day, WINDOW_SECONDS.day),
  });
  const actions = Object.keys(WRITE_LIMITS) as WriteAction[];
  return Object.fromEntries(actions.map((a) => [a, { established: of('established', a), newcomer: of('newcomer', a) }])) as Record<
    WriteAction,
    Record<WriteTier, Record<WriteWindow, RateLimiterAbstract>>
  >;
}

/** The limits, shared through PostgreSQL when given its pool, else in this process. */
export function createLimits(pool?: pg.Pool) {
  const limiter = pool ? inPostgres(pool) : inMemory;
  return {
    loginPerIp: limiter('login-ip', 50, 600),
    loginPerId: limiter('login-id', 10, 900),
    sendPerIp: limiter('send-ip', 30, 3600),
    sendPerEmail: limiter('send-email', 10, 86400),
    checkPerIp: limiter('check-ip', 60, 600),
    checkPerId: limiter('check-id', 10, 600),
    writes: writeLimiters(limiter),
  };
}
export type Limits = ReturnType<typeof createLimits>;

/** Clears limits whose window ended (hourly; PostgreSQL only, memory forgets by itself). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await sql`delete from ${sql.table(TABLE)} where expire < ${Date.now()}`.execute(db);
}

/** Count attempts (one, or `points`) against each key; a spent limit is a 429 with Retry-After,
 * and `detail` (a Korean sentence given the wait in seconds) when the caller has one to say. */
export async function consume(
  ...entries: [limiter: RateLimiterAbstract, key: string, points?: number, detail?: (seconds: number) => string][]
): Promise<void> {
  const spent: [RateLimiterAbstract, string, number][] = [];
  for (const [l, key, points = 1, detail] of entries) {
    try {
      await l.consume(key, points);
      spent.push([l, key, points]);
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        // A refused attempt is not made: its points (and those taken from earlier keys) go back,
        // so a batch refused whole does not use up the budget it was refused for.
        await giveBack(...spent, [l, key, points]);
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new AppError(429, ErrorKey.tooMany, { retryAfter: seconds, ...(detail && { detail: detail(seconds) }) });
      }
      throw res;
    }
  }
}

/** What is left of a key's budget in its current window, and the seconds until that window ends;
 * undefined while nothing is counted against the key. */
export async function budgetOf(limiter: RateLimiterAbstract, key: string): Promise<{ left: number; seconds: number } | undefined> {
  const res = await limiter.get(key);
  if (!res) return undefined;
  return { left: Math.max(0, limiter.points - res.consumedPoints), seconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/** Returns what `consume` took for an attempt that was not made after all (refused for overload,
 * not for anything the client did). */
export async function giveBack(...entries: [limiter: RateLimiterAbstract, key: string, points?: number][]): Promise<void> {
  for (const [limiter, key, points = 1] of entries) await limiter.reward(key, points);
}
