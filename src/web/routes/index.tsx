import { Link, useRouteLoaderData } from 'react-router';
import { MetaLine } from '../components/ui/meta-line.tsx';
import type { Route } from './+types/index.ts';
import { listContent } from '#server/modules/content/content.service.ts';
import type { ContentName, ContentQuery } from '#server/modules/content/content.types.ts';
import { TopCategory } from '#shared/enums.ts';
import { SITE_SECTIONS } from '#shared/site.ts';
import { pageContext } from '../entry.server.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import type { loader as rootLoader } from '../root.tsx';
import { SearchForm } from '../components/ui/search-form.tsx';

// The index page has its own layout (SPEC §2): a search box first, then the latest of each
// section (PRODUCT.md: news, market, jobs, premium businesses, popular community, schedule).

interface Item {
  id: number;
  title: string;
  date?: string;
  startdate?: string;
  location?: string;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, caller } = context.get(pageContext);
  const list = async (name: ContentName, query: ContentQuery): Promise<Item[]> =>
    (await listContent(deps, name, caller, { size: 6, ...query })).items;
  const [news, market, jobs, business, community, schedule] = await Promise.all([
    list('board', { topcategory: TopCategory.news }),
    list('board', { topcategory: TopCategory.market }),
    list('jobs', {}),
    list('business', { sort: '-main' }),
    list('board', { topcategory: TopCategory.community, sort: '-like' }),
    list('mainschedule', { upcoming: '1' }),
  ]);
  return { siteName: deps.env.SITE_NAME, news, market, jobs, business, community, schedule };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d
    ? [
        { title: d.siteName },
        { name: 'description', content: `${d.siteName}: 뉴스, 생활정보, 구인구직, 벼룩시장, 커뮤니티, 업소록, 한인단체를 한곳에서.` },
      ]
    : [];
}

function Panel({ title, to, items, detail }: { title: string; to: string; items: Item[]; detail: string }) {
  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between">
        <h2 className="text-lg font-bold">{title}</h2>
        <Link to={to} className="text-sm text-brand-700 hover:underline">
          더보기
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">아직 글이 없습니다.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {items.map((i) => (
            <li key={i.id}>
              <Link to={`${detail}/${i.id}`} className="block truncate py-2 hover:text-brand-700">
                {i.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Index({ loaderData: d }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <>
      <SiteHeader siteName={d.siteName} user={root?.user ?? null} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <section className="rounded-2xl bg-brand-700 px-5 py-8 text-white">
          <h1 className="text-2xl font-bold sm:text-3xl">우리 동네 한인 소식, 한곳에서</h1>
          <SearchForm
            inputId="home-search"
            placeholder="예: 이사, 렌트, 식당"
            className="mt-4 flex gap-2"
            inputClassName="min-w-0 flex-1 rounded-lg bg-white px-4 py-3 text-slate-900"
            buttonClassName="rounded-lg bg-white px-5 font-semibold text-brand-700"
          />
          <nav aria-label="바로가기" className="mt-4 flex flex-wrap gap-2 text-sm">
            {SITE_SECTIONS.map((s) => (
              <Link key={s.key} to={s.path} className="rounded-full bg-white/15 px-3 py-1 hover:bg-white/25">
                {s.label}
              </Link>
            ))}
          </nav>
        </section>
        <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          <Panel title="뉴스" to="/news" detail="/news" items={d.news} />
          <Panel title="벼룩시장" to="/market" detail="/market" items={d.market} />
          <Panel title="구인구직" to="/jobs" detail="/jobs" items={d.jobs} />
          <Panel title="추천 업소" to="/business" detail="/business" items={d.business} />
          <Panel title="인기 커뮤니티" to="/community" detail="/community" items={d.community} />
          <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-bold">다가오는 일정</h2>
            {d.schedule.length === 0 ? (
              <p className="mt-3 text-sm text-slate-500">예정된 일정이 없습니다.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100">
                {d.schedule.map((i) => (
                  <li key={i.id} className="py-2">
                    <span className="font-medium">{i.title}</span>
                    <MetaLine parts={[i.startdate, i.location]} className="text-sm text-slate-500" />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </main>
      <SiteFooter siteName={d.siteName} />
    </>
  );
}
