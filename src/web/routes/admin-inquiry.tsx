import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/admin-inquiry.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '문의 관리') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="문의 관리" crumbs={[{ label: '관리자', to: '/admin' }, { label: '문의 관리' }]}>
      <EmptyState title="문의 목록">회원 문의와 답변 작성이 이곳에서 이루어집니다.</EmptyState>
    </SectionFrame>
  );
}
