import { z } from 'zod';
import { JOBS_SERVER_FIELDS, JobsSaveSchema } from '#shared/schemas/content.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { todayIn } from '#shared/format.ts';

/** Jobs (SPEC §3). PRODUCT.md: a posting past its deadline is hidden from the list unless asked
 * for (?expired=1) and shown as 마감. */
export const jobsResource: ContentResource<'jobs'> = {
  table: 'jobs',
  schema: JobsSaveSchema,
  serverFields: JOBS_SERVER_FIELDS,
  adminFields: [],
  richText: ['content'],
  countViews: true,
  search: 'jobs',
  list: {
    table: 'jobs',
    filters: ['type', 'status', 'user'],
    textFilters: ['category', 'location', 'employmenttype'],
    keyword: ['title', 'content', 'companyname'],
    sorts: ['id', 'date', 'count', 'like', 'limitdate'],
    defaultSort: '-id',
    sums: ['count', 'like'],
  },
  listParams: { expired: z.enum(['0', '1']).optional() },
  narrowList(q, params, _caller, deps) {
    if (params.expired === '1') return q;
    const today = todayIn(deps.env.SITE_TIMEZONE);
    return q.where((eb) => eb.or([eb('limitdate', '=', ''), eb('limitdate', '>=', today)]));
  },
  // Counted per deadline (counted-lists.ts): the open ones are those whose deadline is today or later.
  countedAs: (params, _caller, deps) => (params.expired === '1' ? {} : { openOn: todayIn(deps.env.SITE_TIMEZONE) }),
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
