import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { member, pathId } from '#server/http/resource-routes.ts';
import { listEventAttendees, toggleRsvp } from './event.service.ts';

/** /api/event/{id}/rsvp beside the event's call set (modules/content): POST toggles 참석 (no
 * body), GET lists who comes for the event's author and admins. */
export function rsvpRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/:id/rsvp', async (c) => {
    const who = member(c);
    return c.json({ code: 'ok', ...(await toggleRsvp(deps, who, pathId(c.req.param('id')))) });
  });
  app.get('/:id/rsvp', async (c) => {
    const who = member(c);
    return c.json({ code: 'ok', ...(await listEventAttendees(deps, who, pathId(c.req.param('id')))) });
  });
  return app;
}
