import type { Handler } from 'hono';
import { ipAllowList } from '#server/lib/ip-allow.ts';
import type { Metrics } from '#server/lib/metrics.ts';
import type { AppEnv } from './context.ts';

/** GET /metrics for the addresses in METRICS_ALLOW (the client's address as request-log.ts names
 * it); anyone else gets the same 404 as any path that does not exist, so a scan learns nothing. */
export function metricsRoute(metrics: Metrics, allow: string[]): Handler<AppEnv> {
  const allowed = ipAllowList(allow);
  return async (c) => {
    if (!allowed(c.get('ip'))) return c.notFound();
    const text = await metrics.registry.metrics();
    return c.body(text, 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  };
}
