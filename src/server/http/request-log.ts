import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { routePath } from 'hono/route';
import { isAdminLevel } from '#shared/enums.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Metrics } from '#server/lib/metrics.ts';
import { type SecurityEvent, securityEvent } from '#server/lib/security-events.ts';
import type { AppEnv } from './context.ts';

// Legacy GET calls carry a password, a code or an e-mail in the URL (SPEC §7); their URLs are
// logged without those parts.
const SECRET_URL = /^\/api\/(jwt|user\/(findemail|findpassword|checkpassword))(\/|$|\?)/;

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAMS = /^(token|access_token|code|number|passwd|password|currentpasswd)$/i;

export function redactUrl(pathname: string, search: string): string {
  const m = SECRET_URL.exec(pathname);
  if (!m) return pathname + redactParams(search);
  const base = `/api/${m[1]}`;
  const hadMore = pathname.length > base.length + 1;
  return `${base}${hadMore ? '/[redacted]' : ''}${search ? '?[redacted]' : ''}`;
}

function redactParams(search: string): string {
  if (!search) return search;
  const params = new URLSearchParams(search);
  let secret = false;
  for (const name of params.keys()) {
    if (SECRET_PARAMS.test(name)) {
      params.set(name, '[redacted]');
      secret = true;
    }
  }
  return secret ? `?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}` : search;
}

/** The client's address, the one rule for rate limits, logs and GET /metrics: the socket's, or
 * with TRUST_PROXY the last address in X-Forwarded-For, the one our proxy saw (a proxy appends to
 * what the client sent, so the first address is whatever the client chose to write there). */
function clientIp(c: Parameters<MiddlewareHandler<AppEnv>>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The security event a request's answer is, if any. */
function eventOf(method: string, status: number, level: number | undefined): SecurityEvent | undefined {
  if (status === 401 || status === 403) return 'access.denied';
  if (status === 429) return 'rate.limited';
  if (level !== undefined && isAdminLevel(level) && method !== 'GET' && method !== 'HEAD' && status < 400) return 'admin.action';
  return undefined;
}

/** Methods counted under their own name in the metrics; any other is counted as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request id per request (echoed as X-Request-Id), one log line when it is answered, and its
 * count and latency in the metrics, by route pattern: the pages name theirs (`route`), an API
 * call's is the path of the handler that answered it (read after the answer, Hono's route index
 * is that handler's). */
export function requestLog(logger: Logger, trustProxy: boolean, metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const reqId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    c.set('reqId', reqId);
    c.set('ip', clientIp(c, trustProxy));
    c.set('https', c.req.url.startsWith('https:') || (trustProxy && c.req.header('x-forwarded-proto') === 'https'));
    c.header('X-Request-Id', reqId);
    const start = performance.now();
    await next();
    const ms = performance.now() - start;
    const method = METHODS.has(c.req.method) ? c.req.method : 'other';
    metrics.request(method, c.get('route') ?? (routePath(c) || 'unmatched'), c.res.status, ms / 1000);
    // Below info level there is no line to write, so nothing to compute for it.
    if (!logger.isLevelEnabled('info')) return;
    const url = new URL(c.req.url);
    const line = {
      reqId,
      method: c.req.method,
      url: redactUrl(url.pathname, url.search),
      status: c.res.status,
      ip: c.get('ip'),
      user: c.get('actor')?.id,
    };
    logger.info({ ...line, ms: Math.round(ms * 10) / 10 }, 'request');
    const event = eventOf(c.req.method, c.res.status, c.get('actor')?.level);
    if (event) securityEvent(logger, event, line);
  };
}
