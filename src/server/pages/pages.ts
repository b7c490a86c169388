import crypto from 'node:crypto';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { isbot } from 'isbot';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { isSameOrigin, sessionCookieToken } from '#server/http/auth.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { resolveActor } from '#server/modules/auth/auth.service.ts';
import { countView } from '#server/modules/view/view.service.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';
import { visitorOf } from '#server/http/visitor.ts';
import { acceptedEncoding, answerPatchable, compressStream, type PatchablePage, patchablePage } from './compress.ts';
import { type PageEffects, pageCache, type StoredPage } from '#server/cache/page-cache.ts';

// Pages: the React Router build rendered by our Hono server. Each response gets a fresh CSP
// nonce; a page for a signed-in user is never stored by a shared cache; a crawler that hits an
// error gets the bare status instead of the error page (SPEC §2). Anonymous visitors are served
// from page-cache.ts while no write has changed what the page shows; after a write, one request
// renders the page anew while the others get the previous copy for up to STALE_MS.

/** Loads the server build: the built files in production, Vite's module graph in development. */
export type BuildLoader = () => Promise<ServerBuild>;

export function productionBuild(root: string): BuildLoader {
  let build: Promise<ServerBuild> | undefined;
  return () => {
    build ??= import(path.join(root, 'build/server/index.js')) as Promise<ServerBuild>;
    return build;
  };
}

function contentSecurityPolicy(nonce: string, dev: boolean, apiBase: string): string {
  // An API_BASE on another origin must be reachable from the page's scripts.
  const api = URL.canParse(apiBase) ? ` ${new URL(apiBase).origin}` : '';
  return [
    "default-src 'self'",
    // Development adds Vite's inline preamble and its HMR socket.
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${api}${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** How long a visitor may get a page's previous copy while one request renders it anew after a
 * write (the writer is signed in and never served from this cache, so sees the write at once). */
const STALE_MS = 2000;

/** What a crawler reads instead of an error page. */
const BARE_STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

export interface PagesOptions {
  loadBuild: BuildLoader;
  /** The project folder that holds build/. */
  root: string;
  dev: boolean;
}

export function pageRoutes(deps: Deps, options: PagesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // One request handler per build (a new build arrives in development after a change).
  let handlerFor: ServerBuild | undefined;
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  if (!options.dev) {
    // Hashed file names: cached for a year. Anything else in build/client: revalidated.
    app.use(
      '/assets/*',
      serveStatic({
        root: path.relative(process.cwd(), path.join(options.root, 'build/client')),
        // The build writes .br and .gz beside each script and style sheet (vite.config.ts).
        precompressed: true,
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
  }
  const cache = options.dev ? undefined : pageCache(deps.tracker);
  /** Renders under way for the cache, by URL: the page each will store, or undefined if it stores none. */
  const renewals = new Map<string, Promise<StoredPage | undefined>>();
  const countOnError = (err: unknown) => deps.logger.error({ err }, 'view count failed');

  app.all('*', async (c) => {
    // Forms post to pages; a post from another site must not act with our session cookie.
    if (!SAFE_METHODS.has(c.req.method) && !isSameOrigin(c)) return c.text('Forbidden', 403);
    const build = await options.loadBuild();
    if (build !== handlerFor || !handler) {
      handlerFor = build;
      handler = createRequestHandler(build, options.dev ? 'development' : 'production');
    }
    const token = sessionCookieToken(c);
    const actor = token ? await resolveActor(deps, token) : undefined;
    // Worked out only for pages that count a view (a new visitor gets a random id and a cookie).
    let known: Visitor | undefined;
    const visitor = () => {
      known ??= visitorOf(actor, c.req.raw.headers);
      return known;
    };
    const nonce = crypto.randomBytes(16).toString('base64');
    const cached = cache && !actor && c.req.method === 'GET' ? { cache, stamp: cache.stamp() } : undefined;
    const url = c.req.url;

    /** A stored copy answered: its view counted again, a fresh nonce. */
    const serveStored = async (stored: StoredPage) => {
      deps.metrics.pageCache(true);
      c.set('route', stored.effects.route);
      if (stored.effects.view) {
        const key = visitor().key;
        if (key) await countView(deps, stored.effects.view.table, stored.effects.view.id, key, countOnError);
      }
      return finish(
        c,
        { status: stored.status, headers: new Headers(stored.headers), body: stored.page },
        { nonce, actor, visitor, effects: stored.effects },
      );
    };

    if (cached) {
      const found = cached.cache.lookup(url, cached.stamp);
      if (found?.fresh) return serveStored(found.value);
      // One render per page per change: while another request renders this page anew, the
      // previous copy is answered for a short while, then the render is waited for.
      const renewing = renewals.get(url);
      if (renewing) {
        if (found && found.staleMs <= STALE_MS) return serveStored(found.value);
        const renewed = await renewing;
        if (renewed) return serveStored(renewed);
      }
    }

    let settle: ((page: StoredPage | undefined) => void) | undefined;
    if (cached && !renewals.has(url)) {
      renewals.set(
        url,
        new Promise<StoredPage | undefined>((resolve) => {
          settle = resolve;
        }),
      );
    }
    if (cached) deps.metrics.pageCache(false);
    try {
      const effects: PageEffects = {};
      const context = new RouterContextProvider();
      const entry = build.entry.module as unknown as { pageContext: Parameters<RouterContextProvider['set']>[0] };
      context.set(entry.pageContext, { deps, actor, caller: { actor, ip: c.get('ip') }, https: c.get('https'), nonce, visitor, effects });
      const response = await handler(c.req.raw, context);
      // Data requests and redirects draw no page and name no route.
      c.set('route', effects.route ?? '/*');
      // A page that sets a cookie of its own (a login, a cleared session) is never shared.
      if (cached && response.status === 200 && !response.headers.has('set-cookie')) {
        const page = patchablePage(await response.text(), nonce);
        const headers: [string, string][] = [];
        response.headers.forEach((value, name) => {
          headers.push([name, value]);
        });
        const stored: StoredPage = { status: 200, headers, page, effects };
        cached.cache.set(url, cached.stamp, stored, effects.shows);
        settle?.(stored);
        return finish(c, { status: 200, headers: response.headers, body: page }, { nonce, actor, visitor, effects });
      }
      settle?.(undefined);
      return finish(c, { status: response.status, headers: response.headers, body: response.body }, { nonce, actor, visitor, effects });
    } catch (err) {
      settle?.(undefined);
      throw err;
    } finally {
      if (settle) renewals.delete(url);
    }
  });

  /** The answer with this response's headers, compressed for the client. */
  function finish(
    c: Context,
    answer: { status: number; headers: Headers; body: PatchablePage | ReadableStream | null },
    page: { nonce: string; actor: unknown; visitor: () => Visitor; effects: PageEffects },
  ): Response {
    const headers = new Headers(answer.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy(page.nonce, options.dev, deps.env.API_BASE));
    headers.set('Cache-Control', page.actor ? 'private, no-store' : 'no-cache');
    headers.append('Vary', 'Cookie');
    const setCookie = page.effects.view && page.visitor().setCookie;
    if (setCookie) headers.append('Set-Cookie', setCookie);
    if (answer.status >= 400 && isbot(c.req.header('user-agent') ?? '') && (headers.get('content-type') ?? '').startsWith('text/html')) {
      return new Response(BARE_STATUS_TEXT[answer.status] ?? 'Error', {
        status: answer.status,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    // Development leaves pages as they are: Vite's own answers pass here too.
    const encoding = options.dev ? undefined : acceptedEncoding(c.req.header('accept-encoding'));
    if (answer.body === null || answer.body instanceof ReadableStream) {
      return compressStream(new Response(answer.body, { status: answer.status, headers }), encoding);
    }
    return answerPatchable(answer.body, page.nonce, { status: answer.status, headers }, encoding);
  }
  return app;
}
