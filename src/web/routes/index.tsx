import { useRouteLoaderData } from 'react-router';
import { Link } from '../components/ui/link.tsx';
import { MetaLine } from '../components/ui/meta-line.tsx';
import type { Route } from './+types/index.ts';
import type { loader as rootLoader } from '../root.tsx';
import { listContentItems } from '#server/modules/content/content.service.ts';
import type { ContentName, ContentQuery } from '#server/modules/content/content.types.ts';
import { SITE_TABS } from '#shared/site.ts';
import { pageContext } from '../entry.server.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { SearchForm } from '../components/ui/search-form.tsx';
import { Thumbnail } from '../components/ui/thumbnail-cards.tsx';
import { clockChange } from '#server/pages/page-cache.ts';
import { listPageShows } from '#server/modules/content/content.shows.ts';
import { KINDS_IN_ORDER } from '../kinds/index.ts';
import type { HomeRow, HomeRowProps } from '../kinds/kind.ts';
import { formatDate, todayIn } from '#shared/format.ts';
import { type SiteClock, siteClock } from '#shared/business-hours.ts';
import { EventAllday, type EventTimes, eventWhenParts, localNow, nextOccurrence } from '#shared/events.ts';

// The index page has its own layout (SPEC §2): a search box first, then the latest of each
// section with a box (PRODUCT.md: news, market, jobs, premium businesses, popular community: the
// kinds' `home`), then the schedule.

/** What the schedule's box reads of an item, beside what the sections' boxes read. */
type Item = HomeRow & { startdate?: string };

/** What a row shows, the columns its box read, and nothing more: the page's data is sent to the
 * browser too. */
function row(item: Record<string, unknown>, columns: readonly string[]): Item {
  return Object.fromEntries(columns.filter((c) => item[c] !== undefined).map((c) => [c, item[c]])) as unknown as Item;
}

const SCHEDULE_COLUMNS = ['id', 'title', 'startdate', 'enddate', 'starttime', 'endtime', 'weekday', 'location'];
const EVENT_COLUMNS = ['id', 'title', 'startdate', 'enddate', 'starttime', 'endtime', 'weekday', 'allday', 'place'];

/** One line of 다가오는 일정: the admins' schedule and the public events, by next occurrence. */
interface Upcoming {
  key: string;
  title: string;
  /** When it happens, as facts that break apart on a phone (매주 수요일 · the day and time). */
  when: string[];
  place: string;
  link?: string;
}

/** The schedule and the events merged, the soonest next occurrence first (a weekly one's next
 * day, not its first), each with its weekday and time. */
function mergeUpcoming(schedule: Item[], events: Item[], timeZone: string): Upcoming[] {
  const now = localNow(timeZone);
  const times = (i: Record<string, unknown>): EventTimes => ({
    startdate: String(i.startdate ?? ''),
    enddate: String(i.enddate ?? ''),
    starttime: String(i.starttime ?? ''),
    endtime: String(i.endtime ?? ''),
    weekday: Number(i.weekday ?? 0),
    // The schedule has no 종일: an item without a time lasts its day.
    allday: Number(i.allday ?? (i.starttime ? EventAllday.no : EventAllday.yes)),
  });
  const rows = [
    ...schedule.map((i) => ({ i, key: `s${i.id}`, place: String(i.location ?? ''), link: undefined })),
    ...events.map((i) => ({ i, key: `e${i.id}`, place: String((i as Record<string, unknown>).place ?? ''), link: `/events/${i.id}` })),
  ].map((r) => {
    const t = times(r.i as unknown as Record<string, unknown>);
    const next = nextOccurrence(t, now);
    return { ...r, next, order: `${next} ${t.starttime}`, when: eventWhenParts(t, next) };
  });
  return rows
    .filter((r) => r.next)
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .slice(0, 6)
    .map(({ i, key, place, link, when }) => ({ key, title: i.title, when, place, link }));
}

/** The sections with a box, in kinds/index.ts's order. */
const BOXES = KINDS_IN_ORDER.flatMap(({ section, kind: { home } }) => (home ? [{ section, home }] : []));
/** A box of a kind that shows the time of day (영업중) turns with the minute; the others (the
 * schedule, D-days, 끌올 오늘) with the date. */
const CLOCK = KINDS_IN_ORDER.some(({ kind }) => kind.home && kind.clock) ? 'minute' : 'date';

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, caller, effects } = context.get(pageContext);
  // What the boxes show, so that a like or a comment elsewhere leaves a stored copy valid.
  const shows: string[] = [];
  const list = async (name: ContentName, query: ContentQuery, columns: readonly string[]): Promise<Item[]> => {
    // The boxes draw no totals: their rows are not counted.
    const items = (await listContentItems(deps, name, caller, { size: 6, ...query }, columns)).map((i) => row(i, columns));
    shows.push(
      ...listPageShows(
        name,
        items.map((i) => i.id),
        { sort: query.sort, topcategory: typeof query.topcategory === 'number' ? query.topcategory : undefined },
      ),
    );
    return items;
  };
  const [boxes, schedule, events] = await Promise.all([
    Promise.all(
      BOXES.map(async ({ section: { key, storage }, home }) => {
        const where = storage.table === 'board' ? { topcategory: storage.topcategory } : {};
        return { key, items: await list(storage.table, { ...where, ...home.query }, home.columns) };
      }),
    ),
    list('mainschedule', { upcoming: '1', sort: 'startdate', size: 20 }, SCHEDULE_COLUMNS),
    list('event', { upcoming: '1', sort: 'startdate', size: 20 }, EVENT_COLUMNS),
  ]);
  effects.shows = shows;
  // The same page for every member: nothing on it is theirs but the header.
  effects.shared = true;
  const timeZone = deps.env.SITE_TIMEZONE;
  effects.until = clockChange(CLOCK, timeZone);
  const upcoming = mergeUpcoming(schedule, events, timeZone);
  return { siteName: deps.env.SITE_NAME, timeZone, today: todayIn(timeZone), clock: siteClock(timeZone), boxes, upcoming };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d
    ? [
        { title: d.siteName },
        { name: 'description', content: `${d.siteName}: 뉴스, 생활정보, 구인구직, 벼룩시장, 커뮤니티, 업소록, 한인단체를 한곳에서.` },
      ]
    : [];
}

/** A section's latest: each row a title and a line under it (its date, or its kind's `Line`),
 * its kind's `Badges` before the title, and the photo's thumbnail where the section has photos. */
function Panel({
  title,
  to,
  items,
  time,
  home: { photos = false, Badges, Line },
}: {
  title: string;
  to: string;
  items: Item[];
  time: { timeZone: string; today: string; clock: SiteClock };
  home: { photos?: boolean; Badges?: React.ComponentType<HomeRowProps>; Line?: React.ComponentType<HomeRowProps> };
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
                {photos ? <Thumbnail image={i.image ?? ''} size="line" /> : null}
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5">
                    {Badges ? <Badges row={i} {...time} /> : null}
                    <span className="min-w-0 flex-1 truncate group-hover:text-brand-700 group-hover:underline">{i.title}</span>
                  </span>
                  <span className="flex flex-wrap items-baseline gap-x-3 text-sm text-slate-500">
                    {Line ? (
                      <Line row={i} {...time} />
                    ) : (
                      <span className="whitespace-nowrap">{formatDate(i.date ?? '', time.timeZone)}</span>
                    )}
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
            {SITE_TABS.map((s) => (
              <Link key={s.key} to={s.path} className="rounded-full bg-white/15 px-3 py-1 hover:bg-white/25">
                {s.label}
              </Link>
            ))}
          </nav>
        </section>
        <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {d.boxes.map(({ key, items }) => {
            const { section, home } = BOXES.find((b) => b.section.key === key)!;
            return (
              <Panel
                key={key}
                title={home.title}
                to={section.path}
                items={items}
                time={{ timeZone: d.timeZone, today: d.today, clock: d.clock }}
                home={home}
              />
            );
          })}
          <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex items-baseline justify-between">
              <h2 className="text-lg font-bold">다가오는 일정</h2>
              <Link to="/events" className="text-sm text-brand-700 hover:underline">
                행사 더보기
              </Link>
            </div>
            {d.upcoming.length === 0 ? (
              <p className="mt-3 text-sm text-slate-500">예정된 일정이 없습니다.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100">
                {d.upcoming.map((i) => (
                  <li key={i.key} className="py-2">
                    {i.link ? (
                      <Link to={i.link} className="font-medium hover:text-brand-700">
                        {i.title}
                      </Link>
                    ) : (
                      <span className="font-medium">{i.title}</span>
                    )}
                    <MetaLine parts={[...i.when, i.place]} className="text-sm text-slate-500" />
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
