import type { BoardRecord } from '#shared/api.ts';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { MarketStatus, MarketStatusLabel } from '#shared/enums.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { bumpText } from '#shared/freshness.ts';
import { ListingCardTitle, ThumbnailCard, ThumbnailCards } from '../../components/ui/thumbnail-cards.tsx';
import { ClosedBadge } from '../../components/ui/closed-badge.tsx';

/** A market post: a board post (topcategory 4). */
export type MarketItem = BoardRecord;

/** PRODUCT.md: "무료나눔" when free = 2, otherwise the price with thousands separators. */
export function MarketPrice({ item, className = '' }: { item: Pick<MarketItem, 'free' | 'price'>; className?: string }) {
  return item.free === 2 ? (
    <span className={`font-bold whitespace-nowrap text-emerald-700 ${className}`}>무료나눔</span>
  ) : (
    <span className={`font-bold whitespace-nowrap ${className}`}>{`$${formatMoney(item.price)}`}</span>
  );
}

export function MarketStatusBadge({ status }: { status: number }) {
  const done = status === MarketStatus.complete;
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${done ? 'bg-slate-200 text-slate-600' : 'bg-amber-100 text-amber-800'}`}>
      {MarketStatusLabel[status] ?? MarketStatusLabel[1]}
    </span>
  );
}

/** The market: a thumbnail beside each item (a list on phones, two columns on desktops). A
 * bumped listing shows when it was bumped (끌올 오늘 14:30) in place of its first date: the list
 * is in that order. */
export function MarketList({ items, base, timeZone, today }: { items: MarketItem[]; base: string; timeZone: string; today: string }) {
  return (
    <ThumbnailCards>
      {items.map((i) => (
        <ThumbnailCard key={i.id} image={i.image}>
          <span className="flex items-center gap-2">
            <MarketStatusBadge status={i.marketstatus} />
            {i.closed === 1 ? <ClosedBadge /> : null}
            {i.category ? <span className="truncate text-sm text-slate-500">{i.category}</span> : null}
          </span>
          <ListingCardTitle to={`${base}/${i.id}`}>{i.title}</ListingCardTitle>
          <MarketPrice item={i} className="mt-1 block" />
          <MetaLine
            author={i}
            parts={[i.location, bumpText(i, timeZone, today) || formatDate(i.date, timeZone)]}
            counts={[
              ['조회', i.count],
              ['좋아요', i.like],
              ['댓글', i.comment],
            ]}
            className="mt-0.5 text-sm text-slate-500"
          />
        </ThumbnailCard>
      ))}
    </ThumbnailCards>
  );
}
