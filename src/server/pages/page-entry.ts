import type { RouterContextProvider, ServerBuild } from 'react-router';
import type { Me } from '#shared/api.ts';
import type { HoleKind, PageEffects } from './page-cache.ts';

// What the page server takes of the build (web/entry.server.tsx), apart from pages.ts so that the
// parts pages.ts calls (draw-page.ts, member-fill.ts, stored-page.ts ...) need not import it back.

/** Loads the server build: the built files in production, Vite's module graph in development. */
export type BuildLoader = () => Promise<ServerBuild>;

/** What pages.ts uses of the build's entry (web/entry.server.tsx). */
export interface PageEntry {
  pageContext: Parameters<RouterContextProvider['set']>[0];
  /** Where a shared page's per-member content goes: between `open` and `close`. */
  HOLES: { kind: HoleKind; open: string; close: string }[];
  personalContents(me: Me, parts: NonNullable<PageEffects['parts']>): Record<Exclude<HoleKind, 'part'>, string> & { parts: string[] };
}
