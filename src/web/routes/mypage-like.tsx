import { SECTION_LISTS } from '#shared/sections.ts';
import { itemPath } from '#shared/site.ts';
import { listMyLikes } from '#server/modules/like/like.service.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { orPageError } from '../lib/service-errors.server.ts';
import { type LikedGroup, type LikedItem, LikeGroups } from '../features/mypage/like-list.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/mypage-like.ts';
import { MyLikesQuerySchema } from '#shared/schemas/content.ts';
import { parseInput } from '#server/lib/parse-input.ts';

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  const likes = await orPageError(async () => listMyLikes(deps, caller, { ...parseInput(MyLikesQuerySchema, { page }), size: PAGE_SIZE }));
  // The sections' lists in the header's order (sections.ts: each one's table and path); a board
  // post's section is its topcategory. FAQ answers have no page of their own.
  const groups: LikedGroup[] = SECTION_LISTS.map((s) => ({ key: s.key, label: s.label, items: [] as LikedItem[] }));
  for (const raw of likes.items as (LikedItem & { topcategory?: number })[]) {
    const s = SECTION_LISTS.find((x) => x.table === raw.target && (raw.target !== 'board' || x.topcategory === raw.topcategory));
    const group = groups.find((g) => g.key === s?.key);
    if (!s || !group) continue;
    const url = raw.title === undefined ? undefined : itemPath(s.path, raw.item);
    group.items.push({ target: raw.target, item: raw.item, title: raw.title, date: raw.date, url });
  }
  return {
    siteName: deps.env.SITE_NAME,
    timeZone: deps.env.SITE_TIMEZONE,
    groups: groups.filter((g) => g.items.length > 0),
    page: likes.page,
    total: likes.total,
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '좋아요한 글') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="좋아요한 글" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '좋아요한 글' }]}>
      {d.groups.length === 0 ? (
        <EmptyState title="좋아요한 글이 없습니다">마음에 드는 글에 좋아요를 누르면 이곳에 모입니다.</EmptyState>
      ) : (
        <>
          <p className="mb-4 text-slate-600">총 {d.total}건</p>
          <LikeGroups groups={d.groups} timeZone={d.timeZone} />
          <Pagination page={d.page} size={PAGE_SIZE} total={d.total} href={(p) => `/mypage/like?page=${p}`} />
        </>
      )}
    </SectionFrame>
  );
}
