import type { MiddlewareHandler } from 'hono';
import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { isAdminLevel } from '#shared/enums.ts';
import { ipAllowList } from '#server/lib/ip-allow.ts';
import type { AppEnv } from './context.ts';

// ADMIN_ALLOW_IPS: when set, admin powers are used only from those addresses (the client's
// address as request-log.ts names it). Unset, nothing here runs. The /admin pages check it in
// their guards (web/lib/page-guards.server.ts), so the refusal is a Korean 403 page under the
// site's header.

function refusal(): AppError {
  return new AppError(403, ErrorKey.forbidden, { detail: Messages.adminAddressRefused });
}

/** On /api, after the session is read: /api/admin/* for nobody outside the list, and no write by an
 * admin's session from outside it, since an admin's write may use admin-only fields. */
export function adminApiAllow(allow: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = ipAllowList(allow);
  return async (c, next) => {
    if (!allowed(c.get('ip'))) {
      const actor = c.get('actor');
      const write = c.req.method !== 'GET' && c.req.method !== 'HEAD';
      if (/^\/api\/admin(?:\/|$)/.test(c.req.path) || (write && actor && isAdminLevel(actor.level))) throw refusal();
    }
    await next();
  };
}
