import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { isbot } from 'isbot';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { isSameOrigin, sessionCookieToken } from '#server/http/auth.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { resolveActorAt } from '#server/modules/auth/auth.service.ts';
import { countView } from '#server/modules/view/view.service.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';
import { visitorOf } from '#server/http/visitor.ts';
import { wroteJustNow } from '#server/http/recent-writer.ts';
import { acceptedEncoding, answerPatchable, compressStream, type Fill, type PatchablePage } from './compress.ts';
import { contentSecurityPolicy, pageHeaders, pageNonce } from './page-headers.ts';
import { renderTurns } from './render-turns.ts';
import { keepable, storedPage } from './stored-page.ts';
import { drawPage } from './draw-page.ts';
import { servedBuild } from './build-dir.ts';
import type { RenderThreads } from './render-thread.ts';
import { type MemberFill, meHeader } from './member-fill.ts';
import { type Asker, mayAnswer, serves, type PageEffects, type StoredPage, storedUntil } from './page-cache.ts';
import type { AnswerCache } from '#server/cache/answer-cache.ts';
import type { BuildLoader, PageEntry } from './page-entry.ts';
import type { Me } from '#shared/api.ts';
import type { Actor } from '#server/context.ts';

// Pages: the React Router build rendered by our Hono server. Each response gets a fresh CSP
// nonce; a page for a signed-in user is never stored by a shared (HTTP) cache; a crawler that hits
// an error gets the bare status instead of the error page (SPEC §2). Pages are served from
// page-cache.ts while no write has changed what they show; after a write, one request renders
// the page anew while visitors get the previous copy for up to STALE_MS. A page is drawn for
// nobody; a member gets the same copy with their personal parts filled in (the header's account
// links, like state, the rules that show their controls: web/personal.server.tsx) when the page
// says it is shared, and a page drawn for them otherwise. A client navigation's `.data` answer is
// kept the same way: a member gets the shared copy untouched, with themselves (their like state
// for its items) in the ME_HEADER header, which the browser reads beside it (web/lib/me.ts).

export function productionBuild(root: string): BuildLoader {
  let build: Promise<ServerBuild> | undefined;
  return () => {
    build ??= import(path.join(servedBuild(root), 'server/index.js')) as Promise<ServerBuild>;
    return build;
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Personal URLs remembered before the list starts over (each costs one extra render). */
const MAX_PERSONAL_URLS = 10_000;

/** What a crawler reads instead of an error page. */
const BARE_STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

export interface PagesOptions {
  loadBuild: BuildLoader;
  /** The project folder that holds build/. */
  root: string;
  dev: boolean;
  /** Where the pages the cache keeps are drawn, when not on the server's thread. */
  renderThreads?: RenderThreads;
}

/** `cache`: where pages are kept for visitors (none in development); a visitor's GET for a page
 * fresh in it is answered before the app (stored-hit.ts) and reaches here only when that cannot. */
export function pageRoutes(
  deps: Deps,
  options: PagesOptions,
  cache: AnswerCache<StoredPage> | undefined,
  memberFill: MemberFill,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // One request handler per build (a new build arrives in development after a change).
  let handlerFor: ServerBuild | undefined;
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  if (!options.dev) {
    // Hashed file names: cached for a year. Anything else in build/client: revalidated. From the
    // build this server imports, not build/ as it is at each request: a rebuild switches that.
    app.use(
      '/assets/*',
      serveStatic({
        root: path.relative(process.cwd(), path.join(servedBuild(options.root), 'client')),
        // The build writes .br and .gz beside each script and style sheet (vite.config.ts).
        precompressed: true,
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
  }
  const csp = contentSecurityPolicy(options.dev, deps.env.API_BASE);
  /** Renders under way for the cache, by URL: the page each will store, or undefined if it stores none. */
  const renewals = new Map<string, Promise<StoredPage | undefined>>();
  /** URLs whose page is not the same for every member (their own pages, a 404 an admin may see
   * past): drawn for each member without first being drawn for the cache. */
  const personalUrls = new Set<string>();
  const notePersonal = (url: string) => {
    if (personalUrls.size >= MAX_PERSONAL_URLS) personalUrls.clear();
    personalUrls.add(url);
  };
  const turns = renderTurns(deps.dialect);
  const countOnError = (err: unknown) => deps.logger.error({ err }, 'view count failed');

  app.all('*', async (c) => {
    // Forms post to pages; a post from another site must not act with our session cookie.
    if (!SAFE_METHODS.has(c.req.method) && !isSameOrigin(c)) return c.text('Forbidden', 403);
    const build = await options.loadBuild();
    if (build !== handlerFor || !handler) {
      handlerFor = build;
      handler = createRequestHandler(build, options.dev ? 'development' : 'production');
    }
    const render = handler;
    const entry = build.entry.module as unknown as PageEntry;
    const token = sessionCookieToken(c);
    const actor = token ? await resolveActorAt(deps, token, c.get('ip')) : undefined;
    // Worked out only for pages that count a view (a new visitor gets a random id and a cookie).
    let known: Visitor | undefined;
    const visitor = () => {
      known ??= visitorOf(actor, c.req.raw.headers, c.get('ip'), deps.visitorKey);
      return known;
    };
    const nonce = pageNonce();
    const url = c.req.url;
    // A client navigation: React Router's loader data, no page.
    const data = c.req.path.endsWith('.data');
    // A member's page (or client navigation) comes from the cache too when it is the same for
    // everyone but for their personal parts.
    const shareable = cache && c.req.method === 'GET' && (!actor || !personalUrls.has(url));
    const cached = shareable ? { cache, stamp: cache.stamp() } : undefined;
    /** A stored copy's answer; a `.data` answer names the member it is served to in a header (the
     * body is React Router's, left as it is), a page in its holes (`fill`). */
    const answerOf = (stored: StoredPage, me?: Me) => {
      const headers = new Headers(stored.headers);
      if (me && data) headers.set(...meHeader(me));
      return { status: stored.status, headers, body: stored.page };
    };

    /** A stored copy answered: its view counted again, a fresh nonce, a member's parts filled in. */
    const serveStored = async (stored: StoredPage) => {
      deps.metrics.pageCache(true);
      c.set('route', stored.effects.route);
      const filling = actor ? memberFill(actor, stored, entry, c.get('ip')) : undefined;
      if (stored.effects.view) {
        const { key, cookieKey } = visitor();
        if (key) await countView(deps, stored.effects.view.table, stored.effects.view.id, { key, cookieKey }, countOnError);
      }
      const mine = await filling;
      return finish(c, answerOf(stored, mine?.me), { nonce, actor, visitor, effects: stored.effects, fill: mine?.fill });
    };
    let forCache = cached !== undefined;
    if (cached) {
      const found = cached.cache.lookup(url, cached.stamp);
      const asker: Asker = { member: actor !== undefined, justWrote: wroteJustNow(c.req.header('cookie')) };
      if (found && mayAnswer(found, asker)) return serveStored(found.value);
      // A current copy that is not shared (a visitor's /login): drawn for the member alone.
      if (found?.fresh) {
        notePersonal(url);
        forCache = false;
      }
      // One render per page per change: while another request renders this page anew, the
      // previous copy is answered for a short while, then the render is waited for and its copy
      // answered (unless another write came meanwhile, for whoever just wrote).
      const renewing = found?.fresh ? undefined : renewals.get(url);
      if (renewing) {
        const meanwhile = { ...asker, renewing: true };
        if (found && mayAnswer(found, meanwhile)) return serveStored(found.value);
        const renewed = await renewing;
        // The copy the render just made: made after the request came, stale by nothing since.
        const made = renewed && { value: renewed, fresh: false, countsOnly: false, staleMs: 0, ageMs: 0 };
        if (made && mayAnswer(made, meanwhile)) return serveStored(made.value);
        const now = renewed && cached.cache.lookup(url, cached.cache.stamp());
        if (now?.fresh && mayAnswer(now, asker)) return serveStored(now.value);
      }
    }

    /** The page drawn by React Router, for `viewer` (undefined: for nobody, as the cache keeps it). */
    const draw = async (viewer: Actor | undefined) => {
      const caller = { actor: viewer, ip: c.get('ip') };
      const drawn = await drawPage(render, entry, c.req.raw, { deps, actor: viewer, caller, https: c.get('https'), nonce, visitor });
      // Data requests and redirects draw no page and name no route.
      c.set('route', drawn.effects.route ?? '/*');
      return drawn;
    };

    /** The page drawn for nobody: in the render thread where there is one and it can take it. */
    const drawForCache = async () => {
      const threads = options.renderThreads;
      const drawn = threads && (await threads.draw(c.req.raw, { ip: c.get('ip'), https: c.get('https'), nonce, visitor: visitor() }));
      deps.metrics.pageDrawn(drawn !== undefined);
      if (!drawn) return { ...(await turns.run(() => draw(undefined))), stored: undefined };
      c.set('route', drawn.effects.route ?? '/*');
      return drawn;
    };

    if (cached && forCache) {
      let settle: ((page: StoredPage | undefined) => void) | undefined;
      if (!renewals.has(url)) {
        renewals.set(
          url,
          new Promise<StoredPage | undefined>((resolve) => {
            settle = resolve;
          }),
        );
      }
      deps.metrics.pageCache(false);
      try {
        // Pages drawn for the cache take turns (render-turns.ts). A member's own page does not: its
        // loader may write (opening a notification marks it read), and a write may wait for
        // SQLite's turn behind a search rebuild, which every page drawn meanwhile would wait for.
        const { response, effects, stored: drawnStored } = await drawForCache();
        if (keepable(response)) {
          const stored =
            drawnStored ?? storedPage(Buffer.from(await response.arrayBuffer()), nonce, response.headers, effects, entry, data);
          cached.cache.set(url, cached.stamp, stored, effects.shows, storedUntil(effects, cached.stamp.at));
          settle?.(stored);
          if (serves(stored, { member: actor !== undefined })) {
            const mine = actor ? await memberFill(actor, stored, entry, c.get('ip')) : undefined;
            return finish(c, answerOf(stored, mine?.me), { nonce, actor, visitor, effects, fill: mine?.fill });
          }
        } else {
          settle?.(undefined);
          if (!actor)
            return finish(
              c,
              { status: response.status, headers: response.headers, body: response.body },
              { nonce, actor, visitor, effects },
            );
          await response.body?.cancel();
        }
      } catch (err) {
        settle?.(undefined);
        throw err;
      } finally {
        if (settle) renewals.delete(url);
      }
      // Not the same for every member: drawn for this one, and for each member from now on.
      notePersonal(url);
    }

    const { response, effects } = await draw(actor);
    return finish(c, { status: response.status, headers: response.headers, body: response.body }, { nonce, actor, visitor, effects });
  });

  /** The answer with this response's headers, compressed for the client. */
  function finish(
    c: Context,
    answer: { status: number; headers: Headers; body: PatchablePage | ReadableStream | null },
    page: { nonce: string; actor: unknown; visitor: () => Visitor; effects: PageEffects; fill?: Fill },
  ): Response {
    const setCookie = page.effects.view && page.visitor().setCookie;
    const headers = pageHeaders(answer.headers, { csp: csp(page.nonce), member: Boolean(page.actor), ...(setCookie && { setCookie }) });
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
    return answerPatchable(answer.body, page.nonce, { status: answer.status, headers }, encoding, page.fill);
  }
  return app;
}
