import { BUSINESS_REVIEW_QUEUE_KIND } from '#server/modules/business-review/business-review.queue.ts';
import { LISTING_QUEUE_KINDS } from '#server/modules/content/content.queue.ts';
import type { QueueKind } from './queue-kind.ts';

// The kinds of items that wait on the review queue, by target: the listings (market, housing,
// jobs) and held business reviews. Another kind (members' events) is one more entry here.

export const QUEUE_KINDS: Record<string, QueueKind> = { ...LISTING_QUEUE_KINDS, review: BUSINESS_REVIEW_QUEUE_KIND };
