import type { Context } from 'hono';
import { deleteCookie, generateCookie, setCookie } from 'hono/cookie';
import { TOKEN_TTL_SECONDS } from '#server/lib/jwt.ts';
import { TOKEN_COOKIE } from './auth.ts';

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** The httpOnly copy of the token that lets server rendering know the user. */
export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, TOKEN_COOKIE, { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Lax' });
}

/** The same cookie as a header value, for page actions that answer a redirect. */
export function sessionCookieHeader(token: string, secure: boolean): string {
  return generateCookie(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: TOKEN_TTL_SECONDS });
}
export function clearedSessionCookieHeader(secure: boolean): string {
  return generateCookie(TOKEN_COOKIE, '', { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: 0 });
}
