import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';

// Brute-force limits (foundation issue): per IP and per login id for logins, per e-mail and per
// IP for code sends, per code id and per IP for code checks. In memory: one process counts its
// own; several app servers would move these to a shared store.

function limiter(points: number, durationSeconds: number) {
  return new RateLimiterMemory({ points, duration: durationSeconds });
}

/** What a member writes, each with its own budget (security review: a burst made ~1,200 posts). */
export type WriteAction = 'post' | 'comment' | 'like' | 'upload';
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
};
const WINDOW_SECONDS: Record<WriteWindow, number> = { minute: 60, day: 86400 };

function writeLimiters() {
  const of = (tier: WriteTier, action: WriteAction) => ({
    minute: limiter(WRITE_LIMITS[action][tier].minute, WINDOW_SECONDS.minute),
    day: limiter(WRITE_LIMITS[action][tier].day, WINDOW_SECONDS.day),
  });
  const actions = Object.keys(WRITE_LIMITS) as WriteAction[];
  return Object.fromEntries(actions.map((a) => [a, { established: of('established', a), newcomer: of('newcomer', a) }])) as Record<
    WriteAction,
    Record<WriteTier, Record<WriteWindow, RateLimiterMemory>>
  >;
}

export function createLimits() {
  return {
    loginPerIp: limiter(50, 600),
    loginPerId: limiter(10, 900),
    sendPerIp: limiter(30, 3600),
    sendPerEmail: limiter(10, 86400),
    checkPerIp: limiter(60, 600),
    checkPerId: limiter(10, 600),
    writes: writeLimiters(),
  };
}
export type Limits = ReturnType<typeof createLimits>;

/** Count attempts (one, or `points`) against each key; a spent limit is a 429 with Retry-After,
 * and `detail` (a Korean sentence given the wait in seconds) when the caller has one to say. */
export async function consume(
  ...entries: [limiter: RateLimiterMemory, key: string, points?: number, detail?: (seconds: number) => string][]
): Promise<void> {
  const spent: [RateLimiterMemory, string, number][] = [];
  for (const [l, key, points = 1, detail] of entries) {
    try {
      await l.consume(key, points);
      spent.push([l, key, points]);
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        // A refused attempt is not made: its points (and those taken from earlier keys) go back,
        // so a batch refused whole does not use up the budget it was refused for.
        for (const [back, backKey, n] of [...spent, [l, key, points] as const]) await back.reward(backKey, n);
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new AppError(429, ErrorKey.tooMany, { retryAfter: seconds, ...(detail && { detail: detail(seconds) }) });
      }
      throw res;
    }
  }
}
