import type { QueueAction } from '#shared/queue.ts';
import { Visibility } from '#shared/reports.ts';
import type { Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import { setVisibility } from '#server/modules/content/content.service.ts';
import type { QueueKind, QueuedFacts } from '#server/modules/queue/queue-kind.ts';
import { findEvents } from './event.repository.ts';

// Members' events on the review queue (target `event`): approved, an event is shown in the lists
// and the calendar; rejected, it stays hidden, for admins only.

export const EVENT_QUEUE_KIND: QueueKind = {
  async facts(deps: Deps, ids: number[]) {
    const found = new Map<number, QueuedFacts>();
    for (const e of await findEvents(deps.db, ids)) found.set(e.id, { title: e.title, link: `/events/${e.id}`, user: e.user });
    return found;
  },
  async decide(deps: Deps, db: Executor, id: number, action: QueueAction) {
    await setVisibility(deps, db, 'event', [id], action === 'approve' ? Visibility.shown : Visibility.hidden, [Visibility.review]);
  },
};
