import { BusinessSaveSchema } from '#shared/schemas/content.ts';
import { RichText } from '../components/ui/rich-text.tsx';
import { BusinessFacts } from '../features/business/business-detail.tsx';
import { BusinessList } from '../features/business/business-list.tsx';
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
import { type BodyProps, type CardsProps, category, location, type WebKind } from './kind.ts';

// 업소록: business listings with their hours (영업중 by the site's clock), premium first.

const HOURS = ['starttime', 'endtime', 'weekendstarttime', 'weekendendtime', 'breakstarttime', 'breakendtime', 'closeddays'];

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
    // Premium first: the API's default business order is by type, descending.
    fields: ['image', 'type', 'subcategory', 'address', 'tel', ...HOURS],
    Cards: ({ items, base, clock }: CardsProps) => <BusinessList items={items} base={base} clock={clock!} />,
  },
  clock: true,
  Body: BusinessBody,
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
  home: { title: '추천 업소', query: { sort: '-main' }, columns: ['id', 'title', 'date', 'image', 'location'], photos: true },
};
