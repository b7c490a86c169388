import { Hono } from 'hono';
import { PushSubscriptionSchema, PushUnsubscribeSchema } from '#shared/schemas/push.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { member } from '#server/http/resource-routes.ts';
import { pushKey, subscribe, unsubscribe } from './push.service.ts';

/** /api/push: the site's VAPID key, and a member's browsers subscribing and leaving. */
export function pushRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/key', (c) => c.json({ code: 'ok', ...pushKey(deps) }));
  app.post('/subscription', async (c) =>
    c.json({ code: 'ok', ...(await subscribe(deps, member(c), await bodyInput(c, PushSubscriptionSchema))) }),
  );
  app.delete('/subscription', async (c) =>
    c.json({ code: 'ok', ...(await unsubscribe(deps, member(c), await bodyInput(c, PushUnsubscribeSchema))) }),
  );
  return app;
}
