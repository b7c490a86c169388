import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { ReviewSaveInput, SoldInput } from '#shared/schemas/review.ts';
import { tradePath } from '#shared/site.ts';
import { REVIEW_RATINGS, type ReviewShown, TrustMessages } from '#shared/trust.ts';
import type { Caller, Deps } from '#server/context.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { nowIso } from '#server/lib/clock.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { closeSale, getContent, SALE_KINDS } from '#server/modules/content/content.service.ts';
import type { ContentName } from '#server/modules/content/content.types.ts';
import { membersTalkedAbout } from '#server/modules/message/message.service.ts';
import { deliver, notify } from '#server/modules/notification/notification.service.ts';
import { authorName } from '#server/modules/user/member-contact.service.ts';
import {
  countReviewsByRating,
  countTradesOf,
  findTrade,
  insertReview,
  insertTrade,
  latestReviewsOf,
  reviewersOf,
} from './review.repository.ts';

// 거래완료 with a buyer and 거래후기 (PRODUCT.md "Members and trust"): the seller closes a sale
// naming a member who talked with them about the item; then each of the two may review the
// other once. Nobody else reviews that trade.

export { ReviewSaveSchema, SoldSchema } from '#shared/schemas/review.ts';

/** Tag codes as stored (comma-separated) and as answered. */
const tagsOf = (stored: string): number[] => (stored ? stored.split(',').map(Number) : []);

const isSaleKind = (name: string): name is ContentName => (SALE_KINDS as readonly string[]).includes(name);

/** The seller's item of a sale kind, as anyone may read it; 403 to anyone but its author. */
async function requireSeller(deps: Deps, caller: Caller, name: ContentName, id: number) {
  const actor = requireActor(caller.actor);
  const item = (await getContent(deps, name, caller, id)) as { user: number; title: string };
  if (item.user !== actor.id) throw new AppError(403, ErrorKey.forbidden);
  return { actor, item };
}

/** GET /api/<kind>/{id}/buyers: the members who talked with the seller about it, for them to
 * choose the buyer from; its seller only. */
export async function listBuyers(deps: Deps, caller: Caller, name: ContentName, id: number) {
  const { actor } = await requireSeller(deps, caller, name, id);
  return { items: await membersTalkedAbout(deps, actor.id, name, id) };
}

/** PUT /api/<kind>/{id}/sold: 거래완료 by the seller, with the buyer if they name one (a member
 * who talked with them about it). A sale's buyer is named once. */
export async function markSold(deps: Deps, caller: Caller, name: ContentName, id: number, input: SoldInput) {
  const { actor, item } = await requireSeller(deps, caller, name, id);
  if (input.buyer !== undefined) {
    const partners = await membersTalkedAbout(deps, actor.id, name, id);
    if (!partners.some((p) => p.id === input.buyer))
      throw new AppError(400, ErrorKey.invalid, { field: 'buyer', detail: TrustMessages.notBuyer });
  }
  const notices = await deps.db.transaction().execute(async (trx) => {
    const before = await closeSale(deps, trx, name, id);
    if (!before) throw new AppError(404, ErrorKey.notFound);
    if (input.buyer === undefined) return [];
    const named = await insertTrade(trx, { target: name, item: id, seller: actor.id, buyer: input.buyer, date: nowIso() });
    if (!named) throw new AppError(400, ErrorKey.already, { field: 'buyer', detail: TrustMessages.alreadySold });
    // The buyer is invited to review the seller, on the trade page.
    const event = { actor: actor.id, target: name, item: id, title: item.title, link: tradePath(name, id) };
    return notify(trx, event, [{ user: input.buyer, kind: 'trade' }]);
  });
  deliver(deps, notices);
  return { id, buyer: input.buyer ?? 0 };
}

/** POST /api/review: a party of a sale reviews the other, once. */
export async function addReview(deps: Deps, caller: Caller, input: ReviewSaveInput): Promise<{ id: number }> {
  const actor = requireActor(caller.actor);
  const trade = isSaleKind(input.target) ? await findTrade(deps.db, input.target, input.item) : undefined;
  if (!trade || (trade.seller !== actor.id && trade.buyer !== actor.id))
    throw new AppError(403, ErrorKey.forbidden, { detail: TrustMessages.notParty });
  const member = trade.seller === actor.id ? trade.buyer : trade.seller;
  // No stored page shows a review: profiles are drawn for each request.
  const id = await writesShowOnly([], () =>
    insertReview(deps.db, {
      target: trade.target,
      item: trade.item,
      user: actor.id,
      member,
      rating: input.rating,
      tags: input.tags.join(','),
      content: input.content,
      date: nowIso(),
    }),
  );
  if (id === undefined) throw new AppError(400, ErrorKey.already, { detail: TrustMessages.alreadyReviewed });
  return { id };
}

/** A sale's state as its item page shows it to the caller: its buyer, and whether the caller is a
 * party who may still review the other. */
export async function saleState(deps: Deps, caller: Caller, name: string, item: number) {
  const trade = isSaleKind(name) ? await findTrade(deps.db, name, item) : undefined;
  if (!trade) return { buyer: 0, mayReview: false };
  const me = caller.actor?.id ?? 0;
  const party = me === trade.seller || me === trade.buyer;
  const reviewed = party && (await reviewersOf(deps.db, name, item)).includes(me);
  return { buyer: trade.buyer, mayReview: party && !reviewed };
}

/** The trade page of an item (web/routes/trade.tsx) as its caller sees it: the item, whether
 * they sell it, the members they may name as its buyer (until one is named), the other party of
 * its trade and whether the caller may still review them. Only the two parties and the seller
 * read it: anyone else is a 403. */
export async function tradeFor(deps: Deps, caller: Caller, name: string, id: number) {
  const actor = requireActor(caller.actor);
  if (!isSaleKind(name)) throw new AppError(404, ErrorKey.notFound);
  const item = (await getContent(deps, name, caller, id)) as { id: number; user: number; title: string; topcategory?: number };
  const trade = await findTrade(deps.db, name, id);
  const seller = item.user === actor.id;
  if (!seller && trade?.buyer !== actor.id) throw new AppError(403, ErrorKey.forbidden, { detail: TrustMessages.notParty });
  const other = trade ? (seller ? trade.buyer : trade.seller) : 0;
  const [buyers, otherName, state] = await Promise.all([
    seller && !trade ? membersTalkedAbout(deps, actor.id, name, id) : [],
    other ? authorName(deps.db, other) : '',
    saleState(deps, caller, name, id),
  ]);
  return {
    item: { id: item.id, title: item.title, topcategory: item.topcategory },
    seller,
    buyers,
    other: other ? { id: other, nickname: otherName } : null,
    mayReview: state.mayReview,
  };
}

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
