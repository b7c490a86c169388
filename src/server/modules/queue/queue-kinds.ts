import { BUSINESS_REVIEW_QUEUE_KIND } from '#server/modules/business-review/business-review.queue.ts';
import { LISTING_QUEUE_KINDS } from '#server/modules/content/content.queue.ts';
import { EVENT_QUEUE_KIND } from '#server/modules/event/event.queue.ts';
import type { Deps } from '#server/context.ts';
import type { QueueKind, QueuedFacts } from './queue-kind.ts';

// The kinds of items that wait on the review queue, by target: the listings (market, housing,
// jobs), held business reviews and members' events.

export const QUEUE_KINDS: Record<string, QueueKind> = {
  ...LISTING_QUEUE_KINDS,
  review: BUSINESS_REVIEW_QUEUE_KIND,
  event: EVENT_QUEUE_KIND,
};

/** What each kind says of these items (title, link, author), by `target:item`; an item that is
 * gone, or of no kind here, is left out. */
export async function factsOfItems(deps: Deps, items: readonly { target: string; item: number }[]): Promise<Map<string, QueuedFacts>> {
  const found = new Map<string, QueuedFacts>();
  for (const target of new Set(items.map((i) => i.target))) {
    const ids = [...new Set(items.filter((i) => i.target === target).map((i) => i.item))];
    for (const [id, facts] of (await QUEUE_KINDS[target]?.facts(deps, ids)) ?? []) found.set(`${target}:${id}`, facts);
  }
  return found;
}
