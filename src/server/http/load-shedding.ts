import type { MiddlewareHandler } from 'hono';
import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import type { Logger } from '#server/lib/logger.ts';

// Above what it can serve, a server that takes every request answers all of them later and later.
// This one refuses new work early instead, with 503, Retry-After and a Korean message, while it
// serves the requests it took in time. Two signs of overload:
// - too many requests under way at once (those that wait on the database or a password hash);
// - the event loop running late: SQLite answers synchronously, so under overload requests do not
//   pile up as work under way but as a loop that comes round late.
// The checks a load balancer or a monitor makes are always answered (UNSHED): a busy server must
// not be taken for a dead one, and its numbers matter most while it is busy.

/** Seconds a refused client is asked to wait. */
const RETRY_AFTER_S = 2;

/** How often the loop's lateness is measured. */
const TICK_MS = 50;

/** Never refused: readiness, liveness and the metrics. */
const UNSHED = new Set(['/api/health', '/api/live', '/metrics']);

let lastDelayMs = 0;
let loopDelayMs = 0;
let watching = false;

/** How late the event loop came round, the lesser of its last two rounds (one measure for the
 * process): one long task (a first render, a rebuild) is no overload; round after round late is. */
function loopDelay(): number {
  if (!watching) {
    watching = true;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      const delay = Math.max(0, now - last - TICK_MS);
      loopDelayMs = Math.min(delay, lastDelayMs);
      lastDelayMs = delay;
      last = now;
    }, TICK_MS).unref();
  }
  return loopDelayMs;
}

export interface LoadLimits {
  /** Requests under way at once; 0: no bound. */
  maxInFlight: number;
  /** Event-loop lateness, in ms, above which new requests are refused; 0: not watched. */
  maxDelayMs: number;
}

/** The limits' one count of work under way, for the app's middleware and for the page cache's
 * direct answers (pages/stored-hit.ts), which take no request over the limits: they leave it to
 * the middleware to refuse. */
export interface LoadGate {
  middleware: MiddlewareHandler;
  /** Whether a request may go ahead without a word in the log: under the limits, and not just
   * coming out of a spell of overload (the middleware notes that). */
  open(): boolean;
  /** Counts `work` as under way from its start until it settles. */
  track<T>(work: () => Promise<T>): Promise<T>;
}

export function loadGate(limits: LoadLimits, logger: Logger): LoadGate {
  let inFlight = 0;
  let shedding = false;
  if (limits.maxDelayMs > 0) loopDelay();
  const over = (delay: number) =>
    (limits.maxInFlight > 0 && inFlight >= limits.maxInFlight) || (limits.maxDelayMs > 0 && delay > limits.maxDelayMs);
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  };
  return {
    open: () => !shedding && !over(limits.maxDelayMs > 0 ? loopDelay() : 0),
    track,
    middleware: async (c, next) => {
      if (UNSHED.has(c.req.path)) return next();
      const delay = limits.maxDelayMs > 0 ? loopDelay() : 0;
      if (over(delay)) {
        // Once per spell of overload, not once per refused request.
        if (!shedding) logger.warn({ inFlight, loopDelayMs: Math.round(delay) }, 'overloaded: refusing new requests');
        shedding = true;
        throw new AppError(503, ErrorKey.unavailable, { retryAfter: RETRY_AFTER_S, detail: Messages.overloaded });
      }
      if (shedding) logger.info({ inFlight }, 'load back under the limits');
      shedding = false;
      await track(next);
    },
  };
}
