import { Hono } from 'hono';
import { CommentEditSchema, CommentListQuerySchema, CommentSaveSchema, MyCommentsQuerySchema } from '#shared/schemas/content.ts';
import { IdBodySchema } from '#shared/schemas/user.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput, queryInput } from '#server/http/envelope.ts';
import { caller, member } from '#server/http/resource-routes.ts';
import { addComment, editComment, listComments, listMyComments, removeComment } from './comment.service.ts';

/** /api/comment: a post's comments for everyone; writing them for members. */
export function commentRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/mine', async (c) => c.json({ code: 'ok', ...(await listMyComments(deps, member(c), queryInput(c, MyCommentsQuerySchema))) }));
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listComments(deps, caller(c), queryInput(c, CommentListQuerySchema))) }));
  app.post('/', async (c) => c.json({ code: 'ok', ...(await addComment(deps, member(c), await bodyInput(c, CommentSaveSchema))) }));
  app.put('/', async (c) => c.json({ code: 'ok', ...(await editComment(deps, member(c), await bodyInput(c, CommentEditSchema))) }));
  app.delete('/', async (c) => c.json({ code: 'ok', ...(await removeComment(deps, member(c), (await bodyInput(c, IdBodySchema)).id)) }));
  return app;
}
