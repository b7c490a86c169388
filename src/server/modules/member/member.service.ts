import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { MemberProfileQuery } from '#shared/schemas/member.ts';
import { BOARD_SECTIONS, type Section, SECTIONS } from '#shared/sections.ts';
import { badgesOf, type MemberProfile, PROFILE_LISTINGS, PROFILE_REVIEWS, type ProfileItem } from '#shared/trust.ts';
import type { Caller, Deps } from '#server/context.ts';
import { listContent, tradeCloseOf } from '#server/modules/content/content.service.ts';
import { reviewSummary, tradeCount } from '#server/modules/review/review.service.ts';
import { findAccount } from '#server/modules/user/user.service.ts';

// A member's profile (PRODUCT.md "Members and trust"): what anyone may read of a member, their
// nickname, since when, their posts and listings and the reviews others left them; never their
// e-mail, name or phone.

export { MemberProfileQuerySchema } from '#shared/schemas/member.ts';

/** Sections whose items close as a trade hold listings; the other board sections posts. */
const LISTING_SECTIONS = SECTIONS.filter((s) => tradeCloseOf(s));
const POST_CODES = BOARD_SECTIONS.filter((s) => !tradeCloseOf(s)).map((s) => s.storage.topcategory);

const ITEM_COLUMNS = ['id', 'title', 'date'] as const;

/** A page of the member's posts in every post section, newest first; hidden ones stay out. */
async function postsOf(deps: Deps, caller: Caller, user: number, query: MemberProfileQuery) {
  const list = await listContent(deps, 'board', caller, { user, sections: POST_CODES, expired: '1', sort: '-id', ...query }, [
    ...ITEM_COLUMNS,
    'topcategory',
  ]);
  const items: ProfileItem[] = list.items.map((r) => {
    const row = r as Record<string, unknown>;
    const section = BOARD_SECTIONS.find((s) => s.storage.topcategory === row.topcategory);
    return { section: section?.key ?? '', id: row.id as number, title: row.title as string, date: row.date as string };
  });
  return { items, total: list.total, page: list.page, size: list.size };
}

/** The newest of one section's listings by the member, closed ones included, marked. */
async function listingsIn(deps: Deps, caller: Caller, section: Section, user: number) {
  const { table, topcategory } = section.storage;
  const close = tradeCloseOf(section);
  const scope = table === 'board' ? { topcategory } : {};
  const list = await listContent(deps, table, caller, { user, ...scope, expired: '1', sort: '-id', size: PROFILE_LISTINGS }, [
    ...ITEM_COLUMNS,
    'closed',
    ...(close ? [close.column] : []),
  ]);
  const items: ProfileItem[] = list.items.map((r) => {
    const row = r as Record<string, unknown>;
    const sold = close !== undefined && row[close.column] === close.value;
    return {
      section: section.key,
      id: row.id as number,
      title: row.title as string,
      date: row.date as string,
      closed: sold || row.closed === 1,
    };
  });
  return { items, total: list.total };
}

/** The member's newest listings across the listing sections (market, jobs ...), newest first. */
async function listingsOf(deps: Deps, caller: Caller, user: number) {
  const lists = await Promise.all(LISTING_SECTIONS.map((s) => listingsIn(deps, caller, s, user)));
  const items = lists
    .flatMap((l) => l.items)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, PROFILE_LISTINGS);
  return { items, total: lists.reduce((n, l) => n + l.total, 0) };
}

/** GET /api/member/{id}: a member who left (or never was) is 404. */
export async function getMemberProfile(
  deps: Deps,
  caller: Caller,
  id: number,
  query: MemberProfileQuery,
): Promise<{ item: MemberProfile }> {
  const account = await findAccount(deps, id);
  if (!account) throw new AppError(404, ErrorKey.notFound);
  const [posts, listings, reviews, trades] = await Promise.all([
    postsOf(deps, caller, id, query),
    listingsOf(deps, caller, id),
    reviewSummary(deps, id, PROFILE_REVIEWS),
    tradeCount(deps, id),
  ]);
  return {
    item: {
      id,
      nickname: account.nickname,
      joined: account.date,
      posts,
      listings,
      reviews,
      badges: badgesOf({ joined: account.date, trades, emailVerified: account.emailverified !== '' }, new Date()),
    },
  };
}
