import { Hono } from 'hono';
import { ListingTables } from '#shared/freshness.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { member, pathId } from '#server/http/resource-routes.ts';
import { bumpListing } from './freshness.service.ts';

/** POST /api/<table>/{id}/bump of every listing table (market posts, jobs, housing): 끌어올리기. No body. */
export function bumpRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const table of ListingTables) {
    app.post(`/${table}/:id/bump`, async (c) => {
      const who = member(c);
      return c.json({ code: 'ok', ...(await bumpListing(deps, table, who, pathId(c.req.param('id')))) });
    });
  }
  return app;
}
