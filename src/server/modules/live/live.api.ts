import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { member } from '#server/http/resource-routes.ts';
import { openLiveStream } from './live.service.ts';

/** /api/events: Server-Sent Events for the signed-in member (PRODUCT.md, Messages, Live). A
 * visitor gets the usual 401 before any stream starts. The answer is never compressed (only
 * pages are: pages/compress.ts) nor buffered by a proxy (X-Accel-Buffering). */
export function liveRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    const stream = openLiveStream(deps, member(c), c.req.header('last-event-id'));
    return new Response(stream, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
  });
  return app;
}
