import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { MAINSCHEDULE_SERVER_FIELDS, MainscheduleSaveSchema } from '#shared/schemas/content.ts';
import { isAdmin } from '#server/modules/auth/actor.policy.ts';
import { todayIn } from '#shared/format.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';

/** The index page's schedule (PRODUCT.md): admins write; everyone reads the items in use.
 * ?upcoming=1 keeps weekly items and those not yet over. */
export const mainscheduleResource: ContentResource<'mainschedule'> = {
  table: 'mainschedule',
  schema: MainscheduleSaveSchema,
  serverFields: MAINSCHEDULE_SERVER_FIELDS,
  adminFields: [],
  richText: ['content'],
  list: {
    table: 'mainschedule',
    filters: ['status', 'weekday'],
    textFilters: ['category'],
    keyword: ['title', 'content', 'location'],
    sorts: ['sortorder', 'startdate', 'enddate', 'id', 'date'],
    defaultSort: 'sortorder',
    // The index lists by date (sort=startdate): a day's events by time, then as the admins put them.
    thenBy: ['startdate', 'starttime', 'sortorder'],
    sums: [],
  },
  listParams: { upcoming: z.enum(['0', '1']).optional() },
  narrowList(q, params, caller, deps) {
    let query = isAdmin(caller.actor) ? q : q.where('status', '=', 1);
    if (params.upcoming === '1') {
      const today = todayIn(deps.env.SITE_TIMEZONE);
      query = query.where((eb) =>
        eb.or([eb('weekday', '>', 0), eb('enddate', '>=', today), eb.and([eb('enddate', '=', ''), eb('startdate', '>=', today)])]),
      );
    }
    return query;
  },
  canRead: (actor, row) => row.status === 1 || isAdmin(actor),
  initdata: () => ({
    id: 0,
    title: '',
    content: '',
    startdate: '',
    enddate: '',
    starttime: '',
    endtime: '',
    location: '',
    url: '',
    category: '',
    weekday: 0,
    status: 1,
    sortorder: 0,
    name: '',
    user: 0,
    date: '',
  }),
  requireWrite(actor) {
    if (!isAdmin(actor)) throw new AppError(403, ErrorKey.forbidden);
  },
};
