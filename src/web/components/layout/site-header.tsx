import { useContext, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../ui/link.tsx';
import { isAdminLevel } from '#shared/enums.ts';
import { loginHref, SITE_TABS } from '#shared/site.ts';
import { APP_CLICK } from '../../lib/deferred-hydration.ts';
import { askConfirm, openLogin, withLoading } from '../../lib/screen-store.ts';
import { logout } from '../../lib/session.ts';
import { useLiveState } from '../../lib/live-events.ts';
import { useUnreadMessages } from '../../lib/unread-messages.ts';
import type { Me } from '../../lib/me.ts';
import { AppActionsContext, AppLink, Personal } from '../personal/personal.tsx';
import { shortcutId } from '../../lib/shortcuts.ts';
import { SearchForm } from '../ui/search-form.tsx';

/** The common header: site name, search field (shortcut target), account links, section nav. */
export function SiteHeader({ siteName }: { siteName: string }) {
  const sections = useRef<HTMLUListElement>(null);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every navigation, when the current tab changes
  useEffect(() => {
    const list = sections.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    // Within the tab strip only: scrollIntoView would also move the page.
    const overflow = current.offsetLeft + current.offsetWidth - (list.scrollLeft + list.clientWidth);
    if (current.offsetLeft < list.scrollLeft || overflow > 0) list.scrollLeft = current.offsetLeft - 8;
  }, [pathname]);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <Link to="/" id={shortcutId('0')} className="text-xl font-extrabold tracking-tight text-brand-700">
          {siteName}
        </Link>
        <SearchForm
          inputId={shortcutId('s')}
          // Short enough to show whole in a phone's header (issue #32: cut at 360 px).
          placeholder="뉴스·구인·업소·중고 검색"
          className="order-3 flex w-full gap-2 sm:order-2 sm:ml-4 sm:w-auto sm:flex-1"
          inputClassName="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-base"
          buttonClassName="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        />
        <nav
          aria-label="내 계정"
          className="order-2 ml-auto flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm sm:order-3"
        >
          <Personal name="account" view={AccountLinks} props={{ here: `${pathname}${search}` }} />
        </nav>
      </div>
      <nav aria-label="섹션" className="border-t border-slate-100">
        <ul ref={sections} className="relative mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 text-[0.95rem] font-semibold">
          {SITE_TABS.map((s) => (
            <li key={s.key} className="shrink-0">
              <NavLink
                to={s.path}
                className={({ isActive }) =>
                  // The current section's tab is in view on a phone: placed there by the browser as
                  // the page first lays out (before any script), then by the effect on navigation.
                  `block px-3 py-2.5 ${isActive ? 'border-b-2 border-brand-600 text-brand-700 [scroll-initial-target:nearest]' : 'text-slate-700 hover:text-brand-700'}`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** The header's account links: a personal part (../personal/personal.tsx). With JavaScript the
 * login link opens the dialog and logout asks first, then goes through the API; without it, the
 * link and the form still work through the /login page, which comes back to `here` (the page's
 * path and query; the login page follows only a same-site path). */
export function AccountLinks({ me, here }: { me: Me | null; here: string }) {
  const { revalidate } = useContext(AppActionsContext);
  if (!me) {
    return (
      <a
        href={loginHref(here)}
        {...APP_CLICK}
        onClick={(event) => {
          if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
          event.preventDefault();
          openLogin();
        }}
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
      >
        로그인
      </a>
    );
  }
  function askLogout(event: React.FormEvent) {
    event.preventDefault();
    askConfirm({
      title: '로그아웃 하시겠습니까?',
      onSuccess: () => void withLoading(logout()).then(revalidate),
    });
  }
  return (
    <>
      {/* A long nickname gives way on a phone; 마이페이지, 관리자 and 로그아웃 never do. Where a
          short one does not fit beside them (an admin's five links at 360 px), 로그아웃 goes to
          the next line rather than cut the name to 관… . */}
      <AppLink to="/mypage" className="flex min-w-0 font-medium text-slate-700 hover:text-brand-700">
        <span className="truncate">{me.nickname}님</span>
        <span className="shrink-0 whitespace-nowrap">&nbsp;· 마이페이지</span>
      </AppLink>
      <MessageLink unread={me.unreadMessages} />
      <NotificationLink unread={me.unread} />
      {isAdminLevel(me.level) ? (
        <AppLink to="/admin" className="shrink-0 font-medium whitespace-nowrap text-brand-700 hover:underline">
          관리자
        </AppLink>
      ) : null}
      <form method="post" action="/login?logout=1" onSubmit={askLogout} className="shrink-0">
        <button type="submit" className="whitespace-nowrap text-slate-500 hover:text-slate-800">
          로그아웃
        </button>
      </form>
    </>
  );
}

/** 알림, kept current while the page is open: the member's live stream sends each change. */
function NotificationLink({ unread: drawn }: { unread: number }) {
  const live = useLiveState<{ unread?: unknown }>('notification');
  return <CountLink to="/mypage/notifications" label="알림" unread={typeof live?.unread === 'number' ? live.unread : drawn} />;
}

/** 쪽지, kept current while the page is open (lib/unread-messages.ts). */
function MessageLink({ unread: drawn }: { unread: number }) {
  return <CountLink to="/messages" label="쪽지" unread={useUnreadMessages(drawn)} />;
}

/** 쪽지 or 알림 with the unread count; the name says it in words ("알림 3개 읽지 않음"). The name
 * comes from the link's own text, starting with the word a person sees (WCAG 2.5.3: an aria-label
 * that does not contain the visible text fails axe's label-content-name-mismatch): the badge's
 * digits are for the eye, the words after it for screen readers. */
function CountLink({ to, label, unread }: { to: string; label: string; unread: number }) {
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <AppLink to={to} className="flex shrink-0 items-center gap-1 font-medium whitespace-nowrap text-slate-700 hover:text-brand-700">
      {label}
      {unread > 0 ? (
        <>
          <span aria-hidden="true" className="rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white tabular-nums">
            {shown}
          </span>
          <span className="sr-only">{` ${unread}개 읽지 않음`}</span>
        </>
      ) : null}
    </AppLink>
  );
}
