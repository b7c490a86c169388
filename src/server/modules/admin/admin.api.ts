import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { readJson } from '#server/http/envelope.ts';
import { caller } from '#server/http/resource-routes.ts';
import { exportUsersCsv, getAudit, getDashboard, listCommentsForModeration, moderate } from './admin.service.ts';

/** /api/admin: the admin area's own calls; each service refuses levels below 3 (401/403). */
export function adminRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/dashboard', async (c) => c.json({ code: 'ok', ...(await getDashboard(deps, caller(c))) }));
  app.get('/audit', async (c) => c.json({ code: 'ok', ...(await getAudit(deps, caller(c), c.req.query())) }));
  app.get('/comments', async (c) => c.json({ code: 'ok', ...(await listCommentsForModeration(deps, caller(c), c.req.query())) }));
  app.post('/moderate', async (c) => c.json({ code: 'ok', ...(await moderate(deps, caller(c), await readJson(c))) }));
  app.get('/users.csv', async (c) => {
    const csv = await exportUsersCsv(deps, caller(c), c.req.query());
    const name = `users-${new Date().toISOString().slice(0, 10)}.csv`;
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });
  return app;
}
