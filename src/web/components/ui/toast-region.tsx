import { useEffect, useRef, useState } from 'react';
import { dismissMessage, type Toast, useScreen } from '../../lib/screen-store.ts';
import { type Band, toastSide } from '../../lib/toast-side.ts';

/** SPEC §9: how long a message stays (a success is an info message). */
const TOAST_MS = { info: 2000, success: 2000, error: 3000 } as const;

/** Each kind's look: errors red, successes the site's positive emerald (as 답변완료 and 영업중),
 * other news neutral; the mark beside the text (a drawing, so the message's text stays the
 * message) says the same to those who do not see colour. */
const TOAST_LOOK = {
  error: { className: 'bg-red-700 text-white', mark: 'M12 6v8M12 17.5v.5' },
  success: { className: 'bg-emerald-700 text-white', mark: 'M6.5 12.5l3.5 3.5 7.5-8' },
  info: { className: 'bg-slate-800 text-white', mark: '' },
} as const;

/** Space between the messages and the edge of the screen (top-3). */
const GAP = 12;

/** The message box. Two live regions that exist before any message arrives (a region added
 * together with its text is often not read): info is polite (role=status), an error
 * interrupts (role=alert). Above dialogs and the loading overlay, so it is never covered; and it
 * never covers the field that has focus (toast-side.ts). */
export function ToastRegion() {
  const messages = useScreen((s) => s.messages);
  const stack = useRef<HTMLDivElement>(null);
  const bottom = useClearOfFocus(stack, messages.length > 0);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center px-3"
      style={bottom === null ? undefined : { top: 'auto', bottom }}
    >
      <div ref={stack} className="flex w-full max-w-md flex-col gap-2">
        <div role="alert" className="flex flex-col gap-2">
          {messages.map((m) => (m.kind === 'error' ? <ToastItem key={m.id} toast={m} /> : null))}
        </div>
        <div role="status" className="flex flex-col gap-2">
          {messages.map((m) => (m.kind !== 'error' ? <ToastItem key={m.id} toast={m} /> : null))}
        </div>
      </div>
    </div>
  );
}

/** While messages show: null to stand at the top, or the distance from the bottom of the layout
 * to stand at (the bottom of what is visible), when at the top they would cover the focused
 * field. Looked at again as focus moves, the page scrolls or the visible part changes. */
function useClearOfFocus(stack: React.RefObject<HTMLDivElement | null>, showing: boolean): number | null {
  const [bottom, setBottom] = useState<number | null>(null);
  useEffect(() => {
    if (!showing) {
      setBottom(null);
      return;
    }
    const place = () => {
      const column = stack.current;
      const focused = document.activeElement;
      if (!column) return;
      const viewport = window.visualViewport;
      const visibleBottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
      // The close button of a message is no field; nor is the page itself.
      const field = focused && focused !== document.body && !column.contains(focused) ? band(focused.getBoundingClientRect()) : null;
      const box = column.getBoundingClientRect();
      const side = toastSide(field, band(box), visibleBottom, GAP);
      setBottom(side === 'top' ? null : window.innerHeight - visibleBottom + GAP);
    };
    place();
    const events = ['focusin', 'focusout', 'scroll', 'resize'] as const;
    for (const e of events) window.addEventListener(e, place, { capture: true, passive: true });
    window.visualViewport?.addEventListener('resize', place);
    window.visualViewport?.addEventListener('scroll', place);
    return () => {
      for (const e of events) window.removeEventListener(e, place, { capture: true });
      window.visualViewport?.removeEventListener('resize', place);
      window.visualViewport?.removeEventListener('scroll', place);
    };
  }, [showing, stack]);
  return bottom;
}

function band(r: DOMRect): Band {
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
}

/** One message. Its clock stops while the pointer is over it or focus is in it (WCAG 2.2.1),
 * and resumes with the time that was left. A message already on the screen where it belongs (a
 * field's problem, under the field) is only read out: drawn again here it would cover the page. */
function ToastItem({ toast }: { toast: Toast }) {
  return toast.spoken ? <SpokenItem toast={toast} /> : <DrawnItem toast={toast} />;
}

function SpokenItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissMessage(toast.id), TOAST_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [toast.id, toast.kind]);
  return (
    <p data-kind={toast.kind} className="sr-only">
      {toast.text}
    </p>
  );
}

function DrawnItem({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const left = useRef<number>(TOAST_MS[toast.kind]);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissMessage(toast.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, toast.id]);

  const look = TOAST_LOOK[toast.kind];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the timer
    <div
      data-kind={toast.kind}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl px-4 py-3 text-base font-medium shadow-lg ${look.className}`}
    >
      {look.mark ? (
        <svg
          aria-hidden="true"
          data-mark={toast.kind}
          viewBox="0 0 24 24"
          className="size-7 shrink-0 rounded-full bg-white/20 fill-none stroke-current stroke-[2.5] [stroke-linecap:round] [stroke-linejoin:round]"
        >
          <path d={look.mark} />
        </svg>
      ) : null}
      <p className="min-w-0 flex-1">{toast.text}</p>
      <button
        type="button"
        onClick={() => dismissMessage(toast.id)}
        aria-label="알림 숨기기"
        className="-my-1 -mr-2 shrink-0 rounded px-2 text-xl leading-8"
      >
        ×
      </button>
    </div>
  );
}
