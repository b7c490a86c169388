import { OrganizationEditorsSchema } from '#shared/schemas/organization.ts';
import { integer, okWith, pathParameter, text, toSchema } from './json-schema.ts';
import type { Obj } from './json-schema.ts';
import { op } from './operation.ts';

/** An event's RSVPs (modules/event), beside its call set at /api/event, and the editors of the
 * organizations events are held by (modules/organization). */
export function eventPaths(): Record<string, Obj> {
  const id = pathParameter('id', { type: 'integer', minimum: 1 });
  const editors = okWith({
    items: { type: 'array', items: { type: 'object', properties: { user: integer, nickname: text, date: text } } },
    total: integer,
  });
  return {
    '/api/admin/organization/{id}/editors': {
      get: op({
        tag: 'admin',
        id: 'organizationEditors',
        summary: 'The members who keep an organization’s page',
        description: 'Admins only. `id` is a shown 한인단체 post (others: 404).',
        session: true,
        parameters: [id],
        answer: editors,
        errors: [403, 404],
      }),
      put: op({
        tag: 'admin',
        id: 'organizationEditorsSet',
        summary: 'Name an organization’s editors',
        description:
          'Admins only; audited. `{users: [ids]}` replaces the list (at most 20; `[]` names none). Editors edit that organization’s page and publish its events at once.',
        session: true,
        parameters: [id],
        body: toSchema(OrganizationEditorsSchema),
        answer: editors,
        errors: [400, 403, 404],
      }),
    },
    '/api/event/{id}/rsvp': {
      post: op({
        tag: 'event',
        id: 'eventRsvp',
        summary: '참석: say I come, or take it back',
        description:
          'Toggles the member’s RSVP and answers whether they come and how many do. At capacity: 400 `full`; an event that is over: 400 `invalid`. A held event answers 404 to all but its author and admins.',
        session: true,
        parameters: [id],
        answer: okWith({ attending: { type: 'boolean' }, count: integer }),
        errors: [400, 404],
      }),
      get: op({
        tag: 'event',
        id: 'eventAttendees',
        summary: 'Who comes, in the order they said so',
        description: 'For the event’s author and admins (others: 403).',
        session: true,
        parameters: [id],
        answer: okWith({
          items: { type: 'array', items: { type: 'object', properties: { user: integer, nickname: text, date: text } } },
          total: integer,
        }),
        errors: [403, 404],
      }),
    },
  };
}
