import { formatDate } from '#shared/format.ts';
import { MyCommentsQuerySchema } from '#shared/schemas/content.ts';
import { BOARD_SECTIONS, listOf } from '#shared/sections.ts';
import { itemPath } from '#shared/site.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { listMyComments } from '#server/modules/comment/comment.service.ts';
import { listContent } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { Link } from '../components/ui/link.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { EntryList, type ProfileEntry } from '../features/member/profile-parts.tsx';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/mypage-writings.ts';

// 내가 쓴 글 · 내 댓글: my posts in every board section, or my comments, newest first, a page at a
// time, each a link to where it is read.

const PATH = '/mypage/writings';
const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const url = new URL(request.url);
  const comments = url.searchParams.get('show') === 'comments';
  const paging = await orPageError(async () =>
    parseInput(MyCommentsQuerySchema, { page: url.searchParams.get('page') ?? '1', size: String(PAGE_SIZE) }),
  );
  const timeZone = deps.env.SITE_TIMEZONE;
  const entries = async (): Promise<{ items: ProfileEntry[]; total: number }> => {
    if (comments) {
      const mine = await listMyComments(deps, caller, paging);
      const items = mine.items.map((c) => ({
        key: `comment-${c.id}`,
        path: c.link,
        section: c.title,
        title: c.content,
        date: formatDate(c.date, timeZone),
      }));
      return { items, total: mine.total };
    }
    const posts = await listContent(deps, 'board', caller, { user: actor.id, expired: '1', sort: '-id', ...paging }, [
      'id',
      'title',
      'date',
      'topcategory',
    ]);
    const items = posts.items.map((p) => {
      const row = p as { id: number; title: string; date: string; topcategory: number };
      const section = BOARD_SECTIONS.find((s) => s.storage.topcategory === row.topcategory);
      return {
        key: `post-${row.id}`,
        path: section ? itemPath(listOf(section).path, row.id) : '/',
        section: section?.label ?? '',
        title: row.title,
        date: formatDate(row.date, timeZone),
      };
    });
    return { items, total: posts.total };
  };
  return { siteName: deps.env.SITE_NAME, comments, page: paging.page, ...(await orPageError(entries)) };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, d.comments ? '내 댓글' : '내가 쓴 글') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  const title = d.comments ? '내 댓글' : '내가 쓴 글';
  const tab = (to: string, label: string, current: boolean) => (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={`inline-flex min-h-11 items-center rounded-full px-4 font-semibold ${current ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-700'}`}
    >
      {label}
    </Link>
  );
  const show = d.comments ? '&show=comments' : '';
  return (
    <SectionFrame title={title} crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: title }]}>
      <div className="max-w-3xl space-y-4">
        <nav aria-label="보기" className="flex gap-2">
          {tab(PATH, '내가 쓴 글', !d.comments)}
          {tab(`${PATH}?show=comments`, '내 댓글', d.comments)}
        </nav>
        <EntryList title={title} total={d.total} entries={d.items} empty={d.comments ? '남긴 댓글이 없습니다.' : '쓴 글이 없습니다.'} />
        <Pagination page={d.page} size={PAGE_SIZE} total={d.total} href={(p) => `${PATH}?page=${p}${show}`} />
      </div>
    </SectionFrame>
  );
}
