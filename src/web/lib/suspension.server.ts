import { data, type MiddlewareFunction } from 'react-router';
import { requireWriteAllowed } from '#server/modules/auth/actor.policy.ts';
import { formatDateTime } from '#shared/format.ts';
import { ErrorKey } from '#shared/messages.ts';
import { pageContext } from '../entry.server.tsx';
import { pageMember } from './page-member.server.ts';
import { pagePath } from './page-path.ts';
import { statusOf } from './service-errors.server.ts';
import { keptText, type SuspendedRefusalData } from '../features/member/suspended-refusal.tsx';

/** The pages' forms sent to route actions call the services directly, not through /api: a
 * suspended member's is refused here, once for every route, by the same rule as the API's, and
 * the page says until when and why, as my page does, and gives back what was typed (the root's
 * ErrorBoundary shows the refusal's data: features/member/suspended-refusal.tsx). */
export const refuseSuspendedActions: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { deps, actor } = context.get(pageContext);
  const path = pagePath(request);
  try {
    requireWriteAllowed(actor, { method: request.method, path }, deps.env.SITE_TIMEZONE);
  } catch (err) {
    const status = statusOf(err);
    if (status === undefined) throw err;
    if (!actor?.suspendedUntil || (err as { key?: string }).key !== ErrorKey.suspended) throw data((err as Error).message, { status });
    const suspended = {
      until: formatDateTime(actor.suspendedUntil, deps.env.SITE_TIMEZONE),
      reason: actor.suspendReason ?? '',
      back: path,
      kept: keptText(await sentForm(request)),
      me: await pageMember(deps, actor),
    };
    throw data<SuspendedRefusalData>({ suspended }, { status });
  }
  return next();
};

/** The form a refused request sent; an empty one for a body that is not a form. */
async function sentForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
