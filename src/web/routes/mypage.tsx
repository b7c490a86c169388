import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/mypage.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '마이페이지') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="마이페이지" crumbs={[{ label: '마이페이지' }]}>
      <EmptyState title="내 활동 요약">좋아요, 내 정보, 1:1 문의를 이곳에서 확인합니다.</EmptyState>
    </SectionFrame>
  );
}
