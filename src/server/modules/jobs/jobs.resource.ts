import { JOBS_SERVER_FIELDS, JobsSaveSchema } from '#shared/schemas/content.ts';
import { JobsStatus } from '#shared/enums.ts';
import { htmlToText, textOf } from '#shared/text.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { expiredParam, openListings, openListingsCounted } from '#server/modules/freshness/freshness.list.ts';
import { listingColumns } from '#server/modules/freshness/freshness.service.ts';

/** Jobs (SPEC §3). PRODUCT.md: a posting past its deadline (or, without one, 30 days after its
 * last bump) is closed by the sweep (modules/freshness), hidden from the list unless asked for
 * (?expired=1) and shown as 마감. */
export const jobsResource: ContentResource<'jobs'> = {
  table: 'jobs',
  schema: JobsSaveSchema,
  serverFields: JOBS_SERVER_FIELDS,
  adminFields: [],
  richText: ['content'],
  countViews: true,
  search: 'jobs',
  chat: {},
  // 마감.
  close: { column: 'status', value: JobsStatus.sold },
  // The company is part of what a posting is called.
  searchText: (row) => ({
    title: [textOf(row.title), textOf(row.companyname)].filter(Boolean).join(' · '),
    body: [htmlToText(textOf(row.content)), textOf(row.category), textOf(row.location)].join(' '),
  }),
  list: {
    table: 'jobs',
    filters: ['type', 'status', 'user'],
    textFilters: ['category', 'location', 'employmenttype'],
    keyword: ['title', 'content', 'companyname'],
    sorts: ['id', 'date', 'count', 'like', 'limitdate'],
    defaultSort: '-id',
    orders: { fresh: [['bumpdate', 'desc']] },
    sums: ['count', 'like'],
  },
  listParams: expiredParam,
  narrowList: openListings,
  derive(input, before, _actor, deps) {
    return listingColumns(deps, 'jobs', input, before);
  },
  countedAs: openListingsCounted,
  initdata: () => ({
    id: 0,
    title: '',
    content: '',
    type: 1,
    companyname: '',
    tel: '',
    url: '',
    manager: '',
    email: '',
    category: '',
    location: '',
    employmenttype: '',
    limitdate: '',
    status: 1,
    count: 0,
    like: 0,
    name: '',
    user: 0,
    date: '',
  }),
  requireWrite() {},
};
