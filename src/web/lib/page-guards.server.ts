import { data, type RouterContextProvider } from 'react-router';
import { isAdminLevel, isRootLevel } from '#shared/enums.ts';
import type { Actor } from '#server/context.ts';
import { allowedBy } from '#server/lib/ip-allow.ts';
import { Messages } from '#shared/messages.ts';
import { pageContext } from '../entry.server.tsx';

// Page guards run in every guarded loader (ARCHITECTURE.md: never only in a parent, loaders run
// in parallel). A visitor gets 401, which the root's error boundary shows as the login dialog
// (back to this page after logging in; without JavaScript a link to /login?next=); a member below
// level 3 gets 403.

export function requireMemberPage(context: Readonly<RouterContextProvider>): Actor {
  const { actor } = context.get(pageContext);
  if (!actor) throw data('로그인이 필요합니다', { status: 401 });
  return actor;
}

/** ADMIN_ALLOW_IPS: outside the list the admin pages are refused before anything else, as the
 * admin API is (http/admin-allow.ts). */
function requireAdminAddress(context: Readonly<RouterContextProvider>): void {
  const { deps, caller } = context.get(pageContext);
  const allow = deps.env.ADMIN_ALLOW_IPS;
  if (allow && !allowedBy(allow, caller.ip)) throw data(Messages.adminAddressRefused, { status: 403 });
}

export function requireAdminPage(context: Readonly<RouterContextProvider>): Actor {
  requireAdminAddress(context);
  const actor = requireMemberPage(context);
  if (!isAdminLevel(actor.level)) throw data('관리자만 볼 수 있는 페이지입니다', { status: 403 });
  return actor;
}

/** The operator's page: the root admin alone (level 5); other admins get 403 too. */
export function requireRootPage(context: Readonly<RouterContextProvider>): Actor {
  requireAdminAddress(context);
  const actor = requireMemberPage(context);
  if (!isRootLevel(actor.level)) throw data('최고 관리자만 볼 수 있는 페이지입니다', { status: 403 });
  return actor;
}
