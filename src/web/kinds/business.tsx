import { BusinessMain, BusinessType } from '#shared/enums.ts';
import { BusinessSaveSchema } from '#shared/schemas/content.ts';
import type { ModerationFlag } from '../features/admin/moderation-actions.ts';
import { RichText } from '../components/ui/rich-text.tsx';
import { BusinessFacts } from '../features/business/business-detail.tsx';
import { BusinessList, OpenBadge } from '../features/business/business-list.tsx';
import type { BusinessHours } from '#shared/business-hours.ts';
import {
  categoryField,
  contentField,
  homepageField,
  imagesField,
  locationField,
  telField,
  textField,
  titleField,
} from '../features/editor/write-fields.tsx';
import { hoursFields } from './business-hours-field.tsx';
import { type BodyProps, type CardsProps, category, type HomeRow, type HomeRowProps, location, type WebKind } from './kind.ts';

// 업소록: business listings with their hours (영업중 by the site's clock), premium first.

const HOURS = ['starttime', 'endtime', 'weekendstarttime', 'weekendendtime', 'breakstarttime', 'breakendtime', 'closeddays'] as const;

/** A home row's hours, as OpenBadge reads them (a row carries only the columns it was read with). */
function hoursOf(row: HomeRow): BusinessHours {
  return Object.fromEntries(HOURS.map((h) => [h, row[h] ?? ''])) as unknown as BusinessHours;
}

/** PRODUCT.md: a business listing's premium (type) and main exposure (main) are set by admins
 * only, as the admin fields of PUT /api/business. */
const FLAGS: ModerationFlag[] = [
  { field: 'type', on: BusinessType.premium, off: BusinessType.normal, label: '프리미엄', set: '프리미엄 지정', unset: '프리미엄 해제' },
  { field: 'main', on: BusinessMain.main, off: BusinessMain.normal, label: '메인 노출', set: '메인 노출', unset: '메인 노출 해제' },
];

function BusinessBody({ item, clock }: BodyProps) {
  return (
    <>
      <BusinessFacts business={item} clock={clock!} />
      <RichText html={item.content} className="mt-4" />
    </>
  );
}

export const business: WebKind = {
  list: {
    filters: [category('business'), location, { name: 'open', label: '지금 영업중', kind: 'check' }],
    sorts: [
      // Premium first: the API's default business order is by type, descending.
      ['', '기본순', '-type'],
      ['rating', '별점 높은순', '-rating'],
    ],
    fields: ['image', 'type', 'subcategory', 'address', 'tel', 'rating', 'reviews', ...HOURS],
    Cards: ({ items, base, clock }: CardsProps) => <BusinessList items={items} base={base} clock={clock!} />,
  },
  clock: true,
  Body: BusinessBody,
  // A customer asks the business (a reservation, an estimate), its category and place shown.
  chat: {
    Facts: ({ item }) => (
      <span className="text-sm text-slate-600">{[item.category, item.subcategory, item.location].filter(Boolean).join(' · ')}</span>
    ),
  },
  write: {
    schema: BusinessSaveSchema,
    fields: [
      categoryField,
      textField('subcategory', '세부 분류', { placeholder: '예: 한식, 소아과' }),
      titleField('업소명'),
      locationField,
      telField,
      textField('address', '주소', { wide: true }),
      homepageField,
      ...hoursFields,
      contentField,
      imagesField,
    ],
  },
  moderation: { noun: ['업소', '업소를'], flags: FLAGS },
  reviews: true,
  // What a visitor choosing a place wants: what it is, and whether it is open now.
  home: {
    title: '추천 업소',
    query: { sort: '-main' },
    columns: ['id', 'title', 'date', 'image', 'location', 'category', ...HOURS],
    photos: true,
    Line: ({ row, clock }: HomeRowProps) => (
      <>
        {row.category ? <span className="whitespace-nowrap">{row.category}</span> : null}
        <OpenBadge hours={hoursOf(row)} clock={clock} />
      </>
    ),
  },
};
