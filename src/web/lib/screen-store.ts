import { useSyncExternalStore } from 'react';

// SPEC §2's screen-level state in one small store: the login dialog and its tab, the remembered
// target url, the message box, the confirm dialog, shortcut mode and the shortcut preference
// (plus a count of calls behind the loading overlay). Components read it through useScreen; the
// actions below are the only writers, and only run in the browser (in handlers and effects), so
// the module-level state is never shared between server renders.

/** SPEC §2: 0 login, 1 sign-up, 2 password reset. */
export type LoginTab = 0 | 1 | 2;

export interface Toast {
  id: number;
  text: string;
  /** SPEC §2's info and error messages; `success` is an info message that reports a done
   * outcome (saved, sent, deleted), shown in the site's positive colour. */
  kind: 'info' | 'success' | 'error';
  /** Already on the screen where it belongs (a field's problem under its field): only read out. */
  spoken?: boolean;
}

export interface ConfirmState {
  visible: boolean;
  title: string;
  content?: string;
  /** The two buttons' words where 확인 and 취소 would say too little (계속 올리기 / 고치기). */
  confirmLabel?: string;
  cancelLabel?: string;
  onSuccess?: () => void;
  onCancel?: () => void;
}

export interface ScreenState {
  loginDialog: boolean;
  loginTab: LoginTab;
  /** Where to go after a login; '' stays on the current page. */
  url: string;
  /** The message box; each text disappears on its own timer (SPEC §9). */
  messages: readonly Toast[];
  confirm: ConfirmState;
  shortcut: boolean;
  shortcutEnabled: boolean;
  /** Calls in flight behind the loading overlay. */
  loading: number;
}

const SHORTCUT_PREF_KEY = 'shortcutEnabled';

const initial: ScreenState = {
  loginDialog: false,
  loginTab: 0,
  url: '',
  messages: [],
  confirm: { visible: false, title: '' },
  shortcut: false,
  shortcutEnabled: true,
  loading: 0,
};

function readShortcutPref(): boolean {
  try {
    return localStorage.getItem(SHORTCUT_PREF_KEY) !== '0';
  } catch {
    return true;
  }
}

let state: ScreenState = typeof window === 'undefined' ? initial : { ...initial, shortcutEnabled: readShortcutPref() };
const listeners = new Set<() => void>();

function set(patch: Partial<ScreenState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getScreen(): ScreenState {
  return state;
}

/** A slice of the screen state. The selector must answer a primitive or a stored object (not a
 * new one per call), as useSyncExternalStore compares snapshots by identity. The server and the
 * first hydrating render see the defaults, so the markup matches. */
export function useScreen<T>(select: (s: ScreenState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(initial),
  );
}

export function openLogin(options: { url?: string; tab?: LoginTab } = {}): void {
  set({ loginDialog: true, loginTab: options.tab ?? 0, url: options.url ?? '' });
}
export function closeLogin(): void {
  set({ loginDialog: false, url: '' });
}
export function setLoginTab(loginTab: LoginTab): void {
  set({ loginTab });
}

let nextToast = 1;
/** Shows a message (info 2 s, error 3 s: the message box removes it). The same text shown
 * again replaces the old one, so a repeated click does not stack copies. Nearly every message
 * that is not an error reports an outcome (saved, sent, confirmed ...), so that is the default,
 * and it replaces the errors before it: a red 제목을 입력하세요 must not stay beside the 저장했습니다
 * of the save that fixed it. A plain `info` is for news that is not a success (mail still queued). */
export function showMessage(text: string, kind: Toast['kind'] = 'success', options: { spoken?: boolean } = {}): void {
  const kept = state.messages.filter((m) => m.text !== text && (kind === 'error' || m.kind !== 'error'));
  set({ messages: [...kept, { id: nextToast++, text, kind, ...(options.spoken ? { spoken: true } : {}) }] });
}
export function dismissMessage(id: number): void {
  set({ messages: state.messages.filter((m) => m.id !== id) });
}

/** SPEC §2/§4: opens the confirm dialog; 확인 runs onSuccess, 취소/Escape/backdrop onCancel. */
export function askConfirm(options: Omit<ConfirmState, 'visible'>): void {
  set({ confirm: { ...options, visible: true } });
}
export function settleConfirm(confirmed: boolean): void {
  const { onSuccess, onCancel } = state.confirm;
  set({ confirm: { visible: false, title: '' } });
  (confirmed ? onSuccess : onCancel)?.();
}

export function setShortcutMode(shortcut: boolean): void {
  if (state.shortcut !== shortcut) set({ shortcut });
}
/** WCAG 2.1.4: single-key shortcuts can be switched off; the choice stays in this browser. */
export function setShortcutEnabled(shortcutEnabled: boolean): void {
  try {
    localStorage.setItem(SHORTCUT_PREF_KEY, shortcutEnabled ? '1' : '0');
  } catch {}
  set({ shortcutEnabled, shortcut: shortcutEnabled && state.shortcut });
}

/** Runs a call behind the loading overlay. */
export async function withLoading<T>(work: Promise<T>): Promise<T> {
  set({ loading: state.loading + 1 });
  try {
    return await work;
  } finally {
    set({ loading: state.loading - 1 });
  }
}
