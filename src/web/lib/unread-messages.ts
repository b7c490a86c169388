import { useEffect, useState } from 'react';
import { subscribe } from './live-events.ts';

// The header's 쪽지 count while a page stays open: the page's own count at first; then the live
// stream's `messages {unread}`, which the server sends whenever the count changes (a message in,
// a conversation read here or on another device); and after a conversation is read here, at once
// the count its read answered.

const listeners = new Set<(unread: number) => void>();

/** The member's unread messages, as an answer of the server just said. */
export function setUnreadMessages(unread: number): void {
  for (const listener of listeners) listener(unread);
}

/** The count to show: `drawn` (the page's, from the member fill-in) until the server says more. */
export function useUnreadMessages(drawn: number): number {
  const [unread, setUnread] = useState(drawn);
  useEffect(() => setUnread(drawn), [drawn]);
  useEffect(() => {
    listeners.add(setUnread);
    const stop = subscribe('messages', (data) => {
      const count = (data as { unread?: unknown } | undefined)?.unread;
      if (typeof count === 'number') setUnread(count);
    });
    return () => {
      listeners.delete(setUnread);
      stop();
    };
  }, []);
  return unread;
}
