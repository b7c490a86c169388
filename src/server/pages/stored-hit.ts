import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AnswerCache } from '#server/cache/answer-cache.ts';
import { mayAnswer, type StoredPage } from './page-cache.ts';
import type { Deps } from '#server/context.ts';
import { cookieToken, TOKEN_COOKIE } from '#server/http/auth.ts';
import type { Actor } from '#server/context.ts';
import { resolveActorAt } from '#server/modules/auth/auth.service.ts';
import { type MemberFill, meHeader } from './member-fill.ts';
import type { BuildLoader, PageEntry } from './page-entry.ts';
import type { LoadGate } from '#server/http/load-shedding.ts';
import { clientAddress, noteAnswered, requestIdOf } from '#server/http/request-log.ts';
import { visitorOf } from '#server/http/visitor.ts';
import { wroteJustNow } from '#server/http/recent-writer.ts';
import { countView } from '#server/modules/view/view.service.ts';
import { acceptedEncoding, compressible, encodedHeaders, type Fill, patchedBytes } from './compress.ts';
import { contentSecurityPolicy, pageHeaders, pageNonce } from './page-headers.ts';

// A GET for a page current in the page cache is most of a site's traffic, and the app's way to
// it (Hono's request and answer objects, the middleware chain, Headers objects, a checksum of the
// whole page per answer) cost five times and more what sending the page does. Such a request is
// answered here, straight on node's response, with what the app's way would send: the page's
// stored headers and the page rules (page-headers.ts), the app's secure headers, a fresh nonce in
// the CSP and the page, the request id, the visitor cookie and the view a detail page counts, one
// request log line and the metrics; for a member, their parts of a shared copy filled in by the
// same fill-in as pages.ts's (member-fill.ts), or on a client navigation (`.data`) named in its
// header. Anything else goes the app's way (pages.ts): an ended session, another method, a page
// not in the cache or out of date (the renewal rules live there; only a copy late by numbers
// alone, page-cache.ts, answers here too), a request over the load limits (refused there), a
// request target or host the app would rewrite.

/** node:http's own signature for a request handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Request targets and hosts that the app's URL is made of as they are (@hono/node-server
 * rewrites others, a default port for one, and the log's URL parser would too): the cache key is
 * the same string. */
const PLAIN_TARGET = /^\/[-\w.~!$&()*+,;=:@/?%]*$/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** A dot segment, written out or percent-encoded: resolved by a URL parser. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** Header lines, plain and gzip. */
interface Lines {
  plain: string[];
  gzip: string[];
}

/** What one stored page's direct answers share, made on the first. */
interface Ready {
  /** Its header lines for visitors and for members. */
  visitor: Lines;
  member: Lines;
  /** Whether the page is compressed for a client that takes gzip or brotli. */
  compress: boolean;
}

export interface StoredHitOptions {
  deps: Deps;
  cache: AnswerCache<StoredPage>;
  gate: LoadGate;
  /** The app's secure-headers middleware: its headers go on these answers too. */
  secureHeaders: MiddlewareHandler;
  /** A member's parts of a shared copy, as pages.ts fills them in. */
  memberFill: MemberFill;
  /** The built app, for its entry's drawing of those parts. */
  loadBuild: BuildLoader;
}

/** Answers a request from the page cache if it may (true), or leaves it alone (false). `app`
 * takes it over when counting its view fails, so that it answers the error as it would. */
export function storedHits({
  deps,
  cache,
  gate,
  secureHeaders,
  memberFill,
  loadBuild,
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
      const lines = (member: boolean): Lines => {
        const own = pageHeaders(stored.headers, { member });
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
        return { plain: flat(own), gzip: flat(encodedHeaders(own, 'gzip')) };
      };
      const own = new Headers(stored.headers);
      found = { visitor: lines(false), member: lines(true), compress: compressible(own, 'gzip') };
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
    const secured = secure;
    const target = req.url ?? '';
    const host = req.headers.host;
    if (!host || !PLAIN_HOST.test(host) || !PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target)) return false;
    const https = (req.socket as TLSSocket).encrypted === true;
    const cookie = req.headers.cookie;
    const url = `${https ? 'https' : 'http'}://${host}${target}`;
    /** The stored copy that may answer now (page-cache.ts `mayAnswer`), if it is a page: another
     * status goes the app's way. */
    const current = (member: boolean): StoredPage | undefined => {
      const found = cache.lookup(url, cache.stamp());
      if (found?.value.status !== 200) return undefined;
      return mayAnswer(found, { member, justWrote: wroteJustNow(cookie) }) ? found.value : undefined;
    };
    // Worked out once this way answers: a request the app takes gets its own id and address there.
    const clientIp = () => clientAddress(req.headers['x-forwarded-for'] as string | undefined, () => req.socket.remoteAddress, trustProxy);
    const headers = { get: (name: string) => (req.headers[name] as string | undefined) ?? null };

    const send = (stored: StoredPage, ip: string, who: { actor?: Actor; fill?: Fill; me?: [string, string]; setCookie?: string }) => {
      deps.metrics.pageCache(true);
      const reqId = requestIdOf(req.headers['x-request-id'] as string | undefined);
      const page = readyOf(stored, secured);
      const nonce = pageNonce();
      const compress = page.compress && acceptedEncoding(req.headers['accept-encoding']) !== undefined;
      const { bytes, gzip } = patchedBytes(stored.page, nonce, { compress, ...(who.fill && { fill: who.fill }) });
      const lines = who.actor ? page.member : page.visitor;
      const out = [...(gzip ? lines.gzip : lines.plain), 'Content-Security-Policy', csp(nonce), 'X-Request-Id', reqId];
      if (who.me) out.push(...who.me);
      if (who.setCookie) out.push('Set-Cookie', who.setCookie);
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
        ...(who.actor && { actor: { id: who.actor.id, level: who.actor.level } }),
        route: stored.effects.route ?? '/*',
        ms: performance.now() - start,
      });
    };

    if (!cookie?.includes(TOKEN_COOKIE)) {
      const stored = current(false);
      if (!stored) return false;
      const view = stored.effects.view;
      const ip = clientIp();
      const visitor = view ? visitorOf(undefined, headers, ip, deps.visitorKey) : undefined;
      const key = visitor?.key;
      const setCookie = visitor?.setCookie;
      if (!view || !key) send(stored, ip, {});
      else
        gate
          .track(() => countView(deps, view.table, view.id, { key, cookieKey: visitor?.cookieKey }, countOnError))
          .then(
            () => send(stored, ip, setCookie ? { setCookie } : {}),
            () => {
              // Not counted: the app's way counts it, or answers the error as it does.
              if (!res.headersSent) app(req, res);
            },
          )
          .catch((err: unknown) => failed(err, req, res, app));
      return true;
    }

    // A member: their session is read and their parts filled in as pages.ts does; a client
    // navigation's answer names them in a header. An ended session and a page not the same for
    // every member go the app's way.
    const token = cookieToken(cookie, https);
    if (!token) return false;
    const data = target.split('?')[0]?.endsWith('.data');
    gate
      .track(async () => {
        const ip = clientIp();
        const actor = await resolveActorAt(deps, token, ip);
        const stored = actor && current(true);
        if (!actor || !stored) {
          app(req, res);
          return;
        }
        const build = await loadBuild();
        const filling = memberFill(actor, stored, build.entry.module as unknown as PageEntry, ip);
        const view = stored.effects.view;
        const key = view && visitorOf(actor, headers, ip, deps.visitorKey).key;
        if (view && key) await countView(deps, view.table, view.id, { key }, countOnError);
        const { me, fill } = await filling;
        send(stored, ip, data ? { actor, fill, me: meHeader(me) } : { actor, fill });
      })
      .catch((err: unknown) => failed(err, req, res, app));
    return true;
  }
}
