import { Link } from '../components/ui/link.tsx';
import { listContent, parseContentQuery } from '#server/modules/content/content.service.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { orPageError } from '../lib/service-errors.server.ts';
import { InquiryList } from '../features/mypage/inquiry-list.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/mypage-inquiry.ts';

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  // Scoped to the member's own: for an admin the service would list everyone's.
  const list = await orPageError(async () =>
    listContent(deps, 'inquiry', caller, { ...parseContentQuery('inquiry', { page }), size: PAGE_SIZE, user: actor.id }),
  );
  return { siteName: deps.env.SITE_NAME, timeZone: deps.env.SITE_TIMEZONE, ...list };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '내 문의') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  const ask = (
    <Link
      to="/customer/inquiry"
      className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
    >
      1:1 문의하기
    </Link>
  );
  return (
    <SectionFrame title="내 문의" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '내 문의' }]} actions={ask}>
      {d.items.length === 0 ? (
        <EmptyState title="문의한 내역이 없습니다">1:1 문의와 답변이 이곳에 표시됩니다.</EmptyState>
      ) : (
        <>
          <InquiryList items={d.items} timeZone={d.timeZone} />
          <Pagination page={d.page} size={PAGE_SIZE} total={d.total} href={(p) => `/mypage/inquiry?page=${p}`} />
        </>
      )}
    </SectionFrame>
  );
}
