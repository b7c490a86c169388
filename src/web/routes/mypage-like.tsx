import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/mypage-like.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '좋아요한 글') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="좋아요한 글" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '좋아요한 글' }]}>
      <EmptyState title="좋아요한 글이 없습니다">마음에 드는 글에 좋아요를 누르면 이곳에 모입니다.</EmptyState>
    </SectionFrame>
  );
}
