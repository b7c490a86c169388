import type { BusinessRecord } from '#shared/api.ts';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import {
  type BusinessHours,
  nextOpeningText,
  OPEN_STATE_LABEL,
  type OpenState,
  openState,
  type SiteClock,
} from '#shared/business-hours.ts';
import { CardLink } from '../../components/ui/card-link.tsx';
import { ThumbnailCard, ThumbnailCards } from '../../components/ui/thumbnail-cards.tsx';

export type BusinessItem = BusinessRecord;

const STATE_STYLE: Record<OpenState, string> = {
  open: 'bg-emerald-100 text-emerald-800',
  break: 'bg-amber-100 text-amber-800',
  closed: 'bg-slate-200 text-slate-600',
};

/** 영업중 / 브레이크타임 / 영업종료 at the clock the loader read, so the server's HTML and the
 * hydrated page say the same; closed or on its break, also when it opens again (영업종료 · 내일
 * 11:00 오픈), so nobody has to work it out from the hours. */
export function OpenBadge({ hours, clock }: { hours: BusinessHours; clock: SiteClock }) {
  const state = openState(hours, clock);
  if (!state) return null;
  const next = nextOpeningText(hours, clock);
  return (
    <span className={`shrink-0 rounded px-1.5 py-0.5 text-sm font-semibold whitespace-nowrap ${STATE_STYLE[state]}`}>
      {OPEN_STATE_LABEL[state]}
      {next ? <span className="font-normal"> · {next}</span> : null}
    </span>
  );
}

export function PremiumBadge() {
  return <span className="shrink-0 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-amber-950">프리미엄</span>;
}

/** The average of its counted reviews and how many, as the business's card and page show them. */
export function RatingBadge({ rating, reviews }: { rating: number; reviews: number }) {
  if (!reviews) return <span className="text-sm text-slate-500">후기 없음</span>;
  return (
    <span className="text-sm font-semibold text-slate-700">
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>{' '}
      <span className="sr-only">별점 </span>
      {rating.toFixed(1)} <span className="font-normal text-slate-500">(후기 {reviews})</span>
    </span>
  );
}

export function BusinessList({ items, base, clock }: { items: BusinessItem[]; base: string; clock: SiteClock }) {
  return (
    <ThumbnailCards>
      {items.map((b) => (
        <ThumbnailCard key={b.id} image={b.image} border={b.type === 2 ? 'border-amber-300' : 'border-slate-200'}>
          <span className="flex flex-wrap items-center gap-1.5">
            {b.type === 2 ? <PremiumBadge /> : null}
            <OpenBadge hours={b} clock={clock} />
            <span className="text-sm text-slate-500">{[b.category, b.subcategory].filter(Boolean).join(' › ')}</span>
          </span>
          <CardLink to={`${base}/${b.id}`} rounded className="mt-1 block font-semibold group-hover:text-brand-700 group-hover:underline">
            {b.title}
          </CardLink>
          <RatingBadge rating={b.rating} reviews={b.reviews} />
          <span className="mt-0.5 block truncate text-sm text-slate-600">{b.address}</span>
          <MetaLine
            parts={[b.location, b.tel]}
            counts={[
              ['조회', b.count],
              ['좋아요', b.like],
            ]}
            className="text-sm text-slate-500"
          />
        </ThumbnailCard>
      ))}
    </ThumbnailCards>
  );
}
