import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { loginHref } from '#shared/site.ts';
import { openLogin } from '../../lib/screen-store.ts';
import { pageTitle } from '../../lib/titles.ts';

/** A members' page asked for by a visitor (the loader's 401): the login dialog opens over this
 * notice and, after logging in, brings the visitor back to the page (SPEC §2). Without JavaScript
 * the link is the login page, which comes back here too. */
export function LoginRequired({ siteName }: { siteName: string }) {
  const location = useLocation();
  const target = location.pathname + location.search;
  useEffect(() => openLogin({ url: target }), [target]);
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{pageTitle(siteName, '로그인이 필요합니다')}</title>
      <p className="text-5xl font-bold text-brand-700">401</p>
      <h1 className="mt-4 text-2xl font-semibold">로그인이 필요합니다</h1>
      <p className="mt-2 text-slate-600">회원만 볼 수 있는 페이지입니다. 로그인하면 이 페이지로 돌아옵니다.</p>
      <a
        href={loginHref(target)}
        onClick={(event) => {
          event.preventDefault();
          openLogin({ url: target });
        }}
        className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700"
      >
        로그인
      </a>
    </main>
  );
}
