import { Hono } from 'hono';
import { OrganizationEditorsSchema } from '#shared/schemas/organization.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { admin, pathId } from '#server/http/resource-routes.ts';
import { getOrganizationEditors, setOrganizationEditors } from './organization.service.ts';

/** /api/admin/organization/{id}/editors: who keeps an organization's page (admins only). */
export function organizationRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:id/editors', async (c) =>
    c.json({ code: 'ok', ...(await getOrganizationEditors(deps, admin(c), pathId(c.req.param('id')))) }),
  );
  app.put('/:id/editors', async (c) => {
    const who = admin(c);
    const id = pathId(c.req.param('id'));
    return c.json({ code: 'ok', ...(await setOrganizationEditors(deps, who, id, await bodyInput(c, OrganizationEditorsSchema))) });
  });
  return app;
}
