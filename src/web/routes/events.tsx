import { data } from 'react-router';
import { z } from 'zod';
import { EVENT_CATEGORIES } from '#shared/events.ts';
import { todayIn } from '#shared/format.ts';
import { paging } from '#shared/schemas/fields.ts';
import { eventMonth, listUpcomingEvents } from '#server/modules/event/event-views.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { Link } from '../components/ui/link.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { CategoryLinks, EventList } from '../features/events/event-list.tsx';
import { MonthView } from '../features/events/month-view.tsx';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/events.ts';

// /events (PRODUCT.md "Organizations and events"): the upcoming events, a page at a time, or
// ?view=month a month as a calendar (?month=2026-12); ?category= narrows either. Links only, so
// everything works without JavaScript and can be shared.

const QuerySchema = z.object({
  view: z.enum(['list', 'month']).catch('list'),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
  category: z.enum(['', ...EVENT_CATEGORIES]).catch(''),
  ...paging(20),
});

/** The month before or after YYYY-MM. */
function shiftMonth(month: string, by: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps, caller, actor } = context.get(pageContext);
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data('Page not found', { status: 404 });
  const q = parsed.data;
  const today = todayIn(deps.env.SITE_TIMEZONE);
  const category = q.category || undefined;
  const base = { siteName: deps.env.SITE_NAME, category: q.category, today, member: actor !== undefined };
  if (q.view === 'month') {
    const month = q.month ?? today.slice(0, 7);
    return { ...base, view: 'month' as const, month, days: await eventMonth(deps, caller, month, category) };
  }
  const list = await listUpcomingEvents(deps, caller, { page: q.page, size: q.size, category });
  return { ...base, view: 'list' as const, list };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d
    ? [{ title: pageTitle(d.siteName, '행사') }, { tagName: 'link', rel: 'alternate', type: 'text/calendar', href: '/events.ics' }]
    : [];
}

const TAB =
  'inline-flex min-h-12 items-center rounded-lg px-4 font-semibold aria-[current=page]:bg-brand-700 aria-[current=page]:text-white';

export default function Page({ loaderData: d }: Route.ComponentProps) {
  const withCategory = (params: Record<string, string>) => {
    const p = new URLSearchParams({ ...params, ...(d.category ? { category: d.category } : {}) });
    return `/events?${p}`;
  };
  const here = (category: string) => {
    const p = new URLSearchParams({ ...(d.view === 'month' ? { view: 'month', month: d.month } : {}), ...(category ? { category } : {}) });
    return `/events${p.size ? `?${p}` : ''}`;
  };
  return (
    <SectionFrame
      title="행사"
      crumbs={[{ label: '행사' }]}
      actions={
        <Link to="/events/write" className="inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white">
          행사 등록
        </Link>
      }
    >
      <nav aria-label="보기" className="mb-4 flex flex-wrap items-center gap-2">
        <Link to={withCategory({})} aria-current={d.view === 'list' ? 'page' : undefined} className={TAB}>
          다가오는 행사
        </Link>
        <Link to={withCategory({ view: 'month' })} aria-current={d.view === 'month' ? 'page' : undefined} className={TAB}>
          월별 달력
        </Link>
        <a href="/events.ics" className="ml-auto text-brand-700 underline">
          캘린더 구독 (.ics)
        </a>
      </nav>
      <CategoryLinks current={d.category} href={here} />
      {d.view === 'month' ? (
        <>
          <div className="mb-2 flex items-center justify-between">
            <Link to={withCategory({ view: 'month', month: shiftMonth(d.month, -1) })} className="min-h-12 px-3 py-3 text-brand-700">
              ‹ 이전 달
            </Link>
            <h2 className="text-xl font-bold">{`${Number(d.month.slice(0, 4))}년 ${Number(d.month.slice(5, 7))}월`}</h2>
            <Link to={withCategory({ view: 'month', month: shiftMonth(d.month, 1) })} className="min-h-12 px-3 py-3 text-brand-700">
              다음 달 ›
            </Link>
          </div>
          <MonthView month={d.month} days={d.days} today={d.today} />
        </>
      ) : (
        <>
          <EventList items={d.list.items} />
          <Pagination page={d.list.page} size={d.list.size} total={d.list.total} href={(page) => withCategory({ page: String(page) })} />
        </>
      )}
    </SectionFrame>
  );
}
