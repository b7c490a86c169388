import type { Context } from 'hono';
import { deleteCookie, generateCookie, setCookie } from 'hono/cookie';
import { TOKEN_TTL_SECONDS } from '#server/lib/jwt.ts';
import { tokenCookieName } from './auth.ts';
import type { AppEnv } from './context.ts';

// The httpOnly copy of the token that lets server rendering know the user. Secure, and named
// `__Host-...`, whenever the client reached us over HTTPS (auth.ts); behind a proxy that is known
// from X-Forwarded-Proto only with TRUST_PROXY, so a plain-HTTP request cannot claim it.

const OPTIONS = { httpOnly: true, sameSite: 'Lax', path: '/' } as const;

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  const https = c.get('https');
  setCookie(c, tokenCookieName(https), token, { ...OPTIONS, secure: https, maxAge: TOKEN_TTL_SECONDS });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const https = c.get('https');
  deleteCookie(c, tokenCookieName(https), { ...OPTIONS, secure: https });
}

/** The same cookie as a header value, for page actions that answer a redirect. */
export function sessionCookieHeader(token: string, https: boolean): string {
  return generateCookie(tokenCookieName(https), token, { ...OPTIONS, secure: https, maxAge: TOKEN_TTL_SECONDS });
}

export function clearedSessionCookieHeader(https: boolean): string {
  return generateCookie(tokenCookieName(https), '', { ...OPTIONS, secure: https, maxAge: 0 });
}
