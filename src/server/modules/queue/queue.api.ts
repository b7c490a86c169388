import { Hono } from 'hono';
import { QueueDecisionSchema, QueueListQuerySchema, WarningsCheckSchema } from '#shared/schemas/queue.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput, queryInput } from '#server/http/envelope.ts';
import { admin, member } from '#server/http/resource-routes.ts';
import { checkListingText } from '#server/modules/content/listing-checks.ts';
import { decideQueued, listQueue } from './queue.service.ts';

/** /api/admin/queue: what waits for an admin, and the decision on one item (levels >= 3). */
export function queueAdminRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listQueue(deps, admin(c), queryInput(c, QueueListQuerySchema))) }));
  app.put('/', async (c) => c.json({ code: 'ok', ...(await decideQueued(deps, admin(c), await bodyInput(c, QueueDecisionSchema))) }));
  return app;
}

/** /api/warnings: a member's listing text checked before it is published. */
export function warningsRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    member(c);
    return c.json({ code: 'ok', ...(await checkListingText(deps, await bodyInput(c, WarningsCheckSchema))) });
  });
  return app;
}
