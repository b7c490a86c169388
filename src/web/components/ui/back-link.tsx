import { useNavigate } from 'react-router';
import { APP_CLICK } from '../../lib/deferred-hydration.ts';

/** 뒤로 for a page without the common layout (/search, SPEC §2), which has no section links: the
 * page before it on the site, or `home` when it was the first (an address opened or shared).
 * Without the app it is a link home; a click before the app is live is held for it. */
export function BackLink({ home = '/', className = '' }: { home?: string; className?: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={home}
      {...APP_CLICK}
      onClick={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        // A page reached within the app has the app's entry before it (React Router counts them
        // in the history state's idx); one loaded from another page of the site (a search sent
        // before the app was live) has that page as its referrer, and the entry before.
        const inApp = Number((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
        const fromSite = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
        if (!inApp && !(fromSite && window.history.length > 1)) return;
        event.preventDefault();
        navigate(-1);
      }}
      className={`inline-flex min-h-11 min-w-11 items-center gap-1 rounded-lg pr-2 font-semibold text-slate-700 hover:bg-slate-100 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6 fill-none stroke-current stroke-2 [stroke-linecap:round] [stroke-linejoin:round]"
      >
        <path d="M15 5l-7 7 7 7" />
      </svg>
      뒤로
    </a>
  );
}
