import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/admin.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '관리자') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="관리자" crumbs={[{ label: '관리자' }]}>
      <EmptyState title="관리 현황">가입자, 섹션별 글, 답변을 기다리는 문의가 이곳에 표시됩니다.</EmptyState>
    </SectionFrame>
  );
}
