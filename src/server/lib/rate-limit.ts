import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';

// Brute-force limits (foundation issue): per IP and per login id for logins, per e-mail and per
// IP for code sends, per code id and per IP for code checks. In memory: one process counts its
// own; several app servers would move these to a shared store.

function limiter(points: number, durationSeconds: number) {
  return new RateLimiterMemory({ points, duration: durationSeconds });
}

export function createLimits() {
  return {
    loginPerIp: limiter(50, 600),
    loginPerId: limiter(10, 900),
    sendPerIp: limiter(30, 3600),
    sendPerEmail: limiter(10, 86400),
    checkPerIp: limiter(60, 600),
    checkPerId: limiter(10, 600),
  };
}
export type Limits = ReturnType<typeof createLimits>;

/** Count one attempt against each key; a spent limit is a 429 with Retry-After. */
export async function consume(...entries: [RateLimiterMemory, string][]): Promise<void> {
  for (const [l, key] of entries) {
    try {
      await l.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        throw new AppError(429, ErrorKey.tooMany, { retryAfter: res.msBeforeNext / 1000 });
      }
      throw res;
    }
  }
}
