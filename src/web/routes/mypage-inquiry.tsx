import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/mypage-inquiry.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '내 문의') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="내 문의" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '내 문의' }]}>
      <EmptyState title="문의한 내역이 없습니다">1:1 문의와 답변이 이곳에 표시됩니다.</EmptyState>
    </SectionFrame>
  );
}
