import { HousingGender, HousingStatus } from '#shared/enums.ts';
import { HOUSING_SERVER_FIELDS, HousingSaveSchema } from '#shared/schemas/content.ts';
import { dateText, inQuery, integer, money } from '#shared/schemas/fields.ts';
import { htmlToText, textOf } from '#shared/text.ts';
import { z } from 'zod';
import { imagesColumn } from '#server/modules/content/images-column.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { expiredParam, openListings, openListingsCounted } from '#server/modules/freshness/freshness.list.ts';
import { listingColumns } from '#server/modules/freshness/freshness.service.ts';
import { countedItemDefaults } from '#server/modules/content/item-defaults.ts';

/** Housing (부동산, PRODUCT.md "Housing"): listings that close 30 days after their last bump like
 * the market's, with typed fields to filter on; the address and the contact are for members. */
export const housingResource: ContentResource<'housing'> = {
  table: 'housing',
  schema: HousingSaveSchema,
  serverFields: HOUSING_SERVER_FIELDS,
  adminFields: [],
  richText: ['content'],
  countViews: true,
  comments: true,
  search: 'housing',
  chat: {},
  membersOnly: ['address', 'tel', 'email'],
  // 거래완료.
  close: { column: 'status', value: HousingStatus.complete },
  searchText: (row) => ({
    title: textOf(row.title),
    body: [htmlToText(textOf(row.content)), textOf(row.location)].join(' '),
  }),
  list: {
    table: 'housing',
    filters: ['kind', 'status', 'user'],
    textFilters: ['location'],
    keyword: ['title', 'content'],
    sorts: ['id', 'date', 'count', 'like', 'rent'],
    defaultSort: '-id',
    orders: {
      fresh: [
        ['status', 'asc'],
        ['bumpdate', 'desc'],
      ],
    },
    sums: ['count', 'like', 'rent', 'deposit'],
  },
  listParams: {
    minrent: inQuery(money).optional(),
    maxrent: inQuery(money).optional(),
    bedrooms: inQuery(integer(0, 20)).optional(),
    movein: dateText.optional(),
    furnished: z.enum(['1', '2']).optional(),
    pets: z.enum(['1', '2']).optional(),
    gender: z.enum(['1', '2', '3']).optional(),
    ...expiredParam,
  },
  narrowList(q, params) {
    let query = openListings(q, params);
    if (params.minrent !== undefined) query = query.where('rent', '>=', params.minrent as number);
    if (params.maxrent !== undefined) query = query.where('rent', '<=', params.maxrent as number);
    if (params.bedrooms !== undefined) query = query.where('bedrooms', '>=', params.bedrooms as number);
    // Ready by that day: 즉시 ('') or a move-in date on or before it.
    if (params.movein) query = query.where((eb) => eb.or([eb('movein', '=', ''), eb('movein', '<=', params.movein as string)]));
    if (params.furnished) query = query.where('furnished', '=', Number(params.furnished));
    if (params.pets) query = query.where('pets', '=', Number(params.pets));
    // A listing open to either (무관) suits a woman and a man alike.
    if (params.gender) {
      const gender = Number(params.gender);
      query = query.where('gender', 'in', gender === HousingGender.any ? [gender] : [gender, HousingGender.any]);
    }
    return query;
  },
  // The typed filters are not counted scopes: only the open listings' own are.
  countedAs: (params) =>
    ['minrent', 'maxrent', 'bedrooms', 'movein', 'furnished', 'pets', 'gender'].some((p) => params[p] !== undefined)
      ? undefined
      : openListingsCounted(params),
  derive(input, before, _actor, deps) {
    const images = input.images as string[];
    return { ...listingColumns(deps, 'housing', input, before), image: images[0] ?? '' };
  },
  initdata: () => ({
    id: 0,
    title: '',
    content: '',
    image: '',
    images: [],
    kind: 1,
    rent: 0,
    deposit: 0,
    price: 0,
    movein: '',
    lease: 0,
    bedrooms: 0,
    bathrooms: 0,
    furnished: 2,
    utilities: 2,
    pets: 2,
    parking: 2,
    gender: 1,
    location: '',
    address: '',
    status: 1,
    tel: '',
    email: '',
    comment: 0,
    ...countedItemDefaults,
  }),
  requireWrite() {},
  ...imagesColumn,
};
