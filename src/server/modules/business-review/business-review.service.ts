import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { Visibility } from '#shared/reports.ts';
import type { BusinessReviewSaveInput, ReviewReplyInput } from '#shared/schemas/business-review.ts';
import { BusinessReviewMessages, type BusinessReviewShown, REVIEW_BURST, REVIEW_NEW_ACCOUNT_DAYS } from '#shared/trust.ts';
import type { QueueReason } from '#shared/queue.ts';
import type { Caller, Deps } from '#server/context.ts';
import { nowIso } from '#server/lib/clock.ts';
import type { Executor } from '#server/db/database.ts';
import { auditRemoval, type RemovalDecision } from '#server/modules/audit/audit.service.ts';
import { requireActor, requireAdmin } from '#server/modules/auth/actor.policy.ts';
import { getContent } from '#server/modules/content/content.service.ts';
import { reviewChanges } from '#server/modules/content/content.shows.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { enqueue } from '#server/modules/queue/queue-entry.service.ts';
import {
  countReviewsSince,
  deleteReviews,
  findBusinessReview,
  findOwnReview,
  insertBusinessReview,
  listReviewsOf,
  moveReviews,
  recountBusiness,
  setReply,
} from './business-review.repository.ts';

// Business reviews (PRODUCT.md "Members and trust"): a rating of 1 to 5 and a text, one per
// member and business, never on one's own listing; the owner answers each once. A review from an
// account under 7 days old, or one that follows 5 others of the business within a day, waits on
// the review queue (business-review.queue.ts) before it counts. The business row keeps the
// average and count of the counted ones, so its lists sort by rating without reading reviews.

export { BusinessReviewSaveSchema, ReviewReplySchema } from '#shared/schemas/business-review.ts';

const DAY_MS = 86_400_000;

/** Why a new review must wait, if it must: a young account, or a burst on the business. */
async function waitReason(deps: Deps, joined: string | undefined, business: number, now: number): Promise<QueueReason | undefined> {
  if (joined && Date.parse(joined) > now - REVIEW_NEW_ACCOUNT_DAYS * DAY_MS) return 'newmember';
  const lastDay = await countReviewsSince(deps.db, business, new Date(now - DAY_MS).toISOString());
  return lastDay >= REVIEW_BURST ? 'burst' : undefined;
}

/** The business as the caller may read it (a 404 otherwise), with its author. */
async function businessOf(deps: Deps, caller: Caller, id: number): Promise<{ id: number; user: number }> {
  return (await getContent(deps, 'business', caller, id)) as { id: number; user: number };
}

/** POST /api/business/{id}/review. */
export async function addBusinessReview(deps: Deps, caller: Caller, business: number, input: BusinessReviewSaveInput) {
  const actor = requireActor(caller.actor);
  const item = await businessOf(deps, caller, business);
  if (item.user === actor.id) throw new AppError(403, ErrorKey.forbidden, { detail: BusinessReviewMessages.ownListing });
  const now = Date.now();
  const reason = await waitReason(deps, actor.joined, business, now);
  // It changes the business's page (its reviews, average and count), its list rows and the lists
  // ordered by rating, and no other page.
  const id = await writesShowOnly(reviewChanges('business', business), () =>
    deps.db.transaction().execute(async (trx) => {
      const hidden = reason ? Visibility.review : Visibility.shown;
      const date = new Date(now).toISOString();
      const added = await insertBusinessReview(trx, {
        business,
        user: actor.id,
        rating: input.rating,
        content: input.content,
        hidden,
        date,
      });
      if (added === undefined) throw new AppError(400, ErrorKey.already, { detail: BusinessReviewMessages.alreadyReviewed });
      if (reason) await enqueue(trx, { target: 'review', item: added, user: actor.id, reason });
      else await recountBusiness(trx, business);
      return added;
    }),
  );
  return reason ? { id, held: true as const } : { id };
}

/** GET /api/business/{id}/review: the counted reviews, newest first, and the caller's own marked
 * `held` while it waits (검토 중). */
export async function listBusinessReviews(deps: Deps, caller: Caller, business: number): Promise<{ items: BusinessReviewShown[] }> {
  await businessOf(deps, caller, business);
  const rows = await listReviewsOf(deps.db, business, caller.actor?.id ?? 0);
  // A rejected review stays hidden, from its author too.
  return { items: rows.filter((r) => r.hidden !== Visibility.hidden).map(shownReview) };
}

/** A review as its readers get it: one that waits is marked `held` (검토 중). */
function shownReview(r: Awaited<ReturnType<typeof listReviewsOf>>[number]): BusinessReviewShown {
  return {
    id: r.id,
    user: r.user,
    nickname: r.nickname ?? '',
    rating: r.rating,
    content: r.content,
    reply: r.reply,
    replydate: r.replydate,
    date: r.date,
    ...(r.hidden === Visibility.review ? { held: true as const } : {}),
  };
}

/** The member's own review of the business, whatever its state (a member's page fill-in: it hides
 * their review form, and one that waits is shown to them alone). */
export async function ownReview(deps: Deps, member: number, business: number): Promise<BusinessReviewShown | undefined> {
  const row = await findOwnReview(deps.db, business, member);
  return row && shownReview(row);
}

/** PUT /api/review/{id}/reply: the business's author answers a counted review, once. */
export async function replyToReview(deps: Deps, caller: Caller, id: number, input: ReviewReplyInput): Promise<{ id: number }> {
  const actor = requireActor(caller.actor);
  const review = await findBusinessReview(deps.db, id);
  if (!review || review.hidden !== Visibility.shown) throw new AppError(404, ErrorKey.notFound);
  const item = await businessOf(deps, caller, review.business);
  if (item.user !== actor.id) throw new AppError(403, ErrorKey.forbidden, { detail: BusinessReviewMessages.notOwner });
  const answered = await writesShowOnly(reviewChanges('business', review.business), () => setReply(deps.db, id, input.content, nowIso()));
  if (!answered) throw new AppError(400, ErrorKey.already, { detail: BusinessReviewMessages.alreadyReplied });
  return { id };
}

/** Reports hold reviews, or an admin restores them (report.service.ts): those moved from one of
 * `from` to `to`; their businesses' averages and counts follow, as only shown reviews count. */
export async function setReviewVisibility(db: Executor, ids: number[], to: Visibility, from: readonly Visibility[]): Promise<number[]> {
  const moved: { id: number; business: number }[] = [];
  for (const state of from) if (state !== to) moved.push(...(await moveReviews(db, ids, state, to)));
  for (const business of new Set(moved.map((r) => r.business))) await recountBusiness(db, business);
  return moved.map((r) => r.id);
}

/** An admin deletes reviews (a report's decision): gone, their businesses recounted, audited. */
export async function removeBusinessReviews(deps: Deps, caller: Caller, ids: number[], decision?: RemovalDecision): Promise<void> {
  const actor = requireAdmin(caller.actor);
  await deps.db.transaction().execute(async (trx) => {
    const gone = await deleteReviews(trx, ids);
    for (const business of new Set(gone.map((r) => r.business))) await recountBusiness(trx, business);
    for (const r of gone)
      await auditRemoval(trx, actor.id, 'review', r, { business: r.business, rating: r.rating, content: r.content }, decision);
  });
}
