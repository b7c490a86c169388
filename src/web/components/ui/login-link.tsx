import type { ReactNode } from 'react';
import { loginHref } from '#shared/site.ts';
import { APP_CLICK } from '../../lib/deferred-hydration.ts';
import { openLogin } from '../../lib/screen-store.ts';

/** A control only members may use, as a visitor sees it: a link to the /login page that comes back
 * to `next`, so it works without JavaScript; the app answers it with the login dialog over the
 * page instead (a click before the app is there waits for it). */
export function LoginLink({ next, className, children }: { next: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={loginHref(next)}
      {...APP_CLICK}
      onClick={(event) => {
        // A modified click (new tab, new window) opens the /login page as it asks.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        openLogin();
      }}
      className={className}
    >
      {children}
    </a>
  );
}
