import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'vitest';
import { createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { BROWSER_USER_AGENT } from './browser.ts';
import { onEachRender } from './counted-renders.ts';
import type { TestApp } from './test-app.ts';

// The page-cache tests' way to read pages: the built app (`npm run build`) with its renders
// counted at the build's entry (counted-renders.ts), so that a page answered from its stored copy
// shows as no render. Beside drawn-pages.ts, which reads the figures of a running server.

const PROJECT = path.resolve(import.meta.dirname, '../..');

/** A page as a browser gets it; React's marks between texts (`닉네임<!-- -->님`) taken out, as a
 * reader sees one text. */
export interface ReadPage {
  status: number;
  html: string;
  headers: Headers;
}

export interface CountedPages {
  app: ReturnType<typeof createApp>;
  /** Pages drawn so far (set it to 0 to count from now). */
  renders: number;
  /** `url` for a visitor, or for the member of `token`; `cookie` adds to their cookies. */
  page(url: string, token?: string, encoding?: string, cookie?: string): Promise<ReadPage>;
  /** A page that must be there (200), as text. */
  visit(url: string, token?: string): Promise<string>;
  /** Asks for `url` as a visitor until a stored copy answers (no render): on PostgreSQL every
   * cache starts blind until the server listens for other servers' writes (db/shared-writes.ts),
   * and work that follows a write (a view's count, a search entry) may end the first copy drawn
   * after it. */
  stored(url: string): Promise<void>;
}

/** The app of `t` serving the built pages, its renders counted; with `data`, client
 * navigations' `.data` answers too. Each request comes from the next address of `net`
 * (`10.88.0.`): the tests' visitors are many, as the write limits see them. */
export async function countedPages(t: TestApp, net: string, options: { data?: boolean } = {}): Promise<CountedPages> {
  const counted = onEachRender(
    await productionBuild(PROJECT)(),
    () => {
      pages.renders++;
    },
    options,
  );
  const pages: CountedPages = {
    app: createApp(t.deps, { root: PROJECT, dev: false, loadBuild: async () => counted }),
    renders: 0,
    page,
    visit: async (url, token) => {
      const read = await page(url, token);
      expect(read.status, url).toBe(200);
      return read.html;
    },
    stored: async (url) => {
      for (let i = 0; i < 50; i++) {
        const before = pages.renders;
        expect((await page(url)).status, url).toBe(200);
        if (pages.renders === before) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${url} is never answered from the page cache`);
    },
  };
  let ip = 0;
  async function page(url: string, token?: string, encoding?: string, cookie?: string): Promise<ReadPage> {
    const headers: Record<string, string> = { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': `${net}${(++ip % 250) + 1}` };
    const cookies = [token && `${TOKEN_COOKIE}=${token}`, cookie].filter(Boolean);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    if (encoding) headers['accept-encoding'] = encoding;
    const res = await pages.app.request(url, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    const raw = res.headers.get('content-encoding') === 'gzip' ? zlib.gunzipSync(bytes).toString() : bytes.toString();
    return { status: res.status, html: raw.replaceAll('<!-- -->', ''), headers: res.headers };
  }
  return pages;
}
