import { REVIEW_RATINGS, type ReviewShown } from '#shared/trust.ts';
import type { Deps } from '#server/context.ts';
import { countReviewsByRating, countTradesOf, latestReviewsOf } from './review.repository.ts';

// 거래후기 (PRODUCT.md "Members and trust"): after a sale closed with a buyer, each of the two
// may review the other once.

/** Tag codes as stored (comma-separated) and as answered. */
const tagsOf = (stored: string): number[] => (stored ? stored.split(',').map(Number) : []);

/** What a profile shows of the reviews a member received: how many by rating, the newest ones. */
export async function reviewSummary(deps: Deps, member: number, latest: number) {
  const [counts, rows] = await Promise.all([countReviewsByRating(deps.db, member), latestReviewsOf(deps.db, member, latest)]);
  const byRating: Record<number, number> = Object.fromEntries(REVIEW_RATINGS.map((r) => [r, 0]));
  for (const { rating, n } of counts) byRating[rating] = n;
  const shown: ReviewShown[] = rows.map((r) => ({ rating: r.rating, tags: tagsOf(r.tags), content: r.content, date: r.date }));
  return { counts: byRating, latest: shown };
}

/** How many trades a member closed or bought in (the profile's 거래 N회). */
export function tradeCount(deps: Deps, member: number): Promise<number> {
  return countTradesOf(deps.db, member);
}
