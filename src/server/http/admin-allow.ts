import type { MiddlewareHandler } from 'hono';
import { adminAddressRefusal } from '#server/modules/auth/actor.policy.ts';
import { ipAllowList } from '#server/lib/ip-allow.ts';
import type { AppEnv } from './context.ts';

// ADMIN_ALLOW_IPS: when set, admin powers are used only from those addresses (the client's
// address as request-log.ts names it). Outside the list an admin's session is a staff member's for
// the request (actor.policy.ts actorAtAddress, applied where the session is read), so no read or
// write succeeds because the caller is an admin. This adds the plain refusals: /api/admin/* for
// nobody, and no write at all by such a session, whose owner is known to be away from the office.
// Unset, nothing here runs. The /admin pages check it in their guards (web/lib/page-guards.server.ts).

/** On /api, after the session is read. */
export function adminApiAllow(allow: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = ipAllowList(allow);
  return async (c, next) => {
    const write = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    if ((/^\/api\/admin(?:\/|$)/.test(c.req.path) && !allowed(c.get('ip'))) || (write && c.get('actor')?.adminRefused)) {
      throw adminAddressRefusal();
    }
    await next();
  };
}
