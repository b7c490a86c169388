import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { SERVICE_WORKER_URL } from '#shared/app-shell.ts';
import { HYDRATED_EVENT } from './lib/deferred-hydration.ts';
import { listenForMe } from './lib/me.ts';
import { catchInstallPrompt, INSTALL_PROMPT } from './lib/install-prompt.ts';

/** Tells a page whose scripts waited for an interaction that the app is live: the loader replays
 * the click it held (lib/deferred-hydration.ts). After the router's effects, which run first. */
function Hydrated() {
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}

// A member's page hydrates at once, without the deferred loader that registers the service
// worker for visitors; registering again is harmless.
navigator.serviceWorker?.register(SERVICE_WORKER_URL).catch(() => {});
// Caught by the deferred loader on a visitor's page, here on a member's (which has no loader).
catchInstallPrompt(INSTALL_PROMPT);

// Before the router's first fetch: a shared client navigation names the member in a header.
listenForMe();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <Hydrated />
    </StrictMode>,
  );
});
