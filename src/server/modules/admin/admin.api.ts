import { Hono } from 'hono';
import { AuditQuerySchema, CommentModerationQuerySchema, ModerateSchema } from '#shared/schemas/admin.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput, queryInput } from '#server/http/envelope.ts';
import { admin, pathId } from '#server/http/resource-routes.ts';
import { SuspendSchema } from '#shared/schemas/suspension.ts';
import { suspendUser, UserListQuerySchema } from '#server/modules/user/user.service.ts';
import { systemReport } from '#server/modules/system/system.service.ts';
import { requireRoot } from '#server/modules/auth/actor.policy.ts';
import { backupRunning, listBackups, startBackup } from '#server/modules/backup/backup.service.ts';
import { exportUsersCsv, getAudit, getDashboard, listCommentsForModeration, moderate } from './admin.service.ts';

/** /api/admin: the admin area's own calls, for levels >= 3 only (401/403 before any input is read);
 * /system for the root admin only. */
export function adminRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/dashboard', async (c) => c.json({ code: 'ok', ...(await getDashboard(deps, admin(c))) }));
  app.get('/audit', async (c) => c.json({ code: 'ok', ...(await getAudit(deps, admin(c), queryInput(c, AuditQuerySchema))) }));
  app.get('/comments', async (c) =>
    c.json({ code: 'ok', ...(await listCommentsForModeration(deps, admin(c), queryInput(c, CommentModerationQuerySchema))) }),
  );
  app.post('/user/:id/suspend', async (c) =>
    c.json({ code: 'ok', ...(await suspendUser(deps, admin(c), pathId(c.req.param('id')), await bodyInput(c, SuspendSchema))) }),
  );
  app.post('/moderate', async (c) => c.json({ code: 'ok', ...(await moderate(deps, admin(c), await bodyInput(c, ModerateSchema))) }));
  // The root admin's (the service refuses other admins with 403).
  app.get('/system', async (c) => c.json({ code: 'ok', ...(await systemReport(deps, admin(c))) }));
  app.get('/users.csv', async (c) => {
    const csv = await exportUsersCsv(deps, admin(c), queryInput(c, UserListQuerySchema));
    const name = `users-${new Date().toISOString().slice(0, 10)}.csv`;
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });
  // Backups: the root admin's alone (they hold every account's password hash).
  app.get('/backup', async (c) => {
    requireRoot(admin(c).actor);
    return c.json({ code: 'ok', running: backupRunning(deps), items: await listBackups(deps) });
  });
  app.post('/backup', (c) => {
    requireRoot(admin(c).actor);
    return c.json({ code: 'ok', started: startBackup(deps).started });
  });
  return app;
}
