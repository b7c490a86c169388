import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { member, pathId } from '#server/http/resource-routes.ts';
import { SALE_KINDS } from '#server/modules/content/content.service.ts';
import { addReview, listBuyers, markSold, ReviewSaveSchema, SoldSchema } from './review.service.ts';

/** /api/<kind>/{id}/sold and .../buyers for the kinds sold with a buyer (market posts). */
export function saleRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const name of SALE_KINDS) {
    app.get(`/${name}/:id/buyers`, async (c) =>
      c.json({ code: 'ok', ...(await listBuyers(deps, member(c), name, pathId(c.req.param('id')))) }),
    );
    app.put(`/${name}/:id/sold`, async (c) =>
      c.json({ code: 'ok', ...(await markSold(deps, member(c), name, pathId(c.req.param('id')), await bodyInput(c, SoldSchema))) }),
    );
  }
  return app;
}

/** /api/review: a party of a sale reviews the other. */
export function reviewRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => c.json({ code: 'ok', ...(await addReview(deps, member(c), await bodyInput(c, ReviewSaveSchema))) }));
  return app;
}
