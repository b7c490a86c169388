import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { queryInput } from '#server/http/envelope.ts';
import { caller, pathId } from '#server/http/resource-routes.ts';
import { getMemberProfile, MemberProfileQuerySchema } from './member.service.ts';

/** /api/member: members' public profiles. */
export function memberRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:id', async (c) =>
    c.json({
      code: 'ok',
      ...(await getMemberProfile(deps, caller(c), pathId(c.req.param('id')), queryInput(c, MemberProfileQuerySchema))),
    }),
  );
  return app;
}
