import { Link } from '../components/ui/link.tsx';
import { SEARCH_SECTIONS, SearchQuerySchema, search } from '#server/modules/search/search.service.ts';
import { clockChange } from '#server/pages/page-cache.ts';
import { searchResultShows } from '#server/modules/content/content.shows.ts';
import { searchPageKeys } from '#server/modules/search/search-keys.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { orPageError } from '../lib/service-errors.server.ts';
import { countLabel, GroupBlock, NoResults, ResultList } from '../features/search/search-results.tsx';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/search.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { SearchForm } from '../components/ui/search-form.tsx';
import { BackLink } from '../components/ui/back-link.tsx';

// /search has its own layout (SPEC §2): a large search box, then every section's count and first
// results, or with ?section= one section's results page by page. The query lives in the URL, so
// results can be shared and work without JavaScript.

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps, effects } = context.get(pageContext);
  // The same results for everyone: a member gets the stored copy too (pages.ts).
  effects.shared = true;
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const query: Record<string, string> = { q, size: String(PAGE_SIZE) };
  for (const key of ['section', 'page']) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  // A made-up section or page is the reader's 400, not a server fault.
  const result = q ? await orPageError(async () => search(deps, parseInput(SearchQuerySchema, query))) : null;
  // What the results show: a new item of a searched section that may match the query (only those
  // renew the page), and each result is its item's title and text. No numbers: likes and comments
  // leave a stored copy valid.
  effects.shows = (result?.groups ?? []).flatMap((group) => {
    const s = SEARCH_SECTIONS.find((s) => s.key === group.key) as (typeof SEARCH_SECTIONS)[number];
    return [
      ...searchPageKeys(q, s),
      ...searchResultShows(
        s.target,
        group.items.map((i) => i.item),
      ),
    ];
  });
  // Results show dates, not the time of day.
  effects.until = clockChange('date', deps.env.SITE_TIMEZONE);
  return {
    siteName: deps.env.SITE_NAME,
    timeZone: deps.env.SITE_TIMEZONE,
    q,
    section: query.section ?? null,
    result,
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, d.q ? `'${d.q}' 검색` : '검색') }] : [];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { siteName, q, section, result, timeZone } = loaderData;
  const found = result?.groups.filter((g) => g.total > 0) ?? [];
  const one = section ? result?.groups[0] : undefined;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-2 pb-10 sm:pt-6">
      {/* The page has its own layout (SPEC §2): no section links, so a way back of its own. */}
      <div className="flex items-center gap-2">
        <BackLink className="-ml-2" />
        <Link to="/" className="text-xl font-extrabold text-brand-700">
          {siteName}
        </Link>
      </div>
      <h1 className="mt-4 text-2xl font-bold">통합 검색</h1>
      <SearchForm
        inputId="shortcuts"
        placeholder="검색어를 입력하세요"
        defaultValue={q}
        section={section}
        className="mt-4 flex gap-2"
        inputClassName="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 text-lg"
        buttonClassName="rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      />
      <div className="mt-8 space-y-4">
        {!result ? (
          <p className="text-slate-600">뉴스, 생활정보, 구인구직, 벼룩시장, 커뮤니티, 업소록을 한 번에 찾아보세요.</p>
        ) : found.length === 0 ? (
          <NoResults q={q} />
        ) : one ? (
          <section aria-labelledby="search-section">
            <Link to={`/search?q=${encodeURIComponent(q)}`} className="text-sm font-semibold text-brand-700 hover:underline">
              ‹ 전체 검색 결과
            </Link>
            <h2 id="search-section" className="mt-2 text-lg font-bold">
              {one.label} <span className="text-brand-700">{countLabel(one)}</span>건
            </h2>
            <ResultList items={one.items} words={result.words} timeZone={timeZone} />
            <Pagination
              page={result.page}
              size={result.size}
              total={one.total}
              href={(p) => `/search?q=${encodeURIComponent(q)}&section=${one.key}&page=${p}`}
            />
          </section>
        ) : (
          <>
            <p className="text-slate-600">
              '{q}' 검색 결과 {found.length}개 분야
            </p>
            {found.map((g) => (
              <GroupBlock key={g.key} group={g} q={q} words={result.words} timeZone={timeZone} />
            ))}
          </>
        )}
      </div>
    </main>
  );
}
