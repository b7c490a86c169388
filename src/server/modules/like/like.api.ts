import { Hono } from 'hono';
import { LikeStatusQuerySchema, LikeToggleSchema, MyLikesQuerySchema } from '#shared/schemas/content.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput, queryInput } from '#server/http/envelope.ts';
import { member } from '#server/http/resource-routes.ts';
import { likeStatus, listMyLikes, removeLike, toggleLike } from './like.service.ts';

/** /api/like: toggle, take back, my likes and which items I liked. */
export function likeRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listMyLikes(deps, member(c), queryInput(c, MyLikesQuerySchema))) }));
  app.get('/status', async (c) => c.json({ code: 'ok', ...(await likeStatus(deps, member(c), queryInput(c, LikeStatusQuerySchema))) }));
  app.post('/', async (c) => c.json({ code: 'ok', ...(await toggleLike(deps, member(c), await bodyInput(c, LikeToggleSchema))) }));
  app.delete('/', async (c) => c.json({ code: 'ok', ...(await removeLike(deps, member(c), await bodyInput(c, LikeToggleSchema))) }));
  return app;
}
