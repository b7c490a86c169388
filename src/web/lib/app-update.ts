import { TAKE_OVER_MESSAGE } from '#shared/app-shell.ts';

// A new build reaches a reader without a stale page (PRODUCT.md "On the phone like an app"): the
// browser checks the service worker at each visit, and the app also when it comes back to the
// screen (a phone app is resumed rather than opened). A new build's worker waits while this page
// is open; the page says so (features/app/update-notice.tsx) and, when the reader agrees, asks it
// to take over and reloads once it has.

/** Calls `waiting` when a new build's worker waits to take over this page; answers a stop. */
export function watchForUpdate(waiting: (worker: ServiceWorker) => void): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => {};
  let registration: ServiceWorkerRegistration | undefined;
  let stopped = false;
  // The first worker of a page that had none is no update: it just starts.
  const tell = (worker: ServiceWorker | null | undefined) => {
    if (worker && container.controller && !stopped) waiting(worker);
  };
  void container.ready.then((r) => {
    registration = r;
    tell(r.waiting);
    r.addEventListener('updatefound', () => {
      const installing = r.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') tell(installing);
      });
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
