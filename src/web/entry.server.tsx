import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createContext, type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import type { PageInput } from '#server/pages/draw-page.ts';
import type { PageEffects } from '#server/pages/page-cache.ts';
import { type Fault, faultLog, isFault } from '#server/lib/faults.ts';
import { PartRecorder } from './components/personal/personal.tsx';

export { HOLES, personalContents } from './personal.server.tsx';

/** What the Hono server hands every page render (its fields: server/pages/draw-page.ts). Exported
 * from here so that the server uses the very objects the built routes read (ARCHITECTURE.md). */
export interface PageContext extends PageInput {
  /** Filled in by loaders for the page cache. */
  effects: PageEffects;
}

export const pageContext = createContext<PageContext>();

export const streamTimeout = 5_000;

/** The fault (lib/faults.ts) a loader of this request met: the page answers its status and
 * Retry-After instead of a 500. Kept by request, as React Router hands the error to handleError
 * and only a sanitized copy to the render. */
const faults = new WeakMap<Request, Fault>();

/** React Router's report of a loader's or a render's error. */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  if (request.signal.aborted) return;
  const { logger } = context.get(pageContext).deps;
  if (isFault(error)) {
    faults.set(request, error);
    faultLog(logger)(error);
    return;
  }
  logger.error({ err: error }, 'page error');
}

/** The matched route's pattern as routes.ts spells it, from the root: `/community/:id`. */
function routePattern(routerContext: EntryContext): string {
  const parts = routerContext.staticHandlerContext.matches.map((m) => m.route.path).filter(Boolean);
  return `/${parts.join('/')}`;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const fault = faults.get(request);
  if (fault) {
    responseStatusCode = fault.status;
    responseHeaders.set('Retry-After', String(Math.max(1, Math.ceil(fault.retryAfter ?? 1))));
  }
  const { nonce, effects } = loadContext.get(pageContext);
  effects.route = routePattern(routerContext);
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // The personal parts drawn, in document order, for the fill-in of a shared page (pages.ts).
    effects.parts = [];
    const page = (
      <PartRecorder.Provider value={effects.parts}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PartRecorder.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // The whole page at once, for people and crawlers alike: the loaders have run before the
      // render and nothing is deferred, so the shell would come only moments earlier, while the
      // loader data would follow as a suspended boundary and its completion scripts (four more
      // inline scripts and some 3 KB in every page, which the page cache compresses around).
      onAllReady() {
        shellRendered = true;
        // Everything is ready, so React writes the whole page at once: it is answered as one
        // buffer, which pages.ts stores as it is, rather than as a stream of React's 2 KB chunks
        // read back through a web stream, decoded to text and encoded again (some 3% of a fresh
        // render's CPU).
        const chunks: Uint8Array[] = [];
        const body = new Writable({
          write(chunk: Uint8Array, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.get(pageContext).deps.logger.error({ err: error }, 'render error');
      },
    });
  });
}
