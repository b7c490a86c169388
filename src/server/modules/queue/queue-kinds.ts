import { LISTING_QUEUE_KINDS } from '#server/modules/content/content.queue.ts';
import type { QueueKind } from './queue-kind.ts';

// The kinds of items that wait on the review queue, by target: the listings (market, housing,
// jobs). Another kind (held business reviews, members' events) is one more entry here.

export const QUEUE_KINDS: Record<string, QueueKind> = { ...LISTING_QUEUE_KINDS };
