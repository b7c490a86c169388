import { SERVICE_WORKER_URL } from '#shared/app-shell.ts';
import { ME_SCRIPT_ID } from './me.ts';
import { catchInstallPrompt, INSTALL_PROMPT } from './install-prompt.ts';
import { whenUpdateWaits } from './app-update.ts';

// An anonymous visitor's page does not download the app's scripts until the visitor interacts
// (docs/decisions/0011-scripts-wait-for-interaction.md): the server-rendered page reads, links and GET forms work
// without them, and React with React Router is more than a first visit may cost. root.tsx parks
// React Router's <Scripts> as text in a <noscript> (React neither hydrates nor re-renders a
// noscript's children) and the inline loader below brings them to life.

/** Fired on document once the app has hydrated the page (entry.client.tsx). */
export const HYDRATED_EVENT = 'app:hydrated';

/** For a link whose click the app answers in its own way (the login dialog instead of the /login
 * page): before the app is live such a click is held and replayed, not followed. */
export const APP_CLICK = { 'data-app-click': '' } as const;

/** For a GET form's control whose change the app applies at once (a list's filters): a change
 * made before the app is live submits the form once it is (without the app, 검색 does). */
export const APP_CHANGE = { 'data-app-change': '' } as const;

/** Controls only the app can answer: buttons with no native action, and links marked APP_CLICK.
 * Other links, submit buttons and GET forms do their native thing before the app is there. */
const HELD = 'button[type="button"], [data-app-click]';
const APPLIED = '[data-app-change]';

/** Keys pressed before the app is live, replayed to it once it is, in order and `gapMs` apart so
 * that each one's effect is rendered before the next. A key pressed while the replay is under way
 * joins the end of the queue: it must not overtake the keys before it (f, f, h typed fast on a
 * cold page turns shortcut mode on and off, then h does nothing; overtaking, h would go home).
 * Serialized into the page with the loader: it may use only its arguments and the globals. */
export function keyReplayQueue<Key>(dispatch: (key: Key) => void, gapMs: number) {
  const keys: Key[] = [];
  let replaying = false;
  const step = () => {
    const next = keys.shift();
    replaying = next !== undefined;
    if (next === undefined) return;
    dispatch(next);
    setTimeout(step, gapMs);
  };
  return {
    push: (key: Key) => keys.push(key),
    /** Starts the replay; keys pushed from then on follow the ones waiting. */
    replay: () => {
      if (!replaying) step();
    },
    /** Keys are waiting or the last one's gap has not passed: a new key must queue behind them. */
    busy: () => replaying || keys.length > 0,
  };
}

/** Runs inline, right after the <noscript> with the scripts, under the page's CSP nonce. Serialized
 * into the page: it may use only its arguments and the browser's globals. */
function loadOnInteraction(
  held: string,
  applied: string,
  hydratedEvent: string,
  replayQueue: typeof keyReplayQueue,
  meScript: string,
  serviceWorker: string,
  installPrompt: () => void,
  updateWaits: typeof whenUpdateWaits,
): void {
  const loader = document.currentScript as HTMLScriptElement;
  installPrompt();
  const parked = document.createElement('template');
  parked.innerHTML = loader.previousElementSibling?.textContent ?? '';
  // Parsed scripts never run: new ones with this script's nonce (the page's CSP allows no other).
  const [context, modules] = Array.from(parked.content.querySelectorAll('script'), (from) => {
    const script = document.createElement('script');
    script.nonce = loader.nonce;
    script.type = from.type;
    script.text = from.text;
    return script;
  });
  if (!context || !modules) return;
  // The context script downloads nothing: it opens the stream the page's later inline scripts fill
  // with the loader data, so it runs now, before them.
  loader.after(context);

  // The pointer, touch, key and focus (a screen reader moves focus without keys) that start
  // anything a visitor does; and hovering a control only the app answers, which predicts a click
  // that would wait for it. Reading, scrolling and moving over links load nothing.
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  let pending: HTMLElement | null = null;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, true);
    removeEventListener('mouseover', hover, true);
    // Parked without a nonce, like the scripts (root.tsx): they take this script's.
    const links = Array.from(parked.content.querySelectorAll('link'));
    for (const link of links) link.nonce = loader.nonce;
    document.head.append(...links);
    modules.addEventListener('error', failed);
    document.body.append(modules);
  };
  const hover = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(held)) start();
  };
  // Until the app has hydrated, it sees no click on such a control: the last one is replayed once
  // it has (repeated clicks while nothing answered are one wish; a click elsewhere replaces it).
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(held) : null;
    // A modified click on a link (new tab, new window) stays the browser's.
    if (!control || (control instanceof HTMLAnchorElement && (event.ctrlKey || event.metaKey || event.shiftKey))) return;
    pending = control;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  // A control that applies at once when changed (a list's 분류 or 지금 영업중) has no handler
  // until the app is there: the change is kept in the control, and its form is submitted once the
  // app is live (the latest such form: one wish, as with clicks).
  let changedForm: HTMLFormElement | null = null;
  const change = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest(applied) : null;
    if (control && 'form' in control && control.form instanceof HTMLFormElement) changedForm = control.form;
  };
  // Without the app (a failed download) a held link is followed after all, and a changed filter
  // is applied by the browser's own submission.
  const failed = () => {
    removeEventListener('click', hold, true);
    removeEventListener('change', change, true);
    if (pending instanceof HTMLAnchorElement) location.assign(pending.href);
    else changedForm?.requestSubmit();
  };
  addEventListener('click', hold, true);
  addEventListener('change', change, true);
  // Keys pressed outside a field before the app is live (a shortcut: text typed into a field stays
  // there by itself) are replayed once it is, in order, a moment apart so that each is rendered.
  // Until the replay is over, new keys wait their turn behind the replayed ones.
  const keys = replayQueue<KeyboardEventInit>((key) => document.dispatchEvent(new KeyboardEvent('keydown', key)), 30);
  let live = false;
  const remember = (event: KeyboardEvent) => {
    // The replayed keys themselves are made by this script, not by the person.
    if (!event.isTrusted) return;
    if (live && !keys.busy()) {
      removeEventListener('keydown', remember, true);
      return;
    }
    const field = event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]');
    if (field || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
    if (live) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    keys.push({ key: event.key, code: event.code, shiftKey: event.shiftKey, bubbles: true, cancelable: true });
  };
  addEventListener('keydown', remember, true);
  // A link into the page (#faq-3) may name something only the app shows (an FAQ entry opens). A
  // shared page the server filled in for a member (lib/me.ts) starts at once, as members' pages do.
  const member = (document.getElementById(meScript)?.textContent ?? 'null') !== 'null';
  // The service worker (offline reading, installing the app) needs none of the app's scripts:
  // registered once the page has loaded, so it never competes with the page itself. A new build's
  // worker waiting (found at this visit or before) starts the app, which tells the reader at once
  // rather than at their first tap (features/app/update-notice.tsx).
  addEventListener(
    'load',
    () =>
      navigator.serviceWorker
        ?.register(serviceWorker)
        .then((registration) => updateWaits(registration, start))
        .catch(() => {}),
    { once: true },
  );
  if (location.hash || member) start();
  else {
    for (const type of triggers) addEventListener(type, start, { capture: true, passive: true });
    addEventListener('mouseover', hover, { capture: true, passive: true });
  }
  document.addEventListener(
    hydratedEvent,
    () => {
      removeEventListener('click', hold, true);
      removeEventListener('change', change, true);
      live = true;
      if (pending?.isConnected) pending.click();
      else if (changedForm?.isConnected) changedForm.requestSubmit();
      keys.replay();
    },
    { once: true },
  );
}

/** The loader's source, for an inline script. */
export const DEFERRED_LOADER = `(${loadOnInteraction})(${JSON.stringify(HELD)},${JSON.stringify(APPLIED)},${JSON.stringify(HYDRATED_EVENT)},${keyReplayQueue},${JSON.stringify(ME_SCRIPT_ID)},${JSON.stringify(SERVICE_WORKER_URL)},()=>(${catchInstallPrompt})(${JSON.stringify(INSTALL_PROMPT)}),${whenUpdateWaits})`;
