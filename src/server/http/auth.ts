import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { Actor } from '#server/context.ts';
import type { AppEnv } from './context.ts';

export const TOKEN_COOKIE = 'portal_token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The Bearer header wins; the httpOnly cookie serves server rendering. A write that rides on the
 * cookie alone must come from our own origin, so another site cannot borrow the session. */
export function authenticate(resolve: (token: string) => Promise<Actor | undefined>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const cookie = bearer ? undefined : getCookie(c, TOKEN_COOKIE);
    const token = bearer ?? cookie;
    if (token) {
      const actor = await resolve(token);
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

/** The request comes from a page of our own site (Origin, or Sec-Fetch-Site without one). */
export function isSameOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  if (!origin) return c.req.header('sec-fetch-site') === 'same-origin';
  try {
    return new URL(origin).host === (c.req.header('host') ?? new URL(c.req.url).host);
  } catch {
    return false;
  }
}

/** Calls that log in or send mail answer our own pages and clients that are not browsers. A
 * browser says where a request comes from: Sec-Fetch-Site `cross-site`, or an Origin of another
 * site, is a foreign page (a login CSRF, a reset mail sent from someone's <img>): refused. */
export function requireOwnSite(c: Context): void {
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
