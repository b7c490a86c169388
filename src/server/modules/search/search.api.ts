import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { queryInput } from '#server/http/envelope.ts';
import { SearchQuerySchema, search } from './search.service.ts';

/** GET /api/search?q=&section=&page=&size=: results grouped by section with counts. */
export function searchRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await search(deps, queryInput(c, SearchQuerySchema))) }));
  return app;
}
