import type { MiddlewareHandler } from 'hono';
import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { isAdminLevel } from '#shared/enums.ts';
import { ipAllowList } from '#server/lib/ip-allow.ts';
import type { AppEnv } from './context.ts';

// ADMIN_ALLOW_IPS: when set, admin powers are used only from those addresses (the client's
// address as request-log.ts names it). Unset, nothing here runs.

/** /admin, its pages and their loader data (/admin.data, /admin/users.data). */
const ADMIN_PAGE = /^\/admin(?:\.data|\/|$)/;

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

/** Before the pages: /admin answers a Korean 403 page outside the list. */
export function adminPageAllow(allow: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = ipAllowList(allow);
  return async (c, next) => {
    if (ADMIN_PAGE.test(c.req.path) && !allowed(c.get('ip'))) {
      return c.html(
        `<!doctype html><html lang="ko"><meta charset="utf-8"><title>접근할 수 없습니다</title><h1>접근할 수 없습니다</h1><p>${Messages.adminAddressRefused}</p><p><a href="/">홈으로</a></p></html>`,
        403,
      );
    }
    await next();
  };
}
