import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { ShortcutSetting } from '../components/ui/shortcut-setting.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/mypage-myinfo.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context, request);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '내 정보') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="내 정보" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '내 정보' }]}>
      <EmptyState title="내 정보">이름, 닉네임, 연락처와 비밀번호를 이곳에서 바꿉니다.</EmptyState>
      <section aria-labelledby="myinfo-settings" className="mt-6">
        <h2 id="myinfo-settings" className="mb-2 text-lg font-bold">
          화면 설정
        </h2>
        <ShortcutSetting />
      </section>
    </SectionFrame>
  );
}
