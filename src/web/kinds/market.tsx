import { MarketStatus, MarketStatusLabel } from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { bumpText } from '#shared/freshness.ts';
import { BoardArticle } from '../features/board/board-article.tsx';
import { codeField, locationField, priceFields } from '../features/editor/write-fields.tsx';
import { MarketList, MarketPrice, MarketStatusBadge } from '../features/market/market-list.tsx';
import { BOARD_ROW, boardKind, boardWrite } from './board.tsx';
import { type BodyProps, type CardsProps, category, type HomeRowProps, location, select } from './kind.ts';

// 벼룩시장: listings with a price (or 무료나눔) and a trade state, drawn as photo cards; they close
// and are bumped (끌어올리기).

function MarketBody({ item, timeZone }: BodyProps) {
  return (
    <BoardArticle
      key={item.id}
      item={item}
      timeZone={timeZone}
      extra={
        <p className="mt-3 flex items-center gap-3 text-xl">
          <MarketPrice item={item} />
          <MarketStatusBadge status={item.marketstatus} />
        </p>
      }
    />
  );
}

export const market = boardKind({
  list: {
    filters: [
      category('market'),
      location,
      select('free', '판매/나눔', [
        ['1', '판매'],
        ['2', '무료나눔'],
      ]),
      select('marketstatus', '거래상태', [
        ['1', '거래중'],
        ['2', '거래완료'],
      ]),
      { name: 'minprice', label: '최저가($)', kind: 'number' },
      { name: 'maxprice', label: '최고가($)', kind: 'number' },
      { name: 'expired', label: '마감 포함', kind: 'check' },
    ],
    sorts: [
      // Listing order: 거래중 before 거래완료, each the last bumped (끌어올리기) first.
      ['', '최신순', 'fresh'],
      ['price', '낮은 가격순', 'price'],
      ['-price', '높은 가격순', '-price'],
    ],
    fields: ['image', 'marketstatus', 'comment', 'price', 'free', 'closed', 'bumpdate'],
    Cards: ({ items, base, timeZone, today }: CardsProps) => <MarketList items={items} base={base} timeZone={timeZone} today={today} />,
  },
  Body: MarketBody,
  write: boardWrite({
    beforeText: [
      locationField,
      ...priceFields,
      // A new listing is in trade (거래중, the default): 거래완료 is chosen when editing it.
      codeField('marketstatus', '거래 상태', MarketStatusLabel, MarketStatus.intrade, (_, editing) => editing),
    ],
  }),
  // Listings in their listing order: the last bumped first, closed ones not at all.
  home: {
    title: '벼룩시장',
    query: { sort: 'fresh' },
    columns: [...BOARD_ROW, 'bumpdate'],
    photos: true,
    // Its price, and when it was bumped (끌올) in place of its first date: the box is in that order.
    Line: ({ row, timeZone, today }: HomeRowProps) => (
      <>
        <MarketPrice item={{ price: row.price ?? 0, free: row.free ?? 0 }} className="text-slate-900" />
        <span className="whitespace-nowrap">
          {bumpText({ date: row.date ?? '', bumpdate: row.bumpdate }, timeZone, today) || formatDate(row.date ?? '', timeZone)}
        </span>
      </>
    ),
  },
  listing: { state: { field: 'marketstatus', Badge: MarketStatusBadge } },
  // A buyer asks the seller about the listing; the conversation shows its price and trade state.
  chat: {
    Facts: ({ item }) => (
      <span className="flex flex-wrap items-center gap-2">
        <MarketPrice item={item} />
        <MarketStatusBadge status={item.marketstatus} />
      </span>
    ),
  },
  // `close` makes a listing 거래완료 (SPEC §3 marketstatus 2).
  moderation: {
    close: {
      action: '거래완료 처리',
      state: String(MarketStatusLabel[MarketStatus.complete]),
      closed: (item) => item.marketstatus === MarketStatus.complete,
    },
    state: (item) => MarketStatusLabel[Number(item.marketstatus ?? MarketStatus.intrade)] ?? '',
  },
});
