import { Hono } from 'hono';
import { ReportDecisionSchema, ReportListQuerySchema, ReportSaveSchema } from '#shared/schemas/report.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput, queryInput } from '#server/http/envelope.ts';
import { admin, member } from '#server/http/resource-routes.ts';
import { listWarnedListings } from '#server/modules/scam/listing-warning.service.ts';
import { deleteReported, listReports, reportItem, restoreReported } from './report.service.ts';

/** /api/report: a member reports an item. */
export function reportRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => c.json({ code: 'ok', ...(await reportItem(deps, member(c), await bodyInput(c, ReportSaveSchema))) }));
  return app;
}

/** /api/admin/report: the reported items, and an admin's restore or delete; /warned: the listings
 * published with a scam caution (levels >= 3). */
export function reportAdminRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listReports(deps, admin(c), queryInput(c, ReportListQuerySchema))) }));
  app.get('/warned', async (c) =>
    c.json({ code: 'ok', ...(await listWarnedListings(deps, admin(c), queryInput(c, ReportListQuerySchema))) }),
  );
  app.post('/restore', async (c) =>
    c.json({ code: 'ok', ...(await restoreReported(deps, admin(c), await bodyInput(c, ReportDecisionSchema))) }),
  );
  app.post('/delete', async (c) =>
    c.json({ code: 'ok', ...(await deleteReported(deps, admin(c), await bodyInput(c, ReportDecisionSchema))) }),
  );
  return app;
}
