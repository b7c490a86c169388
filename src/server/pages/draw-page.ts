import { type createRequestHandler, RouterContextProvider } from 'react-router';
import type { Actor, Caller, Deps } from '#server/context.ts';
import type { PageEffects } from '#server/cache/page-cache.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';
import type { PageEntry } from './pages.ts';

/** What a page's loaders are given (web/entry.server.tsx's PageContext) but the effects they note. */
export interface PageInput {
  deps: Deps;
  actor: Actor | undefined;
  caller: Caller;
  https: boolean;
  nonce: string;
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
