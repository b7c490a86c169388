import type { Actor, Deps } from '#server/context.ts';
import type { StoredPage } from './page-cache.ts';
import { itemKey } from '#server/cache/shows.ts';
import { readsOfMember } from '#server/db/table-reads.ts';
import { ME_HEADER, type Me } from '#shared/api.ts';
import { likeStatus } from '#server/modules/like/like.service.ts';
import { reportedItems } from '#server/modules/report/report.service.ts';
import { unreadCount } from '#server/modules/notification/notification.service.ts';
import { unreadMessageCount } from '#server/modules/message/message.service.ts';
import { findSessionUser } from '#server/modules/user/user.service.ts';
import { membersOnlyFields } from '#server/modules/content/content.service.ts';
import { ownReview } from '#server/modules/business-review/business-review.service.ts';
import { type Fill, fillOf } from './compress.ts';
import type { PageEntry } from './page-entry.ts';

// A member gets a shared stored copy with their own parts: pages.ts's answers and the page
// cache's direct answers (stored-hit.ts) fill it in here, with the same reads.

/** Members' unread counts and likes kept for their fill-ins (db/table-reads.ts). */
const MAX_MEMBER_READS = 20_000;
/** Whole fill-ins kept, by member and shape of page. */
const MAX_FILLS = 5000;
/** What a fill-in reads: the member's account, notifications and unread messages, and on pages
 * that show them (a post's), their likes and reports, and a business's, their own review of it; nothing of other members' (an author's name
 * is in the shared page). A fill-in of a page without them is kept through the member's own likes
 * and reports. */
const MESSAGE_TABLES = ['messages', 'conversation_members'];
const ACCOUNT_TABLES = ['users', 'notifications', ...MESSAGE_TABLES];
const FILL_TABLES = [...ACCOUNT_TABLES, 'likes', 'reports'];
/** Where a member's own review of a business is (`effects.ownReview`). */
const REVIEW_TABLE = 'business_reviews';

/** The member a copy is served to, and the contents of its holes for them. */
export type MemberFill = (actor: Actor, stored: StoredPage, entry: PageEntry, ip: string) => Promise<{ me: Me; fill: Fill }>;

export function memberFiller(deps: Deps): MemberFill {
  const unreadOf = readsOfMember<number>(deps.tracker, ['notifications'], MAX_MEMBER_READS);
  const unreadMessagesOf = readsOfMember<number>(deps.tracker, MESSAGE_TABLES, MAX_MEMBER_READS);
  const likedOf = readsOfMember<number[]>(deps.tracker, ['likes'], MAX_MEMBER_READS);
  const reportedOf = readsOfMember<number[]>(deps.tracker, ['reports'], MAX_MEMBER_READS);
  // A member's fill-in is kept whole, by what it is made of: the member and the shape of the copy
  // (its holes and what its parts show, the same on every list page of a section). Reading pages
  // of that shape again costs neither those reads nor the drawing of their parts until one of
  // the member's rows of the tables they come from are written (another member's like or bell
  // leaves it in place). The reads inside may be as old as their own expiry, so a missed
  // announcement lasts at most twice that.
  const fillOfMember = readsOfMember<{ me: Me; fill: Fill }>(deps.tracker, FILL_TABLES, MAX_FILLS);
  // A page with an item's members-only fields (a home's contact), or the member's own review of
  // it: kept through writes of those tables too, so that an edited address or a decided review
  // shows at once.
  const fillsWithFields = new Map<string, ReturnType<typeof readsOfMember<{ me: Me; fill: Fill }>>>();
  const fillWithFieldsOf = (tables: string[]) => {
    const key = tables.join();
    let kept = fillsWithFields.get(key);
    if (!kept) {
      kept = readsOfMember<{ me: Me; fill: Fill }>(deps.tracker, [...FILL_TABLES, ...tables], MAX_FILLS);
      fillsWithFields.set(key, kept);
    }
    return kept;
  };
  const accountFillOf = readsOfMember<{ me: Me; fill: Fill }>(deps.tracker, ACCOUNT_TABLES, MAX_FILLS);
  const shapeOf = new WeakMap<StoredPage, number>();
  /** Shapes seen, each under a number (a shape pushed out comes back under a new one). */
  const shapes = new Map<string, number>();
  let shapesSeen = 0;

  return function memberFill(actor, stored, entry, ip) {
    let shape = shapeOf.get(stored);
    if (shape === undefined) {
      const { likes, report, comments, parts, membersOnly, ownReview } = stored.effects;
      const key = JSON.stringify([stored.holes, likes, report, comments, parts, membersOnly, ownReview]);
      shape = shapes.get(key);
      if (shape === undefined) {
        shape = ++shapesSeen;
        if (shapes.size >= MAX_FILLS) shapes.delete(shapes.keys().next().value as string);
        shapes.set(key, shape);
      }
      shapeOf.set(stored, shape);
    }
    const { likes, report, comments, membersOnly, ownReview } = stored.effects;
    const itemTables = [...(membersOnly ? [membersOnly.target] : []), ...(ownReview ? [REVIEW_TABLE] : [])];
    const kept = itemTables.length ? fillWithFieldsOf(itemTables) : likes || report || comments ? fillOfMember : accountFillOf;
    return kept(actor.id, `${actor.id}:${shape}`, () => readFill(actor, stored, entry, ip));
  };

  /** The member a shared copy is served to: their account, unread count, and their likes and
   * reports among the page's items (indexed reads, each kept until their rows of its table are
   * written), and the fields only members read of the item it shows; and
   * what goes into the copy's holes for them (web/personal.server.tsx draws it). */
  async function readFill(actor: Actor, stored: StoredPage, entry: PageEntry, ip: string): Promise<{ me: Me; fill: Fill }> {
    const { likes, report, membersOnly, ownReview: reviewed } = stored.effects;
    // Only a `.data` answer (no holes) says which comments they reported: a page's comments are drawn for nobody.
    const comments = stored.holes?.length === 0 && stored.effects.comments?.length ? stored.effects.comments : undefined;
    const [user, unread, unreadMessages, liked, reported, reportedComments, fields, review] = await Promise.all([
      findSessionUser(deps, actor.id),
      unreadOf(actor.id, String(actor.id), () => unreadCount(deps, actor.id)),
      unreadMessagesOf(actor.id, String(actor.id), () => unreadMessageCount(deps, actor.id)),
      likes
        ? likedOf(actor.id, `${actor.id}:${likes.target}:${likes.ids.join(',')}`, () =>
            likeStatus(deps, { actor, ip }, { target: likes.target, items: likes.ids }).then((s) => s.liked),
          )
        : [],
      report
        ? reportedOf(actor.id, `${actor.id}:${report.target}:${report.id}`, () =>
            reportedItems(deps, { actor, ip }, report.target, [report.id]),
          )
        : [],
      comments
        ? reportedOf(actor.id, `${actor.id}:comment:${comments.join(',')}`, () => reportedItems(deps, { actor, ip }, 'comment', comments))
        : [],
      membersOnly ? membersOnlyFields(deps, membersOnly.target, { actor, ip }, membersOnly.id) : undefined,
      reviewed ? ownReview(deps, actor.id, reviewed.id) : undefined,
    ]);
    const me: Me = {
      id: actor.id,
      nickname: user?.nickname ?? '',
      level: user?.level ?? actor.level,
      unread,
      unreadMessages,
      ...(likes && { liked: liked.map((id) => itemKey(likes.target, id)) }),
      ...(report && {
        reported: [...reported.map((id) => itemKey(report.target, id)), ...reportedComments.map((id) => itemKey('comment', id))],
      }),
      ...(membersOnly && fields && { membersOnly: { [itemKey(membersOnly.target, membersOnly.id)]: fields } }),
      ...(reviewed && review && { reviewed: { [itemKey(reviewed.target, reviewed.id)]: review } }),
    };
    const holes = stored.holes ?? [];
    if (holes.length === 0) return { me, fill: fillOf([]) };
    const contents = entry.personalContents(me, stored.effects.parts ?? []);
    let part = 0;
    return { me, fill: fillOf(holes.map((kind) => (kind === 'part' ? (contents.parts[part++] as string) : contents[kind]))) };
  }
}

/** The ME_HEADER a member's `.data` answer carries, made once per kept fill-in. */
const headersOf = new WeakMap<Me, string>();

export function meHeader(me: Me): [name: string, value: string] {
  let value = headersOf.get(me);
  if (value === undefined) {
    value = encodeURIComponent(JSON.stringify(me));
    headersOf.set(me, value);
  }
  return [ME_HEADER, value];
}
