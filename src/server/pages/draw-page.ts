import { type createRequestHandler, RouterContextProvider } from 'react-router';
import type { Actor, Caller, Deps } from '#server/context.ts';
import type { PageEffects } from './page-cache.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';
import type { PageEntry } from './page-entry.ts';

/** What a page's loaders are given (web/entry.server.tsx's PageContext) but the effects they note. */
export interface PageInput {
  deps: Deps;
  actor: Actor | undefined;
  /** Who calls the services: the actor, and the client's address as the request log saw it
   * (X-Forwarded-For only with TRUST_PROXY). */
  caller: Caller;
  /** The client reached us over HTTPS (the session cookie is then Secure and `__Host-`). */
  https: boolean;
  nonce: string;
  /** Whom a detail page counts its view for. */
  visitor: () => Visitor;
}

/** A page drawn by React Router, and what its loaders noted for the page cache: on the server's
 * thread (pages.ts) and in a render thread (render-worker.ts) alike. */
export async function drawPage(
  render: ReturnType<typeof createRequestHandler>,
  entry: PageEntry,
  request: Request,
  input: PageInput,
): Promise<{ response: Response; effects: PageEffects }> {
  const effects: PageEffects = {};
  const context = new RouterContextProvider();
  context.set(entry.pageContext, { ...input, effects });
  return { response: await render(request, context), effects };
}
