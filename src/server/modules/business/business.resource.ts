import { sql } from 'kysely';
import { z } from 'zod';
import { BUSINESS_ADMIN_FIELDS, BUSINESS_SERVER_FIELDS, BusinessSaveSchema } from '#shared/schemas/content.ts';
import { siteClock } from '#shared/business-hours.ts';
import { htmlToText, textOf } from '#shared/text.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { imagesColumn } from '#server/modules/content/images-column.ts';
import { countedItemDefaults } from '#server/modules/content/item-defaults.ts';

/** Business listings (SPEC §3, with several photos and closed days). Members submit; premium
 * (type) and main exposure (main) are an admin's. The list puts premium first; ?open=1 keeps
 * those open now in the site's time zone (not on a closed day). */
export const businessResource: ContentResource<'business'> = {
  table: 'business',
  schema: BusinessSaveSchema,
  serverFields: BUSINESS_SERVER_FIELDS,
  adminFields: BUSINESS_ADMIN_FIELDS,
  richText: ['content'],
  countViews: true,
  chat: {},
  search: 'business',
  // Found by what it is and where, as well as by its name.
  searchText: (row) => ({
    title: textOf(row.title),
    body: [textOf(row.category), textOf(row.subcategory), textOf(row.address), htmlToText(textOf(row.content))].join(' '),
  }),
  // 영업중 on its list and page.
  clock: 'minute',
  list: {
    table: 'business',
    filters: ['type', 'main', 'user'],
    textFilters: ['category', 'subcategory', 'location'],
    keyword: ['title', 'content', 'address', 'category'],
    sorts: ['id', 'date', 'count', 'like', 'type', 'main', 'title', 'rating'],
    defaultSort: '-type',
    sums: ['count', 'like'],
  },
  listParams: { open: z.enum(['0', '1']).optional() },
  narrowList(q, params, _caller, deps) {
    if (params.open !== '1') return q;
    const { weekday, time } = siteClock(deps.env.SITE_TIMEZONE);
    const weekend = weekday >= 6;
    // Weekend hours default to weekday hours when left empty; a range past midnight wraps.
    const start = weekend ? sql`coalesce(nullif(weekendstarttime, ''), starttime)` : sql`starttime`;
    const end = weekend ? sql`coalesce(nullif(weekendendtime, ''), endtime)` : sql`endtime`;
    return q.where(
      sql<boolean>`(closeddays not like ${`%${weekday}%`} and ${start} <> '' and ${end} <> ''
        and ((${start} <= ${end} and ${time} >= ${start} and ${time} < ${end})
          or (${start} > ${end} and (${time} >= ${start} or ${time} < ${end})))
        and not (breakstarttime <> '' and breakendtime <> '' and ${time} >= breakstarttime and ${time} < breakendtime))`,
    );
  },
  // Open now depends on the clock: those lists count their rows.
  countedAs: (params) => (params.open === '1' ? undefined : {}),
  initdata: () => ({
    id: 0,
    category: '',
    subcategory: '',
    title: '',
    tel: '',
    address: '',
    url: '',
    location: '',
    starttime: '',
    endtime: '',
    weekendstarttime: '',
    weekendendtime: '',
    breakstarttime: '',
    breakendtime: '',
    closeddays: '',
    image: '',
    images: [],
    content: '',
    type: 1,
    main: 1,
    ...countedItemDefaults,
    rating: 0,
    reviews: 0,
  }),
  requireWrite() {},
  // The list thumbnail: the first photo unless a client chose one (SPEC §3's `image`).
  derive: (input) => ({ image: input.image || (input.images as string[])[0] || '' }),
  ...imagesColumn,
};
