import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { caller, member, pathId } from '#server/http/resource-routes.ts';
import {
  addBusinessReview,
  BusinessReviewSaveSchema,
  listBusinessReviews,
  ReviewReplySchema,
  replyToReview,
} from './business-review.service.ts';

/** /api/business/{id}/review: a business's reviews, and a member's new one. */
export function businessReviewRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/business/:id/review', async (c) =>
    c.json({ code: 'ok', ...(await listBusinessReviews(deps, caller(c), pathId(c.req.param('id')))) }),
  );
  app.post('/business/:id/review', async (c) =>
    c.json({
      code: 'ok',
      ...(await addBusinessReview(deps, member(c), pathId(c.req.param('id')), await bodyInput(c, BusinessReviewSaveSchema))),
    }),
  );
  app.put('/review/:id/reply', async (c) =>
    c.json({ code: 'ok', ...(await replyToReview(deps, member(c), pathId(c.req.param('id')), await bodyInput(c, ReviewReplySchema))) }),
  );
  return app;
}
