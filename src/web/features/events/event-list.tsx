import { EVENT_CATEGORIES, formatEventWhen, type EventTimes } from '#shared/events.ts';
import { Link } from '../../components/ui/link.tsx';

/** An event as the list and the month view show it, with its next occurrence. */
export interface ListedEvent extends EventTimes {
  id: number;
  title: string;
  place: string;
  category: string;
  capacity: number;
  attendees: number;
  next: string;
}

/** 분류 as links (they work without JavaScript and can be shared); `href` builds one's address. */
export function CategoryLinks({ current, href }: { current: string; href: (category: string) => string }) {
  const all = ['', ...EVENT_CATEGORIES];
  return (
    <nav aria-label="분류" className="mb-4 flex flex-wrap gap-2">
      {all.map((c) => (
        <Link
          key={c || 'all'}
          to={href(c)}
          aria-current={c === current ? 'page' : undefined}
          className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-3 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
        >
          {c || '전체'}
        </Link>
      ))}
    </nav>
  );
}

/** 마감 once the seats are taken, else how many come (of how many). */
export function Seats({ capacity, attendees }: { capacity: number; attendees: number }) {
  if (capacity && attendees >= capacity)
    return <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-700">마감</span>;
  return <span className="text-sm text-slate-600">{capacity ? `참석 ${attendees}/${capacity}명` : `참석 ${attendees}명`}</span>;
}

/** The upcoming events, soonest first; the empty list says what will be there. */
export function EventList({ items }: { items: readonly ListedEvent[] }) {
  if (!items.length)
    return (
      <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-600">
        다가오는 행사가 없습니다. 한인 단체의 행사와 모임이 이곳에 올라옵니다.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200 border-y border-slate-200">
      {items.map((e) => (
        <li key={e.id} className="py-3">
          <Link to={`/events/${e.id}`} className="block hover:text-brand-700">
            <span className="mr-2 rounded bg-brand-50 px-2 py-0.5 text-sm text-brand-900">{e.category}</span>
            <span className="text-lg font-semibold">{e.title}</span>
          </Link>
          <p className="mt-1 text-slate-700">{formatEventWhen(e, e.next)}</p>
          <p className="flex flex-wrap gap-x-3 text-slate-600">
            {e.place ? <span>{e.place}</span> : null}
            <Seats capacity={e.capacity} attendees={e.attendees} />
          </p>
        </li>
      ))}
    </ul>
  );
}
