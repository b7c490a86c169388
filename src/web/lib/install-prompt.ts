// Chromium's offer to install the site (`beforeinstallprompt`), kept for the install hint
// (features/app/install-hint.tsx). It may come before the app is live (a visitor's scripts wait,
// lib/deferred-hydration.ts), so the deferred loader and the app both catch it, with this one
// function; its own bar, which covers the page's bottom, is not shown: the hint, in the page, is.

/** The event as Chromium gives it. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Where the caught event waits, and the event the page gets when it is caught. */
export const INSTALL_PROMPT = { slot: '__installPrompt', caught: 'app:installable' } as const;

/** Once per page: the slot exists (empty) from the first call on. Serialized into the deferred
 * loader too: it may use only its argument and the globals. */
export function catchInstallPrompt(names: typeof INSTALL_PROMPT): void {
  const page = window as unknown as Record<string, Event | undefined>;
  if (names.slot in page) return;
  page[names.slot] = undefined;
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    page[names.slot] = event;
    dispatchEvent(new Event(names.caught));
  });
}

export function caughtInstallPrompt(): InstallPromptEvent | undefined {
  return (window as unknown as Record<string, InstallPromptEvent | undefined>)[INSTALL_PROMPT.slot];
}
