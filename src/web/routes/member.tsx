import { data } from 'react-router';
import { formatDate } from '#shared/format.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { listOf, sectionByKey } from '#shared/sections.ts';
import { itemPath } from '#shared/site.ts';
import type { ProfileItem } from '#shared/trust.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { getMemberProfile, MemberProfileQuerySchema } from '#server/modules/member/member.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { Badges, EntryList, type ProfileEntry, ReviewSummary } from '../features/member/profile-parts.tsx';
import { StartChat } from '../features/messages/start-chat.tsx';
import { notOwner } from '../lib/me.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/member.ts';

// A member's profile (PRODUCT.md "Members and trust"): the same for everyone who reads it, with
// 쪽지 보내기 for members other than its owner.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { deps, caller } = context.get(pageContext);
  if (!isPathId(params.id)) throw data('찾는 회원이 없습니다', { status: 404 });
  const url = new URL(request.url);
  const query = await orPageError(async () => parseInput(MemberProfileQuerySchema, { page: url.searchParams.get('page') ?? '1' }));
  const { item } = await orPageError(getMemberProfile(deps, caller, Number(params.id), query));
  const timeZone = deps.env.SITE_TIMEZONE;
  const entry = (kind: string, p: ProfileItem): ProfileEntry => {
    const section = sectionByKey(p.section);
    return {
      key: `${kind}-${p.section}-${p.id}`,
      path: section ? itemPath(listOf(section).path, p.id) : '/',
      section: section?.label ?? '',
      title: p.title,
      date: formatDate(p.date, timeZone),
      closed: p.closed,
    };
  };
  return {
    siteName: deps.env.SITE_NAME,
    timeZone,
    path: url.pathname,
    member: { id: item.id, nickname: item.nickname, joined: item.joined, badges: item.badges },
    reviews: item.reviews,
    posts: { ...item.posts, items: item.posts.items.map((p) => entry('post', p)) },
    listings: { ...item.listings, items: item.listings.items.map((p) => entry('listing', p)) },
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, `${d.member.nickname}님의 프로필`) }, { name: 'robots', content: 'noindex' }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  const { member, posts, listings } = d;
  return (
    <SectionFrame
      title={member.nickname}
      crumbs={[{ label: '회원' }, { label: member.nickname }]}
      actions={
        <div {...notOwner(member.id)}>
          <StartChat
            with={{ user: member.id }}
            here={d.path}
            label="쪽지 보내기"
            className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
          />
        </div>
      }
    >
      <div className="max-w-3xl space-y-6">
        <div className="space-y-2">
          <p className="text-slate-600">{formatDate(member.joined, d.timeZone)} 가입</p>
          <Badges badges={member.badges} />
        </div>
        <ReviewSummary counts={d.reviews.counts} latest={d.reviews.latest} timeZone={d.timeZone} />
        <EntryList title="판매·구인 글" total={listings.total} entries={listings.items} empty="올린 판매·구인 글이 없습니다." />
        <div>
          <EntryList title="쓴 글" total={posts.total} entries={posts.items} empty="쓴 글이 없습니다." />
          <Pagination page={posts.page} size={posts.size} total={posts.total} href={(p) => `${d.path}?page=${p}`} />
        </div>
      </div>
    </SectionFrame>
  );
}
