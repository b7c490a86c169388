import { Hono } from 'hono';
import { AlertDeleteSchema, AlertSaveSchema } from '#shared/schemas/alert.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { member } from '#server/http/resource-routes.ts';
import { addAlert, listAlerts, removeAlert } from './alert.service.ts';

/** /api/alert: a member's keyword alerts. */
export function alertRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listAlerts(deps, member(c))) }));
  app.post('/', async (c) => c.json({ code: 'ok', ...(await addAlert(deps, member(c), await bodyInput(c, AlertSaveSchema))) }));
  app.delete('/', async (c) => c.json({ code: 'ok', ...(await removeAlert(deps, member(c), (await bodyInput(c, AlertDeleteSchema)).id)) }));
  return app;
}
