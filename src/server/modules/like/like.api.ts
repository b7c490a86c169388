import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { readJson } from '#server/http/envelope.ts';
import { caller } from '#server/resource/routes.ts';
import { likeStatus, listMyLikes, removeLike, toggleLike } from './like.service.ts';

/** /api/like: toggle, take back, my likes and which items I liked. */
export function likeRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listMyLikes(deps, caller(c), c.req.query())) }));
  app.get('/status', async (c) => c.json({ code: 'ok', ...(await likeStatus(deps, caller(c), c.req.query())) }));
  app.post('/', async (c) => c.json({ code: 'ok', ...(await toggleLike(deps, caller(c), await readJson(c))) }));
  app.delete('/', async (c) => c.json({ code: 'ok', ...(await removeLike(deps, caller(c), await readJson(c))) }));
  return app;
}
