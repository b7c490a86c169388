import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/admin-mainschedule.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '메인 일정 관리') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="메인 일정 관리" crumbs={[{ label: '관리자', to: '/admin' }, { label: '메인 일정 관리' }]}>
      <EmptyState title="메인 일정">첫 화면에 보이는 행사 일정을 이곳에서 관리합니다.</EmptyState>
    </SectionFrame>
  );
}
