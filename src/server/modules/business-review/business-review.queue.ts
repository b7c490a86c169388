import type { QueueAction } from '#shared/queue.ts';
import { Visibility } from '#shared/reports.ts';
import { listOf, SECTIONS } from '#shared/sections.ts';
import { itemPath } from '#shared/site.ts';
import type { Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import type { QueueKind, QueuedFacts } from '#server/modules/queue/queue-kind.ts';
import { reviewChanges } from '#server/modules/content/content.shows.ts';
import { decideWaiting, recountBusiness, reviewsWithBusiness } from './business-review.repository.ts';

// Held business reviews on the review queue (target `review`): approved, a review counts in its
// business's average; rejected, it stays hidden, for admins only.

const businessList = SECTIONS.find((s) => s.storage.table === 'business');

export const BUSINESS_REVIEW_QUEUE_KIND: QueueKind = {
  async facts(deps: Deps, ids: number[]) {
    const found = new Map<number, QueuedFacts>();
    for (const r of await reviewsWithBusiness(deps.db, ids)) {
      const page = itemPath(businessList ? listOf(businessList).path : '/business', r.business);
      // Approved, it counts: the business's page and list rows, and the lists by rating; rejected,
      // it leaves only its author's own page (their fill-in follows the reviews' table).
      found.set(r.id, {
        title: `${r.title} 후기`,
        link: `${page}#review-${r.id}`,
        user: r.user,
        changes: reviewChanges('business', r.business),
      });
    }
    return found;
  },
  async decide(_deps: Deps, db: Executor, id: number, action: QueueAction) {
    const business = await decideWaiting(db, id, action === 'approve' ? Visibility.shown : Visibility.hidden, Visibility.review);
    if (business !== undefined && action === 'approve') await recountBusiness(db, business);
  },
};
