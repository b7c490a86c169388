import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { readJson } from '#server/http/envelope.ts';
import { caller } from '#server/resource/routes.ts';
import { addComment, editComment, listComments, removeComment } from './comment.service.ts';

/** /api/comment: list a post's thread, write, edit and delete a comment. */
export function commentRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listComments(deps, caller(c), c.req.query())) }));
  app.post('/', async (c) => c.json({ code: 'ok', ...(await addComment(deps, caller(c), await readJson(c))) }));
  app.put('/', async (c) => c.json({ code: 'ok', ...(await editComment(deps, caller(c), await readJson(c))) }));
  app.delete('/', async (c) => c.json({ code: 'ok', ...(await removeComment(deps, caller(c), await readJson(c))) }));
  return app;
}
