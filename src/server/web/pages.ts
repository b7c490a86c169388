import crypto from 'node:crypto';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { isbot } from 'isbot';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { type AppEnv, type Deps } from '#server/http/context.ts';
import { resolveActor } from '#server/modules/auth/auth.service.ts';

// Pages: the React Router build rendered by our Hono server. Each response gets a fresh CSP
// nonce; a page for a signed-in user is never stored by a shared cache; a crawler that hits an
// error gets the bare status instead of the error page (SPEC §2).

/** Loads the server build: the built files in production, Vite's module graph in development. */
export type BuildLoader = () => Promise<ServerBuild>;

export function productionBuild(root: string): BuildLoader {
  let build: Promise<ServerBuild> | undefined;
  return () => {
    build ??= import(path.join(root, 'build/server/index.js')) as Promise<ServerBuild>;
    return build;
  };
}

function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // Development adds Vite's inline preamble and its HMR socket.
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

function isSameOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  if (!origin) return c.req.header('sec-fetch-site') === 'same-origin';
  try {
    return new URL(origin).host === c.req.header('host');
  } catch {
    return false;
  }
}

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
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
  }
  app.all('*', async (c) => {
    // Forms post to pages; a post from another site must not act with our session cookie.
    if (!SAFE_METHODS.has(c.req.method) && !isSameOrigin(c)) return c.text('Forbidden', 403);
    const build = await options.loadBuild();
    if (build !== handlerFor || !handler) {
      handlerFor = build;
      handler = createRequestHandler(build, options.dev ? 'development' : 'production');
    }
    const token = getCookie(c, TOKEN_COOKIE);
    const actor = token ? await resolveActor(deps, token) : undefined;
    const nonce = crypto.randomBytes(16).toString('base64');
    const context = new RouterContextProvider();
    const entry = build.entry.module as unknown as { pageContext: Parameters<RouterContextProvider['set']>[0] };
    context.set(entry.pageContext, { deps, actor, nonce, ip: c.get('ip') });
    const response = await handler(c.req.raw, context);

    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, options.dev));
    headers.set('Cache-Control', actor ? 'private, no-store' : 'no-cache');
    headers.append('Vary', 'Cookie');
    if (new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https') {
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (response.status >= 400 && isbot(c.req.header('user-agent') ?? '') && (headers.get('content-type') ?? '').startsWith('text/html')) {
      return new Response(response.status === 404 ? 'Not Found' : 'Error', {
        status: response.status,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
  return app;
}
