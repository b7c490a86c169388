import { useEffect, useRef, useState } from 'react';

// One modal frame for the login and confirm dialogs. Not the native <dialog>: its top layer would
// sit above the toasts and the loading overlay, which must stay readable while a dialog is open.
// So: a fixed backdrop, role="dialog" aria-modal, the page behind made inert by the root layout,
// Tab kept inside, focus restored to what opened it (WCAG 2.4.3).

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** Open modals, the last on top: Escape belongs to the topmost only. */
const stack: object[] = [];

export function Modal({
  label,
  labelledBy,
  describedBy,
  onClose,
  closeOnBackdrop = false,
  className = '',
  children,
}: {
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  /** Escape (and a backdrop click when closeOnBackdrop). */
  onClose: () => void;
  closeOnBackdrop?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Read while rendering: the children's effects (which run first) may already move focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const self = {};
    const element = panel.current;
    stack.push(self);
    // Focus enters the dialog at once; a child may move it further (the login id after 100 ms).
    if (!element?.contains(document.activeElement)) element?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && stack.at(-1) === self) {
        event.preventDefault();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(self), 1);
      // After the page stops being inert (the same commit), so the opener can take focus; not
      // when the dialog is still there (a development double run of this effect).
      setTimeout(() => {
        if (!element?.isConnected && opener?.isConnected) opener.focus();
      });
    };
  }, [opener]);

  function trapTab(event: React.KeyboardEvent) {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // The backdrop is a pointer convenience; keyboard users have Escape and the buttons.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className="fixed inset-0 z-40 flex justify-center overflow-y-auto bg-slate-900/50 p-3 sm:p-6"
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={trapTab}
        // Auto margins, not flex alignment: a dialog taller than the screen still scrolls to its
        // top. A bottom sheet on phones, centred from 640 px.
        className={`mt-auto w-full rounded-2xl bg-white shadow-xl outline-none sm:mb-auto ${className}`}
      >
        {children}
      </div>
    </div>
  );
}
