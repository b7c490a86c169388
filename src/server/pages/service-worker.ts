import { APP_ICON_URL, OFFLINE_URL, PRIVATE_PAGE_PREFIXES, TAKE_OVER_MESSAGE } from '#shared/app-shell.ts';

// The service worker (PRODUCT.md "On the phone like an app"), served from the site's root so that
// its scope is the whole site. Written as a function and serialized into /sw.js with its
// arguments: it may use only them and the worker's globals.
//
// - Pages: network first; an answer anyone may have (not `private`, not `no-store`: a member's
//   pages are served so, pages.ts) and not under a member's own paths is kept, the newest
//   `maxPages`, for reading offline. Offline, a page not kept shows the Korean offline page.
// - Built assets (hashed names) are kept with the build's version; an update drops the old ones.
//   A new build's worker waits while pages of the old one are open, and takes over when a page
//   asks it to (the page's update notice, web/lib/app-update.ts): a page is never swapped under
//   a reader, nor a form being typed.
// - A logout (DELETE …/jwt from the app, or the form without JavaScript) drops every kept page.
// - A web push (modules/push) is shown as a notification; a tap opens its page, in an open
//   window of the site when there is one.

interface WaitingEvent {
  waitUntil(p: Promise<unknown>): void;
}

/** A window of the site the worker controls. */
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The few parts of the worker's global scope used here (the DOM library lacks the worker's). */
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: WaitingEvent) => void): void;
  addEventListener(
    type: 'fetch',
    listener: (event: WaitingEvent & { request: Request; respondWith(r: Promise<Response>): void }) => void,
  ): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'push', listener: (event: WaitingEvent & { data: { json(): unknown } | null }) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: WaitingEvent & { notification: { data: unknown; close(): void } }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window' }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  location: Location;
}

function worker(
  scope: WorkerScope,
  version: string,
  takeOver: string,
  offlineUrl: string,
  privatePrefixes: readonly string[],
  maxPages: number,
  icon: string,
): void {
  const SHELL = `shell-${version}`;
  const PAGES = 'pages';

  const isPrivate = (path: string) => privatePrefixes.some((p) => path === p || path.startsWith(`${p}/`));
  const mayKeep = (response: Response) =>
    response.ok && response.type === 'basic' && !/private|no-store/.test(response.headers.get('Cache-Control') ?? '');

  async function keepPage(request: Request, response: Response): Promise<void> {
    const pages = await caches.open(PAGES);
    // Deleted first, so that a page read again counts as the newest.
    await pages.delete(request);
    await pages.put(request, response);
    const kept = await pages.keys();
    await Promise.all(kept.slice(0, Math.max(0, kept.length - maxPages)).map((old) => pages.delete(old)));
  }

  async function page(request: Request, path: string, keep: (p: Promise<unknown>) => void): Promise<Response> {
    try {
      const response = await fetch(request);
      if (!isPrivate(path) && mayKeep(response)) keep(keepPage(request, response.clone()));
      return response;
    } catch {
      const kept = isPrivate(path) ? undefined : await caches.match(request, { cacheName: PAGES });
      return kept ?? (await caches.match(offlineUrl, { cacheName: SHELL })) ?? Response.error();
    }
  }

  async function asset(request: Request, keep: (p: Promise<unknown>) => void): Promise<Response> {
    const kept = await caches.match(request, { cacheName: SHELL });
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      keep(caches.open(SHELL).then((shell) => shell.put(request, copy)));
    }
    return response;
  }

  scope.addEventListener('install', (event) => {
    event.waitUntil(caches.open(SHELL).then((shell) => shell.add(offlineUrl)));
  });

  scope.addEventListener('message', (event) => {
    if (event.data === takeOver) void scope.skipWaiting();
  });

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => n.startsWith('shell-') && n !== SHELL).map((n) => caches.delete(n))))
        .then(() => scope.clients.claim()),
    );
  });

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    const url = new URL(request.url);
    const keep = (p: Promise<unknown>) => event.waitUntil(p);
    // A logout, whichever way it goes: nothing read while signed in stays behind.
    const loggingOut =
      (request.method === 'DELETE' && /\/jwt(\/all)?$/.test(url.pathname)) ||
      (request.method === 'POST' && url.pathname === '/login' && url.searchParams.has('logout'));
    if (loggingOut) keep(caches.delete(PAGES));
    if (request.method !== 'GET' || url.origin !== scope.location.origin) return;
    if (request.mode === 'navigate') event.respondWith(page(request, url.pathname, keep));
    else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request, keep));
  });

  scope.addEventListener('push', (event) => {
    let push: { title?: string; body?: string; link?: string; kind?: string } = {};
    try {
      push = (event.data?.json() ?? {}) as typeof push;
    } catch {}
    event.waitUntil(
      scope.registration.showNotification(push.title || '새 알림', {
        body: push.body ?? '',
        icon,
        lang: 'ko',
        // A second message of one conversation replaces the first on the lock screen.
        tag: push.link,
        data: { link: push.link?.startsWith('/') ? push.link : '/' },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = new URL((event.notification.data as { link: string }).link, scope.location.origin).href;
    event.waitUntil(
      scope.clients.matchAll({ type: 'window' }).then((open) => {
        const window = open[0];
        return window ? window.navigate(link).then(() => window.focus()) : scope.clients.openWindow(link);
      }),
    );
  });
}

/** How many pages a reader finds offline: the newest read. */
const MAX_PAGES = 30;

/** The worker's script for a build: a new build is a new script, which the browser installs. */
export function serviceWorkerSource(version: string): string {
  const args = [
    JSON.stringify(version),
    JSON.stringify(TAKE_OVER_MESSAGE),
    JSON.stringify(OFFLINE_URL),
    JSON.stringify(PRIVATE_PAGE_PREFIXES),
    MAX_PAGES,
    JSON.stringify(APP_ICON_URL),
  ];
  return `(${worker})(self,${args.join(',')});\n`;
}
