import { Hono } from 'hono';
import { APP_ICON_PATH, MANIFEST_URL, OFFLINE_URL, SERVICE_WORKER_URL, SHARE_CARD, THEME_COLOR } from '#shared/app-shell.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { APP_ICONS, type AppIconName, appIcon } from './app-icons.ts';
import type { PagesOptions } from './pages.ts';
import { serviceWorkerSource } from './service-worker.ts';
import { drawShareCard, escapeMarkup, sharedItemTitle } from './share-card.ts';

// What makes the site an app on a phone (PRODUCT.md "On the phone like an app"): the manifest,
// its icons, the service worker and the page it shows offline; and the card a shared link shows.

/** Shown by the service worker when a page is asked for offline and none was kept: it stands
 * alone (no script, its style inline), since nothing else can be fetched then. */
function offlinePage(siteName: string): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}"><title>오프라인 - ${escapeMarkup(siteName)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;word-break:keep-all}
main{max-width:32rem;margin:0 auto;padding:4rem 1.25rem;line-height:1.7}h1{font-size:1.4rem;color:${THEME_COLOR}}
a{color:${THEME_COLOR}}</style></head>
<body><main><h1>인터넷에 연결되어 있지 않습니다</h1>
<p>지금은 이 페이지를 불러올 수 없습니다. 연결을 확인한 뒤 다시 시도해 주세요.</p>
<p>최근에 읽은 글은 연결 없이도 다시 열어 볼 수 있습니다.</p>
<p><a href="/">${escapeMarkup(siteName)} 홈으로</a></p></main></body></html>
`;
}

function manifest(siteName: string) {
  return {
    name: siteName,
    short_name: siteName,
    lang: 'ko',
    dir: 'ltr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#f8fafc',
    icons: Object.entries(APP_ICONS).map(([name, icon]) => ({
      src: APP_ICON_PATH + name,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
    shortcuts: [
      { name: '쪽지', url: '/messages' },
      { name: '알림', url: '/mypage/notifications' },
    ],
  };
}

export function appShellRoutes(deps: Deps, pages: PagesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const siteName = deps.env.SITE_NAME;

  app.get(MANIFEST_URL, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Content-Type', 'application/manifest+json; charset=utf-8');
    return c.body(JSON.stringify(manifest(siteName)));
  });

  // `/share-card/community/12.png`: the card of the page `/community/12`, as a visitor sees it.
  app.get(`${SHARE_CARD.prefix}/:section/:file{[0-9]+\\.png}`, async (c) => {
    const page = `/${c.req.param('section')}/${c.req.param('file').slice(0, -'.png'.length)}`;
    const title = await sharedItemTitle(deps, { actor: undefined, ip: c.get('ip') }, page);
    if (title === undefined) return c.notFound();
    // An hour: an edited title reaches the next crawler that asks.
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(await drawShareCard(title, siteName)));
  });

  app.get(`${APP_ICON_PATH}:name`, async (c) => {
    const name = c.req.param('name');
    if (!Object.hasOwn(APP_ICONS, name)) return c.notFound();
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(await appIcon(name as AppIconName)));
  });

  // Checked by the browser at each visit (no-cache), so a new build's worker arrives at once; it
  // names the build, so the browser sees a new script and installs it.
  app.get(SERVICE_WORKER_URL, async (c) => {
    const build = await pages.loadBuild();
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(serviceWorkerSource(build.assets.version));
  });

  app.get(OFFLINE_URL, (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
    return c.html(offlinePage(siteName));
  });
  return app;
}
