import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { ping } from '#server/db/connect.ts';
import { authenticate } from '#server/http/auth.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { writeDirectHead } from '#server/http/direct-answer.ts';
import { errorAnswer, refuseNulInQuery } from '#server/http/envelope.ts';
import { loadGate } from '#server/http/load-shedding.ts';
import { finishUnreadBody, limitBody } from '#server/http/request-body.ts';
import { faultLog } from '#server/lib/faults.ts';
import { requestLog } from '#server/http/request-log.ts';
import { markWriters } from '#server/http/recent-writer.ts';
import { rememberSiteAddress } from '#server/http/site-address.ts';
import { metricsRoute } from '#server/http/metrics.ts';
import { authRoutes } from '#server/modules/auth/auth.api.ts';
import { resolveActorAt } from '#server/modules/auth/auth.service.ts';
import { uploadRoutes, webdataRoutes } from '#server/modules/upload/upload.api.ts';
import { userRoutes } from '#server/modules/user/user.api.ts';
import { contentRoutes } from '#server/modules/content/content.api.ts';
import { rsvpRoutes } from '#server/modules/event/event.api.ts';
import { bumpRoutes } from '#server/modules/freshness/freshness.api.ts';
import { commentRoutes } from '#server/modules/comment/comment.api.ts';
import { likeRoutes } from '#server/modules/like/like.api.ts';
import { notificationRoutes } from '#server/modules/notification/notification.api.ts';
import { alertRoutes } from '#server/modules/alert/alert.api.ts';
import { pushRoutes } from '#server/modules/push/push.api.ts';
import { blockRoutes, conversationRoutes } from '#server/modules/message/message.api.ts';
import { memberRoutes } from '#server/modules/member/member.api.ts';
import { refuseSuspendedWrites } from '#server/http/suspension.ts';
import { reviewRoutes, saleRoutes } from '#server/modules/review/review.api.ts';
import { businessReviewRoutes } from '#server/modules/business-review/business-review.api.ts';
import { liveRoutes } from '#server/modules/live/live.api.ts';
import { searchRoutes } from '#server/modules/search/search.api.ts';
import { reportAdminRoutes, reportRoutes } from '#server/modules/report/report.api.ts';
import { queueAdminRoutes, warningsRoutes } from '#server/modules/queue/queue.api.ts';
import { scamPhraseRoutes } from '#server/modules/scam/scam-phrase.api.ts';
import { adminRoutes } from '#server/modules/admin/admin.api.ts';
import { organizationRoutes } from '#server/modules/organization/organization.api.ts';
import { adminApiAllow } from '#server/http/admin-allow.ts';
import { openapiRoutes } from '#server/openapi/openapi.api.ts';
import { type PagesOptions, pageRoutes } from './pages/pages.ts';
import { seoRoutes } from './pages/seo.ts';
import { appShellRoutes } from './pages/app-shell.ts';
import { calendarRoutes } from './pages/calendar-files.ts';
import { pageCache } from './pages/page-cache.ts';
import { storedHits } from './pages/stored-hit.ts';
import { memberFiller } from './pages/member-fill.ts';

/** JSON bodies above this are refused before they are read (uploads get their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The app, and `listener`, what node's http server calls: a GET for a page current in the page
 * cache, a visitor's or a member's, is answered before the app (pages/stored-hit.ts), anything
 * else by the app. */
export type App = Hono<AppEnv> & { listener: (req: IncomingMessage, res: ServerResponse) => void };

/** The whole server; without `pages` (API tests) only /api answers. */
export function createApp(deps: Deps, pages?: PagesOptions): App {
  const app = new Hono<AppEnv>();
  const secure = secureHeaders({ crossOriginResourcePolicy: 'same-origin', referrerPolicy: 'strict-origin-when-cross-origin' });
  const gate = loadGate({ maxInFlight: deps.env.LOAD_MAX_IN_FLIGHT, maxDelayMs: deps.env.LOAD_MAX_DELAY_MS }, deps.logger);
  app.use(requestLog(deps.logger, deps.env.TRUST_PROXY, deps.metrics));
  // After the request log, which tells whether it came over HTTPS.
  app.use(rememberSiteAddress(deps.env.SITE_URL));
  app.use(finishUnreadBody());
  app.use(markWriters());
  app.use(secure);
  app.use(gate.middleware);

  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // API answers carry sessions, codes and personal data: never stored by any cache. A handler
    // that chose its own caching (the public images under /api/webdata) keeps it. (Set on the
    // answer's headers: c.header() after the answer is made would rebuild the whole answer.)
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  const jsonLimit = limitBody(JSON_BODY_LIMIT);
  // POST /api/upload carries up to ten images and applies its own limit (upload.api.ts).
  // A GET has no body to limit (and asking for one would build a second request object).
  api.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || (c.req.method === 'POST' && c.req.path === '/api/upload')
      ? next()
      : jsonLimit(c, next),
  );
  api.use(async (c, next) => {
    refuseNulInQuery(c);
    await next();
  });
  // Before the session is read: a Bearer token would look its session up in the database.
  // Liveness: the process answers; never the database (a restart would not bring that back).
  api.get('/live', (c) => c.json({ code: 'ok' }));
  // Readiness: 503 while the database does not answer, so a balancer sends requests elsewhere.
  api.get('/health', async (c) => {
    const ok = await ping(deps.db);
    return c.json({ code: ok ? 'ok' : 'error', database: deps.dialect }, ok ? 200 : 503);
  });
  api.use(authenticate((token, ip) => resolveActorAt(deps, token, ip)));
  if (deps.env.ADMIN_ALLOW_IPS) api.use(adminApiAllow(deps.env.ADMIN_ALLOW_IPS));
  api.use(refuseSuspendedWrites(deps.env.SITE_TIMEZONE));
  api.route('/jwt', authRoutes(deps));
  api.route('/user', userRoutes(deps));
  api.route('/upload', uploadRoutes(deps));
  api.route('/webdata', webdataRoutes(deps));
  api.route('/', bumpRoutes(deps));
  api.route('/', saleRoutes(deps));
  api.route('/', businessReviewRoutes(deps));
  for (const [path, routes] of contentRoutes(deps)) api.route(path, routes);
  api.route('/event', rsvpRoutes(deps));
  api.route('/comment', commentRoutes(deps));
  api.route('/like', likeRoutes(deps));
  api.route('/notification', notificationRoutes(deps));
  api.route('/alert', alertRoutes(deps));
  api.route('/push', pushRoutes(deps));
  api.route('/conversation', conversationRoutes(deps));
  api.route('/block', blockRoutes(deps));
  api.route('/member', memberRoutes(deps));
  api.route('/review', reviewRoutes(deps));
  api.route('/events', liveRoutes(deps));
  api.route('/search', searchRoutes(deps));
  api.route('/report', reportRoutes(deps));
  api.route('/admin/report', reportAdminRoutes(deps));
  api.route('/warnings', warningsRoutes(deps));
  api.route('/admin/queue', queueAdminRoutes(deps));
  api.route('/admin/scam-phrases', scamPhraseRoutes(deps));
  api.route('/admin/organization', organizationRoutes(deps));
  api.route('/admin', adminRoutes(deps));
  api.route('/', openapiRoutes(deps));
  api.all('*', () => {
    throw new AppError(404, ErrorKey.notFound);
  });
  app.route('/api', api);
  app.get('/metrics', metricsRoute(deps.metrics, deps.env.METRICS_ALLOW));

  app.route('/', seoRoutes(deps));
  app.route('/', calendarRoutes(deps));
  // Pages are kept for visitors in production; development draws each anew from Vite's modules.
  const cache = pages && !pages.dev ? pageCache(deps.tracker) : undefined;
  const memberFill = memberFiller(deps);
  if (pages) app.route('/', appShellRoutes(deps, pages));
  if (pages) app.route('/', pageRoutes(deps, pages, cache, memberFill));
  app.notFound((c) => c.text(`Page not found: ${new URL(c.req.url).pathname}`, 404));
  const noteFault = faultLog(deps.logger);
  app.onError((err, c) => errorAnswer(err, c, deps.logger, noteFault));

  // Read at each request: a test may wrap app.fetch to see which requests reach the app.
  const viaApp = getRequestListener(async (request, env) => writeDirectHead(await app.fetch(request, env), env.outgoing));
  const hit = cache && pages && storedHits({ deps, cache, gate, secureHeaders: secure, memberFill, loadBuild: pages.loadBuild });
  const listener = hit
    ? (req: IncomingMessage, res: ServerResponse) => {
        if (!hit(req, res, viaApp)) void viaApp(req, res);
      }
    : viaApp;
  return Object.assign(app, { listener });
}
