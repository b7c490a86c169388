import type { MiddlewareHandler } from 'hono';
import { generateCookie } from 'hono/cookie';
import type { AppEnv } from './context.ts';

// Whoever has just written sees it on their next page at once, on whichever app server answers.
// A stored page that only numbers made out of date (likes, comment counts) may answer others for
// a moment (pages.ts, COUNTS_LAG_MS); a write's answer carries this short-lived cookie, and a page
// asked for with it is never answered from a copy made before the write.

const NAME = 'wrote';
/** Longer than any copy out of date by numbers alone is answered. */
const MAX_AGE_SECONDS = 3;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SENT = new RegExp(`(?:^|;\\s*)${NAME}=1(?:;|$)`);

/** Marks every answered write (an API call, a page's form) with the cookie. */
export function markWriters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
    c.res.headers.append(
      'Set-Cookie',
      generateCookie(NAME, '1', { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: MAX_AGE_SECONDS, secure: c.get('https') }),
    );
  };
}

/** The request comes from someone who wrote in the last few seconds. */
export function wroteJustNow(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SENT.test(cookieHeader);
}
