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
export function clientAddress(forwardedFor: string | undefined, socketAddress: () => string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return socketAddress() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The request's id: the client's X-Request-Id when it is a plain token, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/** An answered request as the log and the metrics see it. */
export interface AnsweredRequest {
  reqId: string;
  method: string;
  /** Its path and query, worked out only for a log line. */
  where: () => { pathname: string; search: string };
  status: number;
  ip: string;
  actor?: { id: number; level: number };
  route: string;
  ms: number;
}

/** One answered request: counted in the metrics, one log line, and a security event if it is one.
 * The page cache's direct answers (pages/stored-hit.ts) come here too. */
export function noteAnswered(logger: Logger, metrics: Metrics, r: AnsweredRequest): void {
  metrics.request(METHODS.has(r.method) ? r.method : 'other', r.route, r.status, r.ms / 1000);
  // Below info level there is no line to write, so nothing to compute for it.
  if (!logger.isLevelEnabled('info')) return;
  const { pathname, search } = r.where();
  const line = {
    reqId: r.reqId,
    method: r.method,
    url: redactUrl(pathname, search),
    status: r.status,
    ip: r.ip,
    user: r.actor?.id,
  };
  logger.info({ ...line, ms: Math.round(r.ms * 10) / 10 }, 'request');
  const event = eventOf(r.method, r.status, r.actor?.level);
  if (event) securityEvent(logger, event, line);
}

/** The security event a request's answer is, if any. */
function eventOf(method: string, status: number, level: number | undefined): SecurityEvent | undefined {
  if (status === 401 || status === 403) return 'access.denied';
  if (status === 429) return 'rate.limited';
  if (level !== undefined && isAdminLevel(level) && method !== 'GET' && method !== 'HEAD' && status < 400) return 'admin.action';
  return undefined;
}

/** The status a request is logged and counted with when its client went away before the answer
 * (nginx's "client closed request"): the page it asked for was cut short on purpose (React Router
 * ends an aborted request's loaders with an error), which is no server error. */
export const CLIENT_CLOSED = 499;

/** Methods counted under their own name in the metrics; any other is counted as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request id per request (echoed as X-Request-Id), one log line when it is answered, and its
 * count and latency in the metrics, by route pattern: the pages name theirs (`route`), an API
 * call's is the path of the handler that answered it (read after the answer, Hono's route index
 * is that handler's). */
export function requestLog(logger: Logger, trustProxy: boolean, metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const reqId = requestIdOf(c.req.header('x-request-id'));
    c.set('reqId', reqId);
    c.set(
      'ip',
      clientAddress(c.req.header('x-forwarded-for'), () => getConnInfo(c).remote.address, trustProxy),
    );
    c.set('https', c.req.url.startsWith('https:') || (trustProxy && c.req.header('x-forwarded-proto') === 'https'));
    c.header('X-Request-Id', reqId);
    const start = performance.now();
    await next();
    // A handler's own answer (a page, a file) does not carry what c.header() set before it was made.
    if (!c.res.headers.has('X-Request-Id')) c.res.headers.set('X-Request-Id', reqId);
    noteAnswered(logger, metrics, {
      reqId,
      method: c.req.method,
      where: () => new URL(c.req.url),
      status: c.req.raw.signal.aborted ? CLIENT_CLOSED : c.res.status,
      ip: c.get('ip'),
      actor: c.get('actor'),
      route: c.get('route') ?? (routePath(c) || 'unmatched'),
      ms: performance.now() - start,
    });
  };
}
