import type { Context, MiddlewareHandler } from 'hono';
import { parse } from 'hono/utils/cookie';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { Actor } from '#server/context.ts';
import type { AppEnv } from './context.ts';

/** The session cookie's name over plain HTTP (a development or test server). */
export const TOKEN_COOKIE = 'portal_token';
/** Its name over HTTPS: the browser keeps a `__Host-` cookie only when it is Secure, for this
 * exact host and path /, so neither a sibling subdomain nor a plain-HTTP page can plant one. */
export const SECURE_TOKEN_COOKIE = `__Host-${TOKEN_COOKIE}`;

/** The session cookie's name for a request's scheme. */
export function tokenCookieName(https: boolean): string {
  return https ? SECURE_TOKEN_COOKIE : TOKEN_COOKIE;
}

/** The session token a request's cookie carries, under its scheme's name. */
export function sessionCookieToken(c: Context<AppEnv>): string | undefined {
  return cookieToken(c.req.raw.headers.get('cookie'), c.get('https'));
}

/** Cookie headers seen lately with the token each carries, per scheme: a member's browser sends
 * the same header request after request, and reading it costs more than looking it up. */
const tokensOf = [new Map<string, string | undefined>(), new Map<string, string | undefined>()];
const MAX_COOKIES = 10_000;

/** The session token a Cookie header carries for a request over HTTPS or not, read as Hono's
 * getCookie reads it. */
export function cookieToken(cookie: string | null | undefined, https: boolean): string | undefined {
  if (!cookie) return undefined;
  const seen = tokensOf[https ? 1 : 0] as Map<string, string | undefined>;
  if (seen.has(cookie)) return seen.get(cookie);
  const name = tokenCookieName(https);
  const token = parse(cookie, name)[name];
  if (seen.size >= MAX_COOKIES) seen.delete(seen.keys().next().value as string);
  seen.set(cookie, token);
  return token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The Bearer header wins; the httpOnly cookie serves server rendering. A write that rides on the
 * cookie alone must come from our own origin, so another site cannot borrow the session. */
export function authenticate(resolve: (token: string, ip: string) => Promise<Actor | undefined>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const cookie = bearer ? undefined : sessionCookieToken(c);
    const token = bearer ?? cookie;
    if (token) {
      const actor = await resolve(token, c.get('ip'));
      if (actor) {
        if (!bearer && !SAFE_METHODS.has(c.req.method) && !isSameOrigin(c)) {
          throw new AppError(403, ErrorKey.forbidden, { detail: 'cross-origin request with session cookie' });
        }
        c.set('actor', actor);
        c.set('authVia', bearer ? 'bearer' : 'cookie');
      }
    }
    await next();
  };
}

/** The origin this request came to: the client's scheme (X-Forwarded-Proto only with TRUST_PROXY)
 * and the Host header as our proxy passes it. Never X-Forwarded-Host: any client sets it, and a
 * cache in front does not tell answers apart by it. */
export function requestOrigin(c: Context<AppEnv>): string {
  return `${c.get('https') ? 'https' : 'http'}://${c.req.header('host') ?? new URL(c.req.url).host}`;
}

/** The request comes from a page of our own site: its Origin (or, without one, Sec-Fetch-Site)
 * names this scheme, host and port. */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  if (!origin) return c.req.header('sec-fetch-site') === 'same-origin';
  try {
    const from = new URL(origin);
    const here = new URL(requestOrigin(c));
    return from.protocol === here.protocol && from.host === here.host;
  } catch {
    return false;
  }
}

/** Calls that log in or send mail answer our own pages and clients that are not browsers. A
 * browser says where a request comes from: Sec-Fetch-Site `cross-site`, or an Origin of another
 * site, is a foreign page (a login CSRF, a reset mail sent from someone's <img>): refused. */
export function requireOwnSite(c: Context<AppEnv>): void {
  const origin = c.req.header('origin');
  if (c.req.header('sec-fetch-site') === 'cross-site' || (origin !== undefined && !isSameOrigin(c))) {
    throw new AppError(403, ErrorKey.forbidden, { detail: 'cross-site request' });
  }
}

/** A call that sends mail acts only when asked for on purpose: not on a HEAD (which GET routes
 * also answer) and not on a browser's prefetch of a link. */
export function requireDeliberate(c: Context): void {
  const purpose = `${c.req.header('sec-purpose') ?? ''} ${c.req.header('purpose') ?? ''}`;
  if (c.req.method === 'HEAD' || /prefetch|prerender/i.test(purpose)) {
    throw new AppError(403, ErrorKey.forbidden, { detail: 'not a deliberate request' });
  }
}
