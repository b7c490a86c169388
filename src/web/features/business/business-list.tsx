import { Link } from 'react-router';
import { type BusinessHours, OPEN_STATE_LABEL, type OpenState, openState, type SiteClock } from '#shared/business-hours.ts';

export interface BusinessItem extends BusinessHours {
  id: number;
  category: string;
  subcategory: string;
  title: string;
  tel: string;
  address: string;
  url: string;
  location: string;
  image: string;
  content: string;
  type: number;
  main: number;
  count: number;
  like: number;
  name: string;
  user: number;
  date: string;
}

const STATE_STYLE: Record<OpenState, string> = {
  open: 'bg-emerald-100 text-emerald-800',
  break: 'bg-amber-100 text-amber-800',
  closed: 'bg-slate-200 text-slate-600',
};

/** 영업중 / 브레이크타임 / 영업종료 at the clock the loader read, so the server's HTML and the
 * hydrated page say the same. */
export function OpenBadge({ hours, clock }: { hours: BusinessHours; clock: SiteClock }) {
  const state = openState(hours, clock);
  if (!state) return null;
  return <span className={`shrink-0 rounded px-1.5 py-0.5 text-sm font-semibold ${STATE_STYLE[state]}`}>{OPEN_STATE_LABEL[state]}</span>;
}

export function PremiumBadge() {
  return <span className="shrink-0 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-amber-950">프리미엄</span>;
}

export function BusinessList({ items, base, clock }: { items: BusinessItem[]; base: string; clock: SiteClock }) {
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {items.map((b) => (
        <li key={b.id}>
          <Link
            to={`${base}/${b.id}`}
            className={`group flex gap-3 rounded-xl border bg-white p-3 hover:border-brand-600 ${b.type === 2 ? 'border-amber-300' : 'border-slate-200'}`}
          >
            {b.image ? (
              <img
                src={b.image}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className="size-24 shrink-0 rounded-lg bg-slate-100 object-cover"
              />
            ) : (
              <span aria-hidden="true" className="size-24 shrink-0 rounded-lg bg-slate-100" />
            )}
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-1.5">
                {b.type === 2 ? <PremiumBadge /> : null}
                <OpenBadge hours={b} clock={clock} />
                <span className="text-sm text-slate-500">{[b.category, b.subcategory].filter(Boolean).join(' › ')}</span>
              </span>
              <span className="mt-1 block font-semibold group-hover:text-brand-700 group-hover:underline">{b.title}</span>
              <span className="mt-0.5 block truncate text-sm text-slate-600">{b.address}</span>
              <span className="block text-sm text-slate-500">
                {[b.location, b.tel, `조회 ${b.count}`, `좋아요 ${b.like}`].filter(Boolean).join(' · ')}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
