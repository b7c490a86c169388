import type { LiveSource } from '#server/modules/live/live-source.ts';
import { unreadCount } from './notification.service.ts';

/** `notification {unread}` on a member's live stream: the count the header's 알림 shows, sent on
 * connect and within a second of any change (a notice added, read or removed). */
export const notificationLive: LiveSource = {
  tables: ['notifications'],
  async read(deps, member) {
    return { events: [{ event: 'notification', data: { unread: await unreadCount(deps, member) } }] };
  },
};
