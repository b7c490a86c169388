import { useRouteLoaderData } from 'react-router';
import { Link } from '../components/ui/link.tsx';
import { MetaLine } from '../components/ui/meta-line.tsx';
import type { Route } from './+types/index.ts';
import type { loader as rootLoader } from '../root.tsx';
import { listContentItems } from '#server/modules/content/content.service.ts';
import type { ContentName, ContentQuery } from '#server/modules/content/content.types.ts';
import { JobsType, TopCategory } from '#shared/enums.ts';
import { SITE_SECTIONS } from '#shared/site.ts';
import { pageContext } from '../entry.server.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { SearchForm } from '../components/ui/search-form.tsx';
import { clockChange } from '#server/cache/page-cache.ts';
import { listKeys } from '#server/cache/shows.ts';
import { MarketPrice } from '../features/market/market-list.tsx';
import { formatDate, todayIn } from '#shared/format.ts';
import { bumpText } from '#shared/freshness.ts';
import { type BusinessHours, siteClock } from '#shared/business-hours.ts';
import { OpenBadge } from '../features/business/business-list.tsx';
import { DeadlineBadge, JobsTypeBadge } from '../features/jobs/jobs-list.tsx';
import { thumbnailOf } from '#shared/uploads.ts';

// The index page has its own layout (SPEC §2): a search box first, then the latest of each
// section (PRODUCT.md: news, market, jobs, premium businesses, popular community, schedule).

/** A panel's row: the columns its table's box reads (ROW_COLUMNS), and nothing more, as the
 * page's data is sent to the browser too. */
interface Item extends Partial<BusinessHours> {
  id: number;
  title: string;
  date: string;
  image?: string;
  price?: number;
  free?: number;
  startdate?: string;
  location?: string;
  category?: string;
  /** Jobs: 구인 / 구직, the deadline and whether it is over (the /jobs list's badges). */
  type?: number;
  limitdate?: string;
  status?: number;
  closed?: number;
  /** Market and jobs: the last 끌어올리기. */
  bumpdate?: string;
}

const BUSINESS_HOURS = ['starttime', 'endtime', 'weekendstarttime', 'weekendendtime', 'breakstarttime', 'breakendtime', 'closeddays'];

/** The columns each table's box reads (not every post's text), and so what a row carries. */
const ROW_COLUMNS: Record<ContentName, readonly string[]> = {
  board: ['id', 'title', 'date', 'image', 'price', 'free', 'location', 'bumpdate'],
  jobs: ['id', 'title', 'date', 'location', 'type', 'limitdate', 'status', 'closed', 'bumpdate'],
  business: ['id', 'title', 'date', 'image', 'location', 'category', ...BUSINESS_HOURS],
  mainschedule: ['id', 'title', 'date', 'startdate', 'location'],
  inquiry: ['id', 'title', 'date'],
};

/** A business row's hours, as OpenBadge reads them. */
function hoursOf(i: Item): BusinessHours {
  return {
    starttime: i.starttime ?? '',
    endtime: i.endtime ?? '',
    weekendstarttime: i.weekendstarttime ?? '',
    weekendendtime: i.weekendendtime ?? '',
    breakstarttime: i.breakstarttime ?? '',
    breakendtime: i.breakendtime ?? '',
    closeddays: i.closeddays ?? '',
  };
}

function row(item: Record<string, unknown>, columns: readonly string[]): Item {
  return Object.fromEntries(columns.filter((c) => item[c] !== undefined).map((c) => [c, item[c]])) as unknown as Item;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, caller, effects } = context.get(pageContext);
  // What the boxes show, so that a like or a comment elsewhere leaves a stored copy valid.
  const shows: string[] = [];
  const list = async (name: ContentName, query: ContentQuery): Promise<Item[]> => {
    // The boxes draw no totals: their rows are not counted.
    const columns = ROW_COLUMNS[name];
    const items = (await listContentItems(deps, name, caller, { size: 6, ...query }, columns)).map((i) => row(i, columns));
    shows.push(
      ...listKeys(
        name,
        items.map((i) => i.id),
        { sort: query.sort, topcategory: typeof query.topcategory === 'number' ? query.topcategory : undefined },
      ),
    );
    return items;
  };
  const [news, market, jobs, business, community, schedule] = await Promise.all([
    list('board', { topcategory: TopCategory.news }),
    // Listings in their listing order: the last bumped first, closed ones not at all.
    list('board', { topcategory: TopCategory.market, sort: 'fresh' }),
    list('jobs', { sort: 'fresh' }),
    list('business', { sort: '-main' }),
    list('board', { topcategory: TopCategory.community, sort: '-like' }),
    list('mainschedule', { upcoming: '1', sort: 'startdate' }),
  ]);
  effects.shows = shows;
  // The same page for every member: nothing on it is theirs but the header.
  effects.shared = true;
  // The businesses' 영업중 / 영업종료 turn with the minute (the schedule's box, the jobs' D-days
  // and 끌올 오늘 with the date).
  const timeZone = deps.env.SITE_TIMEZONE;
  effects.until = clockChange('minute', timeZone);
  const [today, clock] = [todayIn(timeZone), siteClock(timeZone)];
  return { siteName: deps.env.SITE_NAME, timeZone, today, clock, news, market, jobs, business, community, schedule };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d
    ? [
        { title: d.siteName },
        { name: 'description', content: `${d.siteName}: 뉴스, 생활정보, 구인구직, 벼룩시장, 커뮤니티, 업소록, 한인단체를 한곳에서.` },
      ]
    : [];
}

/** A section's latest: each row a title and a line under it (by default its date), and the
 * photo's thumbnail where the section has photos. `badges` go before the title, `line` is the
 * section's own facts (the market's price and 끌올, a business's 영업중 and category). */
function Panel({
  title,
  to,
  items,
  timeZone,
  photos = false,
  badges,
  line,
}: {
  title: string;
  to: string;
  items: Item[];
  timeZone: string;
  photos?: boolean;
  badges?: (item: Item) => React.ReactNode;
  line?: (item: Item) => React.ReactNode;
}) {
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
              <Link to={`${to}/${i.id}`} className="group flex items-center gap-3 py-2">
                {photos ? (
                  i.image ? (
                    <img
                      src={thumbnailOf(i.image)}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="size-12 shrink-0 rounded-md bg-slate-100 object-cover"
                    />
                  ) : (
                    <span aria-hidden="true" className="size-12 shrink-0 rounded-md bg-slate-100" />
                  )
                ) : null}
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5">
                    {badges?.(i)}
                    <span className="min-w-0 flex-1 truncate group-hover:text-brand-700 group-hover:underline">{i.title}</span>
                  </span>
                  <span className="flex flex-wrap items-baseline gap-x-3 text-sm text-slate-500">
                    {line ? line(i) : <span className="whitespace-nowrap">{formatDate(i.date, timeZone)}</span>}
                  </span>
                </span>
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
      <SiteHeader siteName={d.siteName} />
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
          <Panel title="뉴스" to="/news" items={d.news} timeZone={d.timeZone} />
          <Panel
            title="벼룩시장"
            to="/market"
            items={d.market}
            timeZone={d.timeZone}
            photos
            line={(i) => (
              <>
                <MarketPrice item={{ price: i.price ?? 0, free: i.free ?? 0 }} className="text-slate-900" />
                <span className="whitespace-nowrap">{bumpText(i, d.timeZone, d.today) || formatDate(i.date, d.timeZone)}</span>
              </>
            )}
          />
          {/* As the /jobs list shows a posting: 구인 or 구직 before the title, its D-day after. */}
          <Panel
            title="구인구직"
            to="/jobs"
            items={d.jobs}
            timeZone={d.timeZone}
            badges={(i) => <JobsTypeBadge type={i.type ?? JobsType.recruit} />}
            line={(i) => (
              <>
                <DeadlineBadge
                  job={{ limitdate: i.limitdate ?? '', status: i.status ?? 1, type: i.type ?? JobsType.recruit, closed: i.closed ?? 0 }}
                  today={d.today}
                />
                <span className="whitespace-nowrap">{bumpText(i, d.timeZone, d.today) || formatDate(i.date, d.timeZone)}</span>
                {i.location ? <span className="whitespace-nowrap">{i.location}</span> : null}
              </>
            )}
          />
          {/* What a visitor choosing a place wants: what it is, and whether it is open now. */}
          <Panel
            title="추천 업소"
            to="/business"
            items={d.business}
            timeZone={d.timeZone}
            photos
            line={(i) => (
              <>
                {i.category ? <span className="whitespace-nowrap">{i.category}</span> : null}
                <OpenBadge hours={hoursOf(i)} clock={d.clock} />
              </>
            )}
          />
          <Panel title="인기 커뮤니티" to="/community" items={d.community} timeZone={d.timeZone} />
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
      <SiteFooter siteName={d.siteName} year={root?.year} />
    </>
  );
}
