import {
  HousingGender,
  HousingGenderLabel,
  HousingKind,
  HousingKindLabel,
  HousingStatus,
  MarketStatusLabel,
  YesNo,
} from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { bumpText } from '#shared/freshness.ts';
import { HousingSaveSchema } from '#shared/schemas/content.ts';
import { RichText } from '../components/ui/rich-text.tsx';
import {
  codeField,
  contentField,
  emailField,
  imagesField,
  locationField,
  amountField,
  numberField,
  telField,
  textField,
  titleField,
} from '../features/editor/write-fields.tsx';
import type { WriteValues } from '../features/editor/write-target.ts';
import { Gallery } from '../components/ui/gallery.tsx';
import { HousingContact, HousingFacts, HousingHeader, SafetyBox } from '../features/housing/housing-detail.tsx';
import { HousingList, HousingPrice, HousingStatusBadge } from '../features/housing/housing-list.tsx';
import { type BodyProps, type CardsProps, type HomeRowProps, location, select, type WebKind } from './kind.ts';

// 부동산: homes to rent, share, board, sublet or buy, with typed fields to filter on; they close
// and are bumped (끌어올리기) like the market's listings. The address and contact are members'.

const sale = (values: WriteValues) => Number(values.kind) === HousingKind.sale;
const notSale = (values: WriteValues) => !sale(values);
const YES_NO: Record<number, string> = { [YesNo.yes]: '예', [YesNo.no]: '아니오' };
const codes = (labels: Record<number, string>) => Object.entries(labels).map(([v, l]): [string, string] => [v, l]);

function HousingBody({ item, timeZone }: BodyProps) {
  return (
    <>
      <HousingHeader item={item} timeZone={timeZone} />
      <Gallery images={item.images} title={item.title} />
      <HousingFacts item={item} />
      <SafetyBox />
      <HousingContact item={item} />
      <RichText html={item.content} className="mt-4" />
    </>
  );
}

export const housing: WebKind = {
  list: {
    filters: [
      select('kind', '종류', codes(HousingKindLabel)),
      location,
      { name: 'minrent', label: '최저 월세($)', kind: 'number' },
      { name: 'maxrent', label: '최고 월세($)', kind: 'number' },
      select('bedrooms', '방', [
        ['1', '1개 이상'],
        ['2', '2개 이상'],
        ['3', '3개 이상'],
      ]),
      { name: 'movein', label: '입주 가능일', kind: 'date' },
      select('furnished', '가구', [
        ['1', '가구 포함'],
        ['2', '가구 없음'],
      ]),
      select('pets', '반려동물', [
        ['1', '가능'],
        ['2', '불가'],
      ]),
      select('gender', '성별', [
        [String(HousingGender.female), '여성 가능'],
        [String(HousingGender.male), '남성 가능'],
      ]),
      { name: 'expired', label: '마감 포함', kind: 'check' },
    ],
    sorts: [
      // Listing order: 거래중 before 거래완료, each the last bumped first.
      ['', '최신순', 'fresh'],
      ['rent', '낮은 월세순', 'rent'],
      ['-rent', '높은 월세순', '-rent'],
    ],
    fields: ['image', 'kind', 'rent', 'deposit', 'price', 'movein', 'status', 'closed', 'bumpdate'],
    Cards: ({ items, base, timeZone, today }: CardsProps) => <HousingList items={items} base={base} timeZone={timeZone} today={today} />,
  },
  Body: HousingBody,
  write: {
    schema: HousingSaveSchema,
    fields: [
      codeField('kind', '종류', HousingKindLabel, HousingKind.rent),
      titleField(),
      locationField,
      amountField('rent', '월세 ($)', notSale),
      amountField('deposit', '보증금 ($)'),
      amountField('price', '매매가 ($)', sale),
      textField('movein', '입주일 (비우면 즉시)', { type: 'date' }),
      numberField('lease', '계약 기간 (개월)', 1, notSale),
      numberField('bedrooms', '방 개수'),
      numberField('bathrooms', '욕실 수', 0.5),
      codeField('furnished', '가구 포함', YES_NO, YesNo.no),
      codeField('utilities', '공과금 포함', YES_NO, YesNo.no, notSale),
      codeField('pets', '반려동물 가능', YES_NO, YesNo.no),
      codeField('parking', '주차 가능', YES_NO, YesNo.no),
      codeField('gender', '성별', HousingGenderLabel, HousingGender.any, notSale),
      textField('address', '주소 (회원에게만 보입니다)', { wide: true }),
      telField,
      emailField,
      // A new listing is in trade (거래중): 거래완료 is chosen when editing it.
      codeField('status', '거래 상태', MarketStatusLabel, HousingStatus.intrade, (_, editing) => editing),
      contentField,
      imagesField,
    ],
  },
  home: {
    title: '부동산',
    query: { sort: 'fresh' },
    columns: ['id', 'title', 'date', 'location', 'kind', 'rent', 'price', 'bumpdate'],
    Line: ({ row, timeZone, today }: HomeRowProps) => (
      <>
        <HousingPrice
          item={{ kind: row.kind ?? HousingKind.rent, rent: row.rent ?? 0, price: row.price ?? 0 }}
          className="text-slate-900"
        />
        <span className="whitespace-nowrap">{HousingKindLabel[row.kind ?? HousingKind.rent]}</span>
        <span className="whitespace-nowrap">
          {bumpText({ date: row.date ?? '', bumpdate: row.bumpdate }, timeZone, today) || formatDate(row.date ?? '', timeZone)}
        </span>
      </>
    ),
  },
  listing: { state: { field: 'status', Badge: HousingStatusBadge } },
  chat: {
    Facts: ({ item }) => (
      <span className="flex flex-wrap items-center gap-2">
        <HousingPrice item={item} />
        <HousingStatusBadge status={item.status} />
      </span>
    ),
  },
  moderation: {
    noun: ['매물', '매물을'],
    close: {
      action: '거래완료 처리',
      state: String(MarketStatusLabel[HousingStatus.complete]),
      closed: (item) => item.status === HousingStatus.complete,
    },
    state: (item) => MarketStatusLabel[Number(item.status ?? HousingStatus.intrade)] ?? '',
  },
};
