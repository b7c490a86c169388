import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getScreen, setShortcutMode, useScreen } from '../../lib/screen-store.ts';
import {
  isTypingTarget,
  keyOfCode,
  matchKeys,
  SEQUENCE_MS,
  SHORTCUT_COMMANDS,
  SHORTCUT_ID_PREFIX,
  SHORTCUT_TARGETS,
  shortcutsAllowed,
} from '../../lib/shortcuts.ts';

interface Target {
  keys: string;
  label: string;
  element: HTMLElement;
}

/** The shortcut targets on this page, labelled from the key map (or their own text). */
function findTargets(): Target[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[id^="${SHORTCUT_ID_PREFIX}"]`))
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => {
      const keys = element.id.slice(SHORTCUT_ID_PREFIX.length);
      const label = SHORTCUT_TARGETS.find((t) => t.keys === keys)?.label ?? element.textContent?.trim() ?? keys;
      return { keys, label, element };
    });
}

/** Runs a target: the search field takes focus; a link is clicked, so it does what a click does
 * (client navigation, or the login dialog for a member page when signed out). */
function runTarget(element: HTMLElement | null): void {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.focus();
  else element?.click();
}

function Keys({ keys, className = '' }: { keys: string; className?: string }) {
  return (
    <span className={`inline-flex gap-0.5 ${className}`}>
      {[...keys].map((k, i) => (
        <kbd
          // biome-ignore lint/suspicious/noArrayIndexKey: the letters of a key sequence never move
          key={`${i}${k}`}
          className="min-w-6 rounded border border-slate-400 bg-white px-1 text-center font-mono text-sm font-bold text-slate-900 uppercase shadow-sm"
        >
          {k}
        </kbd>
      ))}
    </span>
  );
}

/** A ring around a target, or its keys as a tag placed where they hide no text and no other
 * tag: inside a text field at its end, under a link at the top of the screen (no room above),
 * otherwise just above the link's start. */
function Mark({ target: { keys, element }, tag = false }: { target: Target; tag?: boolean }) {
  const rect = element.getBoundingClientRect();
  const place =
    element instanceof HTMLInputElement
      ? 'right-2 top-1/2 -translate-y-1/2 rounded'
      : rect.top < 30
        ? 'top-full left-0 rounded-b pb-0.5'
        : 'bottom-full left-0 rounded-t pt-0.5';
  return (
    <div
      className={`pointer-events-none fixed z-30 rounded-md ${tag ? '' : 'ring-3 ring-amber-400'}`}
      style={{ left: rect.left - 3, top: rect.top - 3, width: rect.width + 6, height: rect.height + 6 }}
    >
      {tag ? <Keys keys={keys} className={`absolute bg-amber-400 px-0.5 ${place}`} /> : null}
    </div>
  );
}

/** SPEC §2 keyboard shortcuts: the key handler, the banner of shortcut mode and a key badge on
 * each target in view. The map and its rules live in lib/shortcuts.ts. */
export function ShortcutLayer() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mode = useScreen((s) => s.shortcut);
  const [typed, setTyped] = useState('');
  const [miss, setMiss] = useState(false);
  const [targets, setTargets] = useState<Target[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A page without shortcuts ends the mode. (Reaching a target ends it already; ending it on
  // every navigation would also undo an f pressed while the next page is still coming.)
  useEffect(() => {
    if (!shortcutsAllowed(pathname)) setShortcutMode(false);
  }, [pathname]);

  useEffect(() => {
    let keys = '';
    const show = (next: string, missed = false) => {
      keys = next;
      setTyped(next);
      setMiss(missed);
    };
    const leave = () => {
      clearTimeout(timer.current);
      show('');
      setShortcutMode(false);
    };
    const go = (target: string) => {
      leave();
      runTarget(document.getElementById(`${SHORTCUT_ID_PREFIX}${target}`));
    };

    function onKeyDown(event: KeyboardEvent) {
      const screen = getScreen();
      if (!screen.shortcutEnabled || screen.loginDialog || screen.confirm.visible || !shortcutsAllowed(window.location.pathname)) return;
      if (screen.shortcut && event.code === 'Escape') {
        event.preventDefault();
        return leave();
      }
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey || event.isComposing || isTypingTarget(event.target)) return;
      const key = keyOfCode(event.code);
      if (!screen.shortcut) {
        if (key === SHORTCUT_COMMANDS.mode) {
          event.preventDefault();
          show('');
          setShortcutMode(true);
        }
        return;
      }
      const available = findTargets().map((t) => t.keys);
      if (key === SHORTCUT_COMMANDS.mode && keys === '') leave();
      else if (event.code === 'Enter' && keys && available.includes(keys)) go(keys);
      else if (event.code === 'Backspace') {
        // Start the keys over.
        clearTimeout(timer.current);
        show('');
      } else if (keys === '' && key === SHORTCUT_COMMANDS.home) {
        leave();
        navigate('/');
      } else if (keys === '' && key === SHORTCUT_COMMANDS.back) {
        leave();
        navigate(-1);
      } else if (key) {
        const next = keys + key;
        const { step, exact } = matchKeys(next, available);
        clearTimeout(timer.current);
        if (step === 'go') go(next);
        else if (step === 'none') show('', true);
        else {
          show(next);
          timer.current = setTimeout(() => (exact ? go(next) : show('', true)), SEQUENCE_MS);
        }
      } else return;
      // A handled key does nothing else: no scrolling, no letter typed into the focused field.
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer.current);
    };
  }, [navigate]);

  // Badges follow their targets while the page scrolls or resizes.
  useLayoutEffect(() => {
    if (!mode) return;
    const measure = () => setTargets(findTargets());
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [mode]);

  const matching = targets.filter((t) => t.keys.startsWith(typed));
  return (
    <>
      {/* Rings first, then all tags, so no ring is drawn over a neighbour's tag. */}
      {mode ? matching.map((t) => <Mark key={`ring${t.keys}`} target={t} />) : null}
      {mode ? matching.map((t) => <Mark key={`tag${t.keys}`} target={t} tag />) : null}
      {/* One live region for the whole life of the page, so entering the mode is announced. */}
      <div
        aria-live="polite"
        className={
          mode ? 'fixed inset-x-0 bottom-0 z-30 border-t-4 border-amber-400 bg-slate-900 px-4 py-3 text-white shadow-2xl' : 'sr-only'
        }
      >
        {mode ? (
          <div className="mx-auto max-w-6xl">
            <p className="text-lg font-bold">단축키 모드: 이동할 키를 누르세요 · Esc 취소</p>
            {typed || miss ? (
              <p className="mt-1 text-amber-200">
                {miss ? '해당하는 단축키가 없습니다. 다시 누르세요.' : `입력: ${typed.toUpperCase()} (이어서 누르거나 Enter)`}
              </p>
            ) : null}
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1.5 text-base">
              {typed ? null : (
                <>
                  <li className="flex items-center gap-1.5">
                    <Keys keys="h" /> 홈
                  </li>
                  <li className="flex items-center gap-1.5">
                    <Keys keys="b" /> 뒤로
                  </li>
                </>
              )}
              {matching.map((t) => (
                <li key={t.keys} className="flex items-center gap-1.5">
                  <Keys keys={t.keys} /> {t.label}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </>
  );
}
