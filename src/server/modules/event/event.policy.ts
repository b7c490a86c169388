import { isStaffLevel } from '#shared/enums.ts';
import { Visibility } from '#shared/reports.ts';
import type { Actor } from '#server/context.ts';
import { isAdmin } from '#server/modules/auth/actor.policy.ts';

// Who publishes an event at once (PRODUCT.md): staff; other members' events wait for an admin,
// held as reports hold an item (`hidden` = review: its author sees it marked 검토 중, everyone
// else gets a 404) until an admin shows it.

/** The `hidden` state a new event by `actor` starts in. */
export function newEventVisibility(actor: Actor): Visibility {
  return isStaffLevel(actor.level) ? Visibility.shown : Visibility.review;
}

/** Who sees who comes: the event's author and admins. */
export function maySeeAttendees(actor: Actor | undefined, event: { user: number }): boolean {
  return actor !== undefined && (actor.id === event.user || isAdmin(actor));
}
