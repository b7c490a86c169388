import { JOBS_SERVER_FIELDS, JobsSaveSchema, visaCode } from '#shared/schemas/content.ts';
import { inQuery, money } from '#shared/schemas/fields.ts';
import type { Pay } from '#shared/pay.ts';
import { JobsStatus } from '#shared/enums.ts';
import { htmlToText, textOf } from '#shared/text.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { expiredParam, openListings, openListingsCounted } from '#server/modules/freshness/freshness.list.ts';
import { listingColumns } from '#server/modules/freshness/freshness.service.ts';
import { payingAtLeast, requireMinimumWage, visaBits, visaCodes, withVisa } from './jobs-pay.ts';
import { countedItemDefaults } from '#server/modules/content/item-defaults.ts';

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
  listParams: {
    // PRODUCT.md: jobs open to one visa term, and jobs whose top of the range reaches an hourly pay.
    visa: inQuery(visaCode).optional(),
    minpay: inQuery(money).optional(),
    ...expiredParam,
  },
  narrowList(q, params) {
    let query = openListings(q, params);
    if (params.visa !== undefined) query = withVisa(query, params.visa as number);
    if (params.minpay) query = payingAtLeast(query, params.minpay as number);
    return query;
  },
  // Visa terms and pay are not counted scopes.
  countedAs: (params) => (params.visa === undefined && !params.minpay ? openListingsCounted(params) : undefined),
  derive(input, before, _actor, deps) {
    requireMinimumWage(deps.env.MIN_WAGE_HOURLY, input as unknown as Pay & { type: number });
    return listingColumns(deps, 'jobs', input, before);
  },
  // The visa terms are a list to clients and a set of bits in the row (jobs-pay.ts).
  toRow: (input) => ({ ...input, visa: visaBits((input.visa as number[] | undefined) ?? []) }),
  fromRow: (row) => (typeof row.visa === 'number' ? { ...row, visa: visaCodes(row.visa) } : row),
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
    paymin: 0,
    paymax: 0,
    payunit: 0,
    visa: [],
    ...countedItemDefaults,
  }),
  requireWrite() {},
};
