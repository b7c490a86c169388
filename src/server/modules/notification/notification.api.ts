import { Hono } from 'hono';
import { NotificationListQuerySchema, NotificationReadSchema, NotificationSettingsSchema } from '#shared/schemas/notification.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput, queryInput } from '#server/http/envelope.ts';
import { member } from '#server/http/resource-routes.ts';
import { getNotificationSettings, listNotifications, markRead, setNotificationSettings } from './notification.service.ts';

/** /api/notification: a member's own notifications, marking them read, and which go by e-mail. */
export function notificationRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) =>
    c.json({ code: 'ok', ...(await listNotifications(deps, member(c), queryInput(c, NotificationListQuerySchema))) }),
  );
  app.put('/read', async (c) => c.json({ code: 'ok', ...(await markRead(deps, member(c), await bodyInput(c, NotificationReadSchema))) }));
  app.get('/settings', async (c) => c.json({ code: 'ok', ...(await getNotificationSettings(deps, member(c))) }));
  app.put('/settings', async (c) =>
    c.json({ code: 'ok', ...(await setNotificationSettings(deps, member(c), await bodyInput(c, NotificationSettingsSchema))) }),
  );
  return app;
}
