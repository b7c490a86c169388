import net from 'node:net';
import type { Handler } from 'hono';
import type { Metrics } from '#server/lib/metrics.ts';
import type { AppEnv } from './context.ts';

/** GET /metrics for the addresses in METRICS_ALLOW (the client's address as request-log.ts names
 * it); anyone else gets the same 404 as any path that does not exist, so a scan learns nothing. */
export function metricsRoute(metrics: Metrics, allow: string[]): Handler<AppEnv> {
  const allowed = new net.BlockList();
  for (const entry of allow) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  return async (c) => {
    const ip = c.get('ip');
    const family = net.isIP(ip);
    if (family === 0 || !allowed.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return c.notFound();
    const text = await metrics.registry.metrics();
    return c.body(text, 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  };
}
