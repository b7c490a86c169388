import type { HousingRecord } from '#shared/api.ts';
import { HousingKind, HousingKindLabel, MarketStatus, MarketStatusLabel } from '#shared/enums.ts';
import { formatDate, formatMoney, isEmptyDate } from '#shared/format.ts';
import { bumpText } from '#shared/freshness.ts';
import { ClosedBadge } from '../../components/ui/closed-badge.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { ListingCardTitle, ThumbnailCard, ThumbnailCards } from '../../components/ui/thumbnail-cards.tsx';

// 부동산's cards: the rent a month (or a sale's price), the deposit, the kind, the area and the
// move-in date beside the first photo (PRODUCT.md "Housing").

export type HousingItem = HousingRecord;

/** The money a listing asks: a sale's price, or the rent with /월; never split across lines. */
export function HousingPrice({ item, className = '' }: { item: Pick<HousingItem, 'kind' | 'rent' | 'price'>; className?: string }) {
  const sale = item.kind === HousingKind.sale;
  return (
    <span className={`font-bold whitespace-nowrap ${className}`}>
      {sale ? `$${formatMoney(item.price)}` : `$${formatMoney(item.rent)}/월`}
    </span>
  );
}

/** 입주 2026-12-20, or 즉시 입주 when the listing has no date. */
/** When one can move in: 즉시 for an empty date, else the date. */
export function moveInDate(movein: string): string {
  return !movein || isEmptyDate(movein) ? '즉시' : movein;
}

/** The card's words for it: 즉시 입주, 입주 2027-01-20. */
export function moveInText(movein: string): string {
  const when = moveInDate(movein);
  return when === '즉시' ? '즉시 입주' : `입주 ${when}`;
}

export function HousingStatusBadge({ status }: { status: number }) {
  const done = status === MarketStatus.complete;
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${done ? 'bg-slate-200 text-slate-600' : 'bg-sky-100 text-sky-800'}`}>
      {MarketStatusLabel[status] ?? MarketStatusLabel[MarketStatus.intrade]}
    </span>
  );
}

export function HousingList({ items, base, timeZone, today }: { items: HousingItem[]; base: string; timeZone: string; today: string }) {
  return (
    <ThumbnailCards>
      {items.map((i) => (
        <ThumbnailCard key={i.id} image={i.image}>
          <span className="flex flex-wrap items-center gap-2">
            <HousingStatusBadge status={i.status} />
            {i.closed === 1 ? <ClosedBadge /> : null}
            <span className="text-sm font-semibold text-slate-700">{HousingKindLabel[i.kind]}</span>
            {i.location ? <span className="text-sm text-slate-500">{i.location}</span> : null}
          </span>
          <ListingCardTitle to={`${base}/${i.id}`}>{i.title}</ListingCardTitle>
          <span className="mt-1 flex flex-wrap items-baseline gap-x-3">
            <HousingPrice item={i} />
            {i.deposit > 0 ? <span className="whitespace-nowrap text-sm text-slate-600">{`보증금 $${formatMoney(i.deposit)}`}</span> : null}
            <span className="whitespace-nowrap text-sm text-slate-600">{moveInText(i.movein)}</span>
          </span>
          <MetaLine
            author={i}
            parts={[bumpText(i, timeZone, today) || formatDate(i.date, timeZone)]}
            counts={[
              ['조회', i.count],
              ['좋아요', i.like],
            ]}
            className="mt-0.5 text-sm text-slate-500"
          />
        </ThumbnailCard>
      ))}
    </ThumbnailCards>
  );
}
