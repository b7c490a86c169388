import type { Actor, Deps } from '#server/context.ts';
import type { StoredPage } from '#server/cache/page-cache.ts';
import { itemKey } from '#server/cache/shows.ts';
import { readsOfTable } from '#server/cache/member-reads.ts';
import type { Me } from '#shared/api.ts';
import { likeStatus } from '#server/modules/like/like.service.ts';
import { reportedItems } from '#server/modules/report/report.service.ts';
import { unreadCount } from '#server/modules/notification/notification.service.ts';
import { findSessionUser } from '#server/modules/user/user.service.ts';
import type { PageEntry } from './pages.ts';

// A member gets a shared stored copy with their own parts: pages.ts's answers and the page
// cache's direct answers (stored-hit.ts) fill it in here, with the same reads.

/** Members' unread counts and likes kept for their fill-ins (cache/member-reads.ts). */
const MAX_MEMBER_READS = 20_000;

/** The member a copy is served to, and the contents of its holes for them. */
export type MemberFill = (actor: Actor, stored: StoredPage, entry: PageEntry, ip: string) => Promise<{ me: Me; fill: string[] }>;

export function memberFiller(deps: Deps): MemberFill {
  const unreadOf = readsOfTable<number>(deps.tracker, 'notifications', MAX_MEMBER_READS);
  const likedOf = readsOfTable<number[]>(deps.tracker, 'likes', MAX_MEMBER_READS);
  const reportedOf = readsOfTable<number[]>(deps.tracker, 'reports', MAX_MEMBER_READS);

  /** The member a shared copy is served to: their account, unread count, and their likes and
   * reports among the page's items (indexed reads, each kept until its table is written); and
   * what goes into the copy's holes for them (web/personal.server.tsx draws it). */
  return async function memberFill(actor, stored, entry, ip) {
    const { likes, report } = stored.effects;
    // Only a `.data` answer (no holes) says which comments they reported: a page's comments are drawn for nobody.
    const comments = stored.holes?.length === 0 && stored.effects.comments?.length ? stored.effects.comments : undefined;
    const [user, unread, liked, reported, reportedComments] = await Promise.all([
      findSessionUser(deps, actor.id),
      unreadOf(String(actor.id), () => unreadCount(deps, actor.id)),
      likes
        ? likedOf(`${actor.id}:${likes.target}:${likes.ids.join(',')}`, () =>
            likeStatus(deps, { actor, ip }, { target: likes.target, items: likes.ids }).then((s) => s.liked),
          )
        : [],
      report
        ? reportedOf(`${actor.id}:${report.target}:${report.id}`, () => reportedItems(deps, { actor, ip }, report.target, [report.id]))
        : [],
      comments
        ? reportedOf(`${actor.id}:comment:${comments.join(',')}`, () => reportedItems(deps, { actor, ip }, 'comment', comments))
        : [],
    ]);
    const me: Me = {
      id: actor.id,
      nickname: user?.nickname ?? '',
      level: user?.level ?? actor.level,
      unread,
      ...(likes && { liked: liked.map((id) => itemKey(likes.target, id)) }),
      ...(report && {
        reported: [...reported.map((id) => itemKey(report.target, id)), ...reportedComments.map((id) => itemKey('comment', id))],
      }),
    };
    const holes = stored.holes ?? [];
    if (holes.length === 0) return { me, fill: [] };
    const contents = entry.personalContents(me, stored.effects.parts ?? []);
    let part = 0;
    return { me, fill: holes.map((kind) => (kind === 'part' ? (contents.parts[part++] as string) : contents[kind])) };
  };
}
