import type { LiveSource } from '#server/modules/live/live-source.ts';
import { messageEventsSince, newestMessageId, unreadMessageCount } from './message.service.ts';

/** A Last-Event-ID this source gave: a message id. */
const MESSAGE_ID = /^\d{1,15}$/;

/** A member's live stream, for their messages (PRODUCT.md "Messages"):
 * - `message {conversation, id}` for each new message to or from them, with the message id as the
 *   event id, so a reconnect (Last-Event-ID) misses none and repeats none (at most 100 at once:
 *   the next write brings the rest; a page opened after a long absence reads its list anyway);
 * - `messages {unread}`, the header's 쪽지 count, a state sent again whenever it changes: also
 *   when the member reads a conversation on another tab or device (a write of their read mark). */
export const messageLive: LiveSource = {
  tables: ['messages', 'conversation_members'],
  async read(deps, member, after) {
    const unread = { event: 'messages', data: { unread: await unreadMessageCount(deps, member) } };
    // A fresh stream (or an id that is not one of ours) starts at the newest message, telling none
    // of the past.
    if (after === undefined || !MESSAGE_ID.test(after)) {
      return { events: [unread], after: String(await newestMessageId(deps, member)) };
    }
    const since = await messageEventsSince(deps, member, Number(after));
    const events = since.map((m) => ({ event: 'message', data: { conversation: m.conversation, id: m.id }, id: String(m.id) }));
    return { events: [...events, unread], after: events.at(-1)?.id ?? after };
  },
};
