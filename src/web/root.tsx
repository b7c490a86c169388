import { useEffect, useMemo, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigate,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { todayIn } from '#shared/format.ts';
import { MANIFEST_URL, THEME_COLOR } from '#shared/app-shell.ts';
import type { Route } from './+types/root.ts';
// Pretendard, served by us: split by Unicode range, so a page loads only the glyph sets it shows.
// Phones keep their own Korean system font (Apple SD Gothic Neo, Noto Sans CJK KR): a Korean page
// needs about ten glyph sets, some 280 KB, too much for a first visit on mobile data.
import pretendardCss from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url';
import './app.css';
import { pageContext } from './entry.server.tsx';
import { refuseSuspendedActions } from './lib/suspension.server.ts';
import { pageMember } from './lib/page-member.server.ts';
import { DEFERRED_LOADER } from './lib/deferred-hydration.ts';
import { ConfirmDialog } from './components/ui/confirm-dialog.tsx';
import { LoadingOverlay } from './components/ui/loading-overlay.tsx';
import { ShortcutLayer } from './components/ui/shortcut-layer.tsx';
import { ToastRegion } from './components/ui/toast-region.tsx';
import { LoginDialog } from './features/auth/login-dialog.tsx';
import { UpdateNotice } from './features/app/update-notice.tsx';
import { LoginRequired } from './features/auth/login-required.tsx';
import { SuspendedRefusal, suspendedRefusalOf } from './features/member/suspended-refusal.tsx';
import { ErrorMessage } from './components/layout/error-message.tsx';
import { SiteFooter } from './components/layout/site-footer.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { useScreen } from './lib/screen-store.ts';
import { API_BASE_META, syncSession } from './lib/session.ts';
import { ME_SCRIPT_ID, ME_STYLE_ID, MeContext, meJson, meOf, personalStyle, useMe } from './lib/me.ts';
import { AppActionsContext } from './components/personal/personal.tsx';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: pretendardCss, media: '(min-width: 48rem)' }];

export const middleware: Route.MiddlewareFunction[] = [refuseSuspendedActions];

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, actor, nonce } = context.get(pageContext);
  // A page loaded for a member (their own pages, a client navigation) says who they are; a shared
  // page is loaded for nobody and the server fills the member in (lib/me.ts, pages.ts).
  const me = await pageMember(deps, actor);
  // The footer's year is the site's: at New Year the server's zone may already be in the next.
  const year = todayIn(deps.env.SITE_TIMEZONE).slice(0, 4);
  return { nonce, siteName: deps.env.SITE_NAME, year, apiBase: deps.env.API_BASE, me };
}

const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#184c99"/><circle cx="16" cy="16" r="7" fill="#fff"/></svg>',
)}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const error = useRouteError();
  // A suspended member's refused form is answered before the root's loader runs: the refusal
  // names the member for the header.
  const me = meOf(data ?? suspendedRefusalOf(error));
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const actions = useMemo(
    () => ({ navigate: (to: string) => void navigate(to), revalidate: () => void revalidate() }),
    [navigate, revalidate],
  );
  // An anonymous visitor's scripts wait for an interaction (lib/deferred-hydration.ts); a member
  // hydrates at once, and so does a members' page's 401, whose point is the login dialog. A shared
  // page is drawn the visitor's way; its loader script starts at once when #me names a member.
  // Decided once per document: logging in on the page changes nothing here.
  const [deferred] = useState(() => !data?.me && !(isRouteErrorResponse(error) && error.status === 401));
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* An inline icon: otherwise every page view also asks for /favicon.ico, a rendered 404. */}
        <link rel="icon" href={FAVICON} />
        {data && <meta name={API_BASE_META} content={data.apiBase} />}
        {/* The member and the rules that show their controls: filled in per request on a shared
            page (pages.ts), so the browser hydrates with what the server sent. */}
        <script
          nonce={data?.nonce}
          id={ME_SCRIPT_ID}
          type="application/json"
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own, with < escaped
          dangerouslySetInnerHTML={{ __html: meJson(me) }}
        />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rules made from ids and levels */}
        <style id={ME_STYLE_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: personalStyle(me) }} />
        <Meta />
        <Links />
        {/* After the stylesheets the first paint waits for: installing needs the manifest, a paint does not. */}
        <link rel="manifest" href={MANIFEST_URL} />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <MeContext.Provider value={me}>
          <AppActionsContext.Provider value={actions}>{children}</AppActionsContext.Provider>
        </MeContext.Provider>
        <ScrollRestoration nonce={data?.nonce} />
        {deferred ? (
          <>
            {/* Parked without the nonce: the loader runs new scripts under its own and gives the
                links its own too. Every nonce in a page is a cut in the page cache's stored gzip
                (pages/compress.ts), and these were fifteen of a list page's twenty-three. */}
            <noscript>
              <Scripts nonce="" />
            </noscript>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, nothing a visitor sent */}
            <script nonce={data?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: DEFERRED_LOADER }} />
          </>
        ) : (
          <Scripts nonce={data?.nonce} />
        )}
      </body>
    </html>
  );
}

/** Every page with SPEC §2's screen elements: dialogs, message box, loading overlay, shortcuts. */
export default function App() {
  const modal = useScreen((s) => s.loginDialog || s.confirm.visible);
  const userId = useMe()?.id ?? null;
  useEffect(() => syncSession(userId), [userId]);
  return (
    <>
      {/* Behind an open dialog the page is inert: no focus, no clicks, not read out. */}
      <div inert={modal} className="contents">
        <Outlet />
      </div>
      <LoginDialog />
      <ConfirmDialog />
      <LoadingOverlay />
      <ToastRegion />
      <ShortcutLayer />
      <UpdateNotice />
    </>
  );
}

/** Error pages keep the site's header and footer, so nobody is stranded after closing the login
 * dialog (PRODUCT.md, Screens): 401 asks to sign in, other statuses say what happened in Korean. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 4xx answer's message is ours and meant for the reader (403: admins only); a 5xx's is not.
  const detail = isRouteErrorResponse(error) && status < 500 && typeof error.data === 'string' ? error.data : undefined;
  const root = useRouteLoaderData<typeof loader>('root');
  const siteName = root?.siteName ?? '한인포털';
  const suspended = suspendedRefusalOf(error);
  return (
    <>
      <SiteHeader siteName={siteName} />
      {suspended ? (
        <SuspendedRefusal refusal={suspended} siteName={siteName} />
      ) : status === 401 ? (
        <LoginRequired siteName={siteName} />
      ) : (
        <ErrorMessage status={status} detail={detail} siteName={siteName} />
      )}
      <SiteFooter siteName={siteName} year={root?.year} />
      <LoginDialog />
      <ConfirmDialog />
      <LoadingOverlay />
      <ToastRegion />
    </>
  );
}
