import { z } from 'zod';
import { todayIn } from '#shared/format.ts';
import { EVENT_SERVER_FIELDS, EventSaveSchema } from '#shared/schemas/content.ts';
import { dateText } from '#shared/schemas/fields.ts';
import { SearchSection } from '#shared/enums.ts';
import { htmlToText, textOf } from '#shared/text.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { imagesColumn } from '#server/modules/content/images-column.ts';
import { Visibility } from '#shared/reports.ts';
import { isOrganizationEditor } from '#server/modules/organization/organization-editors.service.ts';
import { newEventVisibility } from './event.policy.ts';
import { checkOrganization, eventDetail } from './event.service.ts';
import { deleteRsvpsOf } from './event.repository.ts';
import { enqueue } from '#server/modules/queue/queue-entry.service.ts';

/** Community events (PRODUCT.md "Organizations and events"): members write, staff and the
 * editors of the event's organization publish at once and other members' events wait for an admin (event.policy.ts). Lists take ?upcoming=1
 * (not over yet, in the site's time zone) and ?from=&to= (calendar dates: the events with a day
 * in the range, a weekly series by its span), with category and organization. */
export const eventResource: ContentResource<'event'> = {
  table: 'event',
  schema: EventSaveSchema,
  serverFields: EVENT_SERVER_FIELDS,
  adminFields: [],
  richText: ['content'],
  search: 'event',
  searchGroup: { key: 'events', label: '행사', path: '/events', section: SearchSection.events },
  // Found by its title, its text and where it is held.
  searchText: (row) => ({
    title: textOf(row.title),
    body: [htmlToText(textOf(row.content)), textOf(row.place), textOf(row.address)].join(' '),
  }),
  list: {
    table: 'event',
    filters: ['organization', 'weekday', 'user'],
    textFilters: ['category'],
    keyword: ['title', 'content', 'place'],
    sorts: ['startdate', 'id', 'date'],
    defaultSort: 'startdate',
    thenBy: ['startdate', 'starttime'],
    sums: [],
  },
  listParams: { upcoming: z.enum(['0', '1']).optional(), from: dateText.optional(), to: dateText.optional() },
  narrowList(q, params, _caller, deps) {
    let query = q;
    // An event's last day: a weekly series' enddate (none: it goes on), a one-off's end or start.
    const lastDayAtLeast = (date: string) =>
      query.where((eb) =>
        eb.or([eb('enddate', '>=', date), eb.and([eb('enddate', '=', ''), eb.or([eb('weekday', '>', 0), eb('startdate', '>=', date)])])]),
      );
    if (params.upcoming === '1') query = lastDayAtLeast(todayIn(deps.env.SITE_TIMEZONE));
    if (params.from) query = lastDayAtLeast(params.from as string);
    if (params.to) query = query.where('startdate', '<=', params.to as string);
    return query;
  },
  ...imagesColumn,
  derive(_input, before, actor) {
    // A new event waits for an admin unless its author publishes at once; an edit keeps its state.
    return before ? {} : { hidden: newEventVisibility(actor) };
  },
  async check(deps, values, actor, before) {
    await checkOrganization(deps, values.organization as number);
    // An organization's editors publish its new events at once, as staff do.
    if (!before && values.hidden === Visibility.review && (await isOrganizationEditor(deps, values.organization as number, actor.id))) {
      return { hidden: Visibility.shown };
    }
    return undefined;
  },
  // The editors of an event's organization keep its events, beside their authors and admins.
  mayEdit: (deps, actor, row) => isOrganizationEditor(deps, row.organization as number, actor.id),
  async afterSave(deps, before, after) {
    // A new event held for an admin waits on the review queue (/admin/queue).
    if (!before && after.hidden === Visibility.review) {
      await enqueue(deps.db, { target: 'event', item: after.id, user: after.user, reason: 'event' });
    }
  },
  detail: eventDetail,
  removeWith: deleteRsvpsOf,
  initdata: () => ({
    id: 0,
    title: '',
    content: '',
    startdate: '',
    starttime: '',
    enddate: '',
    endtime: '',
    allday: 2,
    weekday: 0,
    place: '',
    address: '',
    organization: 0,
    category: '행사',
    capacity: 0,
    url: '',
    images: [],
    attendees: 0,
    name: '',
    user: 0,
    date: '',
  }),
  requireWrite() {},
};
