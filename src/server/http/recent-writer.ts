import type { MiddlewareHandler } from 'hono';
import { generateCookie } from 'hono/cookie';
import type { AppEnv } from './context.ts';

// Whoever has just written sees it on their next page at once, on whichever app server answers.
// A stored page out of date may answer others for a moment (pages.ts: while it is renewed, or
// when only numbers moved); a write's answer carries this short-lived cookie, and a page asked
// for with it is never answered from a copy made before the write.

const NAME = 'wrote';
/** How long after a write its author is sent only current pages: a copy out of date answers
 * another member only if it is younger than this (pages.ts), so made after any write of theirs. */
export const WROTE_WINDOW_MS = 3000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SENT = new RegExp(`(?:^|;\\s*)${NAME}=1(?:;|$)`);

/** Marks every answered write (an API call, a page's form) with the cookie. */
export function markWriters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
    c.res.headers.append(
      'Set-Cookie',
      generateCookie(NAME, '1', { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: WROTE_WINDOW_MS / 1000, secure: c.get('https') }),
    );
  };
}

/** The request comes from someone who wrote in the last few seconds. */
export function wroteJustNow(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SENT.test(cookieHeader);
}
