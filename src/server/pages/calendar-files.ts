import { type Context, Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { requestOrigin } from '#server/http/auth.ts';
import { pathId } from '#server/http/resource-routes.ts';
import { getContent, listContent } from '#server/modules/content/content.service.ts';
import { type CalendarEvent, eventsCalendar } from '#server/modules/event/event.calendar.ts';

// The calendar files (PRODUCT.md "Organizations and events"): one event's /events/{id}.ics and
// the feed of what is to come, /events.ics, which calendar apps subscribe to. Public events only:
// a held one is not there. Links on SITE_URL, else on the request's origin (as seo.ts does).

/** The feed's events at most: every upcoming one on a community's calendar. */
const FEED_PAGES = 10;
const PAGE = 100;

function answer(c: Context<AppEnv>, deps: Deps, body: string, filename: string) {
  c.header('Content-Type', 'text/calendar; charset=utf-8');
  c.header('Content-Disposition', `inline; filename="${filename}"`);
  c.header('Cache-Control', `${deps.env.SITE_URL ? 'public' : 'private'}, max-age=300`);
  return c.body(body);
}

export function calendarRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const anonymous = { actor: undefined, ip: 'calendar' };
  const site = (c: Context<AppEnv>) => ({ base: deps.env.SITE_URL ?? requestOrigin(c), timeZone: deps.env.SITE_TIMEZONE });

  app.get('/events.ics', async (c) => {
    const events: CalendarEvent[] = [];
    for (let page = 1; page <= FEED_PAGES; page++) {
      const { items } = await listContent(deps, 'event', anonymous, { upcoming: '1', size: PAGE, page });
      events.push(...items);
      if (items.length < PAGE) break;
    }
    return answer(c, deps, eventsCalendar(events, `${deps.env.SITE_NAME} 행사`, site(c)), 'events.ics');
  });

  app.get('/events/:file{[0-9]+\\.ics}', async (c) => {
    const id = pathId(c.req.param('file').replace(/\.ics$/, ''));
    const event = await getContent(deps, 'event', anonymous, id);
    return answer(c, deps, eventsCalendar([event], event.title, site(c)), `event-${id}.ics`);
  });
  return app;
}
