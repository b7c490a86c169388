import type { Actor, Deps } from '#server/context.ts';
import { unreadMessageCount } from '#server/modules/message/message.service.ts';
import { unreadCount } from '#server/modules/notification/notification.service.ts';
import { findSessionUser } from '#server/modules/user/user.service.ts';
import type { Me } from './me.ts';

/** Who a page is drawn for, as its header shows them: the root's loader, and a refused form's
 * page, which the root middleware answers before any loader runs (suspension.server.ts). */
export async function pageMember(deps: Deps, actor: Actor | undefined): Promise<Me | null> {
  if (!actor) return null;
  const [user, unread, unreadMessages] = await Promise.all([
    findSessionUser(deps, actor.id),
    unreadCount(deps, actor.id),
    unreadMessageCount(deps, actor.id),
  ]);
  return user ? { id: user.id, nickname: user.nickname, level: user.level, unread, unreadMessages } : null;
}
