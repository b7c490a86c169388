import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/admin-mainschedule-write.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '메인 일정 등록') }] : [];
}

export default function Page() {
  return (
    <SectionFrame
      title="메인 일정 등록"
      crumbs={[{ label: '관리자', to: '/admin' }, { label: '메인 일정 관리', to: '/admin/mainschedule' }, { label: '등록' }]}
    >
      <EmptyState title="일정 등록">제목, 날짜, 시간, 장소를 입력하는 양식이 이곳에 표시됩니다.</EmptyState>
    </SectionFrame>
  );
}
