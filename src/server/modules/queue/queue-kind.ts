import type { QueueAction } from '#shared/queue.ts';
import type { Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';

// What a kind of waiting item declares for the review queue (queue-kinds.ts lists them): how the
// admin's list names and links it, and what approving or rejecting does to it. The queue itself
// names no kind.

export interface QueuedFacts {
  title: string;
  link: string;
  /** Its author, who is told of the decision. */
  user: number;
  /** What deciding it changes, as write-tracker.ts's keys (its item's page and list rows): stored
   * pages that show none of them stay. Without it a decision renews every stored page. */
  changes?: string[];
}

export interface QueueKind {
  /** The waiting items' facts by id; an item that is gone is left out. */
  facts(deps: Deps, ids: number[]): Promise<Map<number, QueuedFacts>>;
  /** Approve: shown to everyone. Reject: kept hidden, not deleted. In the decision's transaction. */
  decide(deps: Deps, db: Executor, id: number, action: QueueAction): Promise<void>;
}
