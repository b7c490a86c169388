import { Outlet, useRouteLoaderData } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import type { loader as rootLoader } from '../root.tsx';

/** SPEC §2's common layout: every route but index, login and search. */
export default function CommonLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const siteName = root?.siteName ?? '한인포털';
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        본문으로 건너뛰기
      </a>
      <SiteHeader siteName={siteName} />
      <Outlet />
      <SiteFooter siteName={siteName} year={root?.year} />
    </>
  );
}
