import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { directAnswer } from '#server/http/direct-answer.ts';
import { member } from '#server/http/resource-routes.ts';
import { openLiveStream } from './live.service.ts';

/** /api/events: Server-Sent Events for the signed-in member (PRODUCT.md, Messages, Live). A
 * visitor gets the usual 401 before any stream starts, as does a member past the bounds. The
 * answer is written to the socket directly (direct-answer.ts), never compressed (only pages are:
 * pages/compress.ts) nor buffered by a proxy (X-Accel-Buffering). */
export function liveRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    const caller = member(c);
    const { response, writer } = directAnswer(c, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    openLiveStream(deps, caller, c.req.header('last-event-id'), writer);
    return response;
  });
  return app;
}
