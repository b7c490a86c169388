import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import { shown } from '#server/db/visibility.ts';

// The SQL of events' own parts: who comes (event_rsvp) and the count kept beside the event
// (`attendees`), and the reminders' work list. The event rows themselves are the content
// resource's (modules/content).

export function findEvent(db: Executor, id: number) {
  return db.selectFrom('event').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the review queue names these events by (hidden or not). */
export function findEvents(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('event').select(['id', 'title', 'user']).where('id', 'in', ids).execute();
}

export async function isAttending(db: Executor, event: number, user: number): Promise<boolean> {
  const row = await db.selectFrom('event_rsvp').select('user').where('event', '=', event).where('user', '=', user).executeTakeFirst();
  return row !== undefined;
}

/** Adds the member's RSVP; false when they already had one (a concurrent toggle of theirs). */
export async function addRsvp(db: Executor, event: number, user: number, date: string): Promise<boolean> {
  const row = await db
    .insertInto('event_rsvp')
    .values({ event, user, date })
    .onConflict((oc) => oc.columns(['event', 'user']).doNothing())
    .returning('user')
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeRsvp(db: Executor, event: number, user: number): Promise<boolean> {
  const result = await db.deleteFrom('event_rsvp').where('event', '=', event).where('user', '=', user).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One more comes, if a seat is left: one conditional update, so concurrent RSVPs (each waiting
 * on the row's lock on PostgreSQL, serialized on SQLite) never pass the capacity. */
export async function takeSeat(db: Executor, event: number): Promise<boolean> {
  const result = await db
    .updateTable('event')
    .set({ attendees: sql`attendees + 1` })
    .where('id', '=', event)
    .where((eb) => eb.or([eb('capacity', '=', 0), eb('attendees', '<', eb.ref('capacity'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function freeSeat(db: Executor, event: number): Promise<void> {
  await db.updateTable('event').set({ attendees: sql`attendees - 1` }).where('id', '=', event).execute();
}

export async function attendeeCount(db: Executor, event: number): Promise<number> {
  const row = await db.selectFrom('event').select('attendees').where('id', '=', event).executeTakeFirst();
  return row?.attendees ?? 0;
}

/** Who comes, in the order they said so: for the event's organizer. */
export function listAttendees(db: Executor, event: number) {
  return db
    .selectFrom('event_rsvp')
    .innerJoin('users', 'users.id', 'event_rsvp.user')
    .select(['users.id as user', 'users.nickname', 'event_rsvp.date'])
    .where('event_rsvp.event', '=', event)
    .orderBy('event_rsvp.date')
    .orderBy('users.id')
    .execute();
}

/** The RSVPs of shown events that happen on `date` (a one-off's first day, a weekly event's day
 * of the week inside its series) and whose members were not yet reminded of that day. */
export function findRsvpsToRemind(db: Executor, date: string, weekday: number, limit: number) {
  return db
    .selectFrom('event_rsvp')
    .innerJoin('event', 'event.id', 'event_rsvp.event')
    .select(['event.id', 'event.title', 'event.starttime', 'event_rsvp.user'])
    .where(shown('event'))
    .where('event_rsvp.reminded', '<>', date)
    .where('event.startdate', '<=', date)
    .where((eb) =>
      eb.or([
        eb.and([eb('event.weekday', '=', 0), eb('event.startdate', '=', date)]),
        eb.and([eb('event.weekday', '=', weekday), eb.or([eb('event.enddate', '=', ''), eb('event.enddate', '>=', date)])]),
      ]),
    )
    .orderBy('event.id')
    .orderBy('event_rsvp.user')
    .limit(limit)
    .execute();
}

/** Marks the member reminded of the occurrence on `date`; false when another server did first. */
export async function claimReminder(db: Executor, event: number, user: number, date: string): Promise<boolean> {
  const result = await db
    .updateTable('event_rsvp')
    .set({ reminded: date })
    .where('event', '=', event)
    .where('user', '=', user)
    .where('reminded', '<>', date)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An event's RSVPs go with it. */
export async function deleteRsvpsOf(db: Executor, events: number[]): Promise<void> {
  if (events.length) await db.deleteFrom('event_rsvp').where('event', 'in', events).execute();
}

/** An organization's shown events whose last day is `today` or later (a weekly series without an
 * end goes on), soonest start first. */
export function listOrganizationEventRows(db: Executor, organization: number, today: string, limit: number) {
  return db
    .selectFrom('event')
    .select(['id', 'title', 'startdate', 'starttime', 'enddate', 'endtime', 'allday', 'weekday', 'place', 'category'])
    .where('organization', '=', organization)
    .where(shown())
    .where((eb) =>
      eb.or([eb('enddate', '>=', today), eb.and([eb('enddate', '=', ''), eb.or([eb('weekday', '>', 0), eb('startdate', '>=', today)])])]),
    )
    .orderBy('startdate')
    .orderBy('id')
    .limit(limit)
    .execute();
}
