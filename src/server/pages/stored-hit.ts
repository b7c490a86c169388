import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AnswerCache } from '#server/cache/answer-cache.ts';
import { lateOnlyByNumbers, type StoredPage } from '#server/cache/page-cache.ts';
import type { Deps } from '#server/context.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import type { LoadGate } from '#server/http/load-shedding.ts';
import { clientAddress, noteAnswered, requestIdOf } from '#server/http/request-log.ts';
import { visitorOf } from '#server/http/visitor.ts';
import { wroteJustNow } from '#server/http/recent-writer.ts';
import { countView } from '#server/modules/view/view.service.ts';
import { acceptedEncoding, compressible, encodedHeaders, nonceChecksum, patchedBytes } from './compress.ts';
import { contentSecurityPolicy, pageHeaders, pageNonce } from './page-headers.ts';

// A visitor's GET for a page fresh in the page cache is most of a site's traffic, and the app's
// way to it (Hono's request and answer objects, the middleware chain, Headers objects, a checksum
// of the whole page per answer) cost five times and more what sending the page does. Such a
// request is answered here, straight on node's response, with what the app's way would send: the
// page's stored headers and the page rules (page-headers.ts), the app's secure headers, a fresh
// nonce in the CSP and the page, the request id, the visitor cookie and the view a detail page
// counts, one request log line and the metrics. Anything else goes the app's way (pages.ts): a
// session cookie, another method, a page not in the cache or out of date (the renewal rules live
// there; only a copy late by numbers alone, page-cache.ts, answers here too), a request over the
// load limits (refused there), a request target or host the app would rewrite.

/** node:http's own signature for a request handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Request targets and hosts that the app's URL is made of as they are (@hono/node-server
 * rewrites others, a default port for one, and the log's URL parser would too): the cache key is
 * the same string. */
const PLAIN_TARGET = /^\/[-\w.~!$&()*+,;=:@/?%]*$/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** A dot segment, written out or percent-encoded: resolved by a URL parser. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** Direct answers of a page before its nonceChecksum is made (compress.ts): it costs about
 * thirty checksums of the page, so a page answered fewer times would not gain from it. */
const CHECKSUM_AFTER = 32;

/** What one stored page's direct answers share, made on the first. */
interface Ready {
  /** Its header lines, plain and gzip. */
  plain: string[];
  gzip: string[];
  /** Whether the page is compressed for a client that takes gzip or brotli. */
  compress: boolean;
  answers: number;
  checksum?: (nonce: string) => number;
}

export interface StoredHitOptions {
  deps: Deps;
  cache: AnswerCache<StoredPage>;
  gate: LoadGate;
  /** The app's secure-headers middleware: its headers go on these answers too. */
  secureHeaders: MiddlewareHandler;
}

/** Answers a request from the page cache if it may (true), or leaves it alone (false). `app`
 * takes it over when counting its view fails, so that it answers the error as it would. */
export function storedHits({
  deps,
  cache,
  gate,
  secureHeaders,
}: StoredHitOptions): (req: IncomingMessage, res: ServerResponse, app: NodeHandler) => boolean {
  const csp = contentSecurityPolicy(false, deps.env.API_BASE);
  const trustProxy = deps.env.TRUST_PROXY;
  const countOnError = (err: unknown) => deps.logger.error({ err }, 'view count failed');
  const ready = new WeakMap<StoredPage, Ready>();
  // The secure headers as the middleware sets them, read once from its own answer.
  let secure: [string, string][] | undefined;
  const probe = new Hono().use(secureHeaders).get('*', (c) => c.body(null));
  void Promise.resolve(probe.request('/')).then((res) => {
    const found: [string, string][] = [];
    res.headers.forEach((value, name) => {
      found.push([name, value]);
    });
    secure = found;
  });

  const readyOf = (stored: StoredPage, secured: [string, string][]): Ready => {
    let found = ready.get(stored);
    if (!found) {
      const own = pageHeaders(stored.headers, { member: false });
      // Each answer says its own length.
      own.delete('Content-Length');
      for (const [name, value] of secured) own.set(name, value);
      const flat = (headers: Headers) => {
        const out: string[] = [];
        headers.forEach((value, name) => {
          out.push(name, value);
        });
        return out;
      };
      found = { plain: flat(own), gzip: flat(encodedHeaders(own, 'gzip')), compress: compressible(own, 'gzip'), answers: 0 };
      ready.set(stored, found);
    }
    return found;
  };

  /** A fault of this answer is logged, and the app answers the request if nothing went out. */
  const failed = (err: unknown, req: IncomingMessage, res: ServerResponse, app: NodeHandler) => {
    deps.logger.error({ err }, 'cached page answer failed');
    if (!res.headersSent) app(req, res);
  };

  return (req, res, app) => {
    try {
      return answer(req, res, app);
    } catch (err) {
      failed(err, req, res, app);
      return true;
    }
  };

  function answer(req: IncomingMessage, res: ServerResponse, app: NodeHandler): boolean {
    const start = performance.now();
    if (req.method !== 'GET' || !secure || !gate.open()) return false;
    const target = req.url ?? '';
    const host = req.headers.host;
    if (!host || !PLAIN_HOST.test(host) || !PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target)) return false;
    // A session cookie, even one that has ended: the app works out who it is.
    if (req.headers.cookie?.includes(TOKEN_COOKIE)) return false;
    const https = (req.socket as TLSSocket).encrypted === true;
    const found = cache.lookup(`${https ? 'https' : 'http'}://${host}${target}`, cache.stamp());
    if (found?.value.status !== 200) return false;
    const current = found.fresh || (lateOnlyByNumbers(found) && !wroteJustNow(req.headers.cookie));
    if (!current) return false;
    const stored = found.value;
    const page = readyOf(stored, secure);
    const reqId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    const ip = clientAddress(req.headers['x-forwarded-for'] as string | undefined, () => req.socket.remoteAddress, trustProxy);
    const view = stored.effects.view;
    const visitor = view ? visitorOf(undefined, { get: (name) => (req.headers[name] as string | undefined) ?? null }) : undefined;

    const send = () => {
      deps.metrics.pageCache(true);
      const nonce = pageNonce();
      if (++page.answers === CHECKSUM_AFTER) page.checksum = nonceChecksum(stored.page);
      const compress = page.compress && acceptedEncoding(req.headers['accept-encoding']) !== undefined;
      const { bytes, gzip } = patchedBytes(stored.page, nonce, { compress, ...(page.checksum && { checksum: page.checksum }) });
      const out = [...(gzip ? page.gzip : page.plain), 'Content-Security-Policy', csp(nonce), 'X-Request-Id', reqId];
      if (visitor?.setCookie) out.push('Set-Cookie', visitor.setCookie);
      out.push('Content-Length', String(bytes.length));
      res.writeHead(200, out);
      res.end(bytes);
      noteAnswered(deps.logger, deps.metrics, {
        reqId,
        method: 'GET',
        where: () => {
          const query = target.indexOf('?');
          // As a URL parser reads it: an empty query is none.
          const search = query === -1 || query === target.length - 1 ? '' : target.slice(query);
          return { pathname: query === -1 ? target : target.slice(0, query), search };
        },
        status: 200,
        ip,
        route: stored.effects.route ?? '/*',
        ms: performance.now() - start,
      });
    };
    const key = visitor?.key;
    if (!view || !key) send();
    else
      gate
        .track(() => countView(deps, view.table, view.id, key, countOnError))
        .then(send, () => {
          // Not counted: the app's way counts it, or answers the error as it does.
          if (!res.headersSent) app(req, res);
        })
        .catch((err: unknown) => failed(err, req, res, app));
    return true;
  }
}
