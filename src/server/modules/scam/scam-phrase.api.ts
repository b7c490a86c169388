import { Hono } from 'hono';
import { ScamPhraseSchema } from '#shared/schemas/queue.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { admin, pathId } from '#server/http/resource-routes.ts';
import { addScamPhrase, listScamPhrases, removeScamPhrase } from './scam-phrase.service.ts';

/** /api/admin/scam-phrases: the phrases admins add to the scam cautions (levels >= 3). */
export function scamPhraseRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listScamPhrases(deps, admin(c))) }));
  app.post('/', async (c) => c.json({ code: 'ok', ...(await addScamPhrase(deps, admin(c), await bodyInput(c, ScamPhraseSchema))) }));
  app.delete('/:id', async (c) => c.json({ code: 'ok', ...(await removeScamPhrase(deps, admin(c), pathId(c.req.param('id')))) }));
  return app;
}
