import { TAKE_OVER_MESSAGE } from '#shared/app-shell.ts';

// A new build reaches a reader without a stale page (PRODUCT.md "On the phone like an app"): the
// browser checks the service worker at each visit, and the app also when it comes back to the
// screen (a phone app is resumed rather than opened). A new build's worker waits while this page
// is open; the page says so (features/app/update-notice.tsx) and, when the reader agrees, asks it
// to take over and reloads once it has.

/** Calls `tell` with a new build's worker once it waits to take over a page the site's worker
 * already controls (the first worker of a page that had none is no update: it just starts): one
 * waiting already, one still installing (its `updatefound` may have fired before this was called,
 * as the page loaded), or one found later. Serialized into the deferred loader too
 * (lib/deferred-hydration.ts): it may use only its arguments and the browser's globals. */
export function whenUpdateWaits(registration: ServiceWorkerRegistration, tell: (worker: ServiceWorker) => void): void {
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const installed = () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) tell(worker);
    };
    if (worker.state === 'installed') installed();
    else worker.addEventListener('statechange', installed);
  };
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

/** Calls `waiting` when a new build's worker waits to take over this page; answers a stop. */
export function watchForUpdate(waiting: (worker: ServiceWorker) => void): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => {};
  let registration: ServiceWorkerRegistration | undefined;
  let stopped = false;
  void container.ready.then((r) => {
    registration = r;
    whenUpdateWaits(r, (worker) => {
      if (!stopped) waiting(worker);
    });
  });
  const resumed = () => {
    if (document.visibilityState === 'visible') registration?.update().catch(() => {});
  };
  document.addEventListener('visibilitychange', resumed);
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', resumed);
  };
}

/** Has the waiting worker take over; resolves once it controls this page. */
export function takeOver(worker: ServiceWorker): Promise<void> {
  const container = navigator.serviceWorker;
  const changed = new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
  worker.postMessage(TAKE_OVER_MESSAGE);
  return changed;
}
