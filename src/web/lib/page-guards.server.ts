import { data, redirect, type RouterContextProvider } from 'react-router';
import { isAdminLevel } from '#shared/enums.ts';
import { type Actor } from '#server/http/context.ts';
import { pageContext } from '../entry.server.tsx';

// Page guards run in every guarded loader (ARCHITECTURE.md: never only in a parent, loaders run
// in parallel). A visitor goes to the login page and comes back; a member below level 3 gets 403.

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

export function requireMemberPage(context: Readonly<RouterContextProvider>, request: Request): Actor {
  const { actor } = context.get(pageContext);
  if (!actor) loginRedirect(request);
  return actor;
}

export function requireAdminPage(context: Readonly<RouterContextProvider>, request: Request): Actor {
  const actor = requireMemberPage(context, request);
  if (!isAdminLevel(actor.level)) throw data('관리자만 볼 수 있는 페이지입니다', { status: 403 });
  return actor;
}
