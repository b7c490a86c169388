import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { addDays, isoWeekday, localNow, nextOccurrence } from '#shared/events.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import { nowIso } from '#server/lib/clock.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { findOrganization } from '#server/modules/board/board.service.ts';
import { deliver, notify } from '#server/modules/notification/notification.service.ts';
import { maySee } from '#server/modules/report/visibility.policy.ts';
import { maySeeAttendees } from './event.policy.ts';
import {
  addRsvp,
  attendeeCount,
  claimReminder,
  findEvent,
  findRsvpsToRemind,
  freeSeat,
  isAttending,
  listAttendees,
  listOrganizationEventRows,
  removeRsvp,
  takeSeat,
} from './event.repository.ts';

// Events' own rules beside the generic call set (PRODUCT.md "Organizations and events"): the
// next occurrence in the site's time zone, RSVPs within the capacity, and the reminder the day
// before.

type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/** The event as its reader may see it (a held event is its author's and the admins'), or 404. */
async function readableEvent(deps: Deps, actor: Actor | undefined, id: number): Promise<EventRow> {
  const row = await findEvent(deps.db, id);
  if (!row || !maySee(actor, row)) throw new AppError(404, ErrorKey.notFound);
  return row;
}

/** The date an event next happens on in the site's time zone ('' once it is over). */
export function nextEventDate(deps: Deps, row: Parameters<typeof nextOccurrence>[0], at = new Date()): string {
  return nextOccurrence(row, localNow(deps.env.SITE_TIMEZONE, at));
}

/** GET /api/event/{id}'s additions: whether the reader comes, and the next occurrence. */
export async function eventDetail(deps: Deps, actor: Actor | undefined, row: Record<string, unknown>) {
  const event = row as unknown as EventRow;
  return {
    attending: actor ? await isAttending(deps.db, event.id, actor.id) : false,
    next: nextEventDate(deps, event),
  };
}

/** How many upcoming events an organization's page lists. */
const ORGANIZATION_EVENTS = 20;

/** An organization's upcoming events (its page), each with its next occurrence, soonest first. */
export async function organizationEvents(deps: Deps, organization: number, at = new Date()) {
  const now = localNow(deps.env.SITE_TIMEZONE, at);
  const rows = await listOrganizationEventRows(deps.db, organization, now.date, ORGANIZATION_EVENTS);
  const items = rows.map((e) => ({ ...e, next: nextOccurrence(e, now) })).filter((e) => e.next);
  return items.sort((a, b) => (a.next + a.starttime < b.next + b.starttime ? -1 : 1));
}

/** A save's organization is a shown post of 한인단체 (or none). */
export async function checkOrganization(deps: Deps, organization: number): Promise<void> {
  if (organization && !(await findOrganization(deps, organization))) {
    throw new AppError(400, ErrorKey.invalid, { field: 'organization', detail: '등록된 한인단체가 아닙니다' });
  }
}

/** POST /api/event/{id}/rsvp: 참석 or its undoing; a full event takes no one more (400 `full`),
 * an event that is over no one at all. */
export async function toggleRsvp(deps: Deps, caller: Caller, id: number): Promise<{ attending: boolean; count: number }> {
  const actor = requireActor(caller.actor);
  const event = await readableEvent(deps, actor, id);
  return deps.db.transaction().execute(async (trx) => {
    if (await removeRsvp(trx, id, actor.id)) {
      await freeSeat(trx, id);
      return { attending: false, count: await attendeeCount(trx, id) };
    }
    if (!nextEventDate(deps, event)) throw new AppError(400, ErrorKey.invalid, { detail: '이미 끝난 행사입니다' });
    if (!(await addRsvp(trx, id, actor.id, nowIso()))) return { attending: true, count: await attendeeCount(trx, id) };
    if (!(await takeSeat(trx, id))) throw new AppError(400, ErrorKey.full, { detail: '참석 인원이 마감되었습니다' });
    return { attending: true, count: await attendeeCount(trx, id) };
  });
}

/** GET /api/event/{id}/rsvp: who comes, for the event's author and admins. */
export async function listEventAttendees(deps: Deps, caller: Caller, id: number) {
  const actor = requireActor(caller.actor);
  const event = await readableEvent(deps, actor, id);
  if (!maySeeAttendees(actor, event)) throw new AppError(403, ErrorKey.forbidden);
  const items = await listAttendees(deps.db, id);
  return { items, total: items.length };
}

/** When the reminders go: 09:00 the day before, in the site's time zone. */
export const REMINDER_TIME = '09:00';
const REMIND_BATCH = 500;

/** The reminders' round (main.ts, every minute on one server of several): from 09:00 on, those
 * who come to an event happening tomorrow are told, once per occurrence (a claimed mark on their
 * RSVP), by notification and, if they chose it, by mail. Answers how many were told. */
export async function remindAttendees(deps: Deps, at = new Date()): Promise<number> {
  const now = localNow(deps.env.SITE_TIMEZONE, at);
  if (now.time < REMINDER_TIME) return 0;
  const tomorrow = addDays(now.date, 1);
  let told = 0;
  for (;;) {
    const due = await findRsvpsToRemind(deps.db, tomorrow, isoWeekday(tomorrow), REMIND_BATCH);
    for (const rsvp of due) {
      const notices = await deps.db.transaction().execute(async (trx) => {
        if (!(await claimReminder(trx, rsvp.id, rsvp.user, tomorrow))) return [];
        return notify(trx, { actor: 0, target: 'event', item: rsvp.id, title: rsvp.title, link: `/events/${rsvp.id}` }, [
          { user: rsvp.user, kind: 'event' },
        ]);
      });
      told += notices.length;
      deliver(deps, notices);
    }
    if (due.length < REMIND_BATCH) return told;
  }
}
