import type { QueueReason } from '#shared/queue.ts';
import type { FoundWarning } from '#shared/scam-warnings.ts';
import type { Executor } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { deleteQueued, insertQueued } from './queue.repository.ts';

// How an item enters the review queue and leaves it with its item, for the modules whose items
// wait (content's listings; later business reviews and members' events). The admin's side is
// queue.service.ts, which reads the waiting kinds' declarations (queue-kinds.ts).

export interface Waiting {
  target: string;
  item: number;
  user: number;
  reason: QueueReason;
  warnings?: FoundWarning[];
  duplicate?: { target: string; item: number };
}

/** Puts an item on the queue, in the transaction that hid it. */
export async function enqueue(db: Executor, w: Waiting): Promise<void> {
  await insertQueued(db, {
    target: w.target,
    item: w.item,
    user: w.user,
    reason: w.reason,
    warnings: JSON.stringify(w.warnings ?? []),
    duplicate_target: w.duplicate?.target ?? '',
    duplicate_item: w.duplicate?.item ?? 0,
    date: nowIso(),
  });
}

/** Deleted items leave the queue with them. */
export function forgetQueued(db: Executor, target: string, items: number[]): Promise<void> {
  return deleteQueued(db, target, items);
}
