import { data, type MiddlewareFunction } from 'react-router';
import { requireWriteAllowed } from '#server/modules/auth/actor.policy.ts';
import { pageContext } from '../entry.server.tsx';
import { pagePath } from './page-path.ts';
import { statusOf } from './service-errors.server.ts';

/** The pages' forms sent to route actions call the services directly, not through /api: a
 * suspended member's is refused here, once for every route, by the same rule as the API's, and
 * the page says why and until when (the root's ErrorBoundary shows a 403's Korean detail). */
export const refuseSuspendedActions: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { deps, actor } = context.get(pageContext);
  const path = pagePath(request);
  try {
    requireWriteAllowed(actor, { method: request.method, path }, deps.env.SITE_TIMEZONE);
  } catch (err) {
    const status = statusOf(err);
    if (status === undefined) throw err;
    throw data((err as Error).message, { status });
  }
  return next();
};
