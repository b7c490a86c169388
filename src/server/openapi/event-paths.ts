import { integer, okWith, pathParameter, text } from './json-schema.ts';
import type { Obj } from './json-schema.ts';
import { op } from './operation.ts';

/** An event's RSVPs (modules/event), beside its call set at /api/event. */
export function eventPaths(): Record<string, Obj> {
  const id = pathParameter('id', { type: 'integer', minimum: 1 });
  return {
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
