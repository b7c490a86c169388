import { useEffect, useState } from 'react';
import { subscribe } from './live-events.ts';
import { api } from './session.ts';

// The header's 쪽지 count while a page stays open: the page's own count at first; then, after
// each message to or from the member on the live stream, the server's count, and after a
// conversation is read here, the count its read answered.

const listeners = new Set<(unread: number) => void>();

/** The member's unread messages, as an answer of the server just said. */
export function setUnreadMessages(unread: number): void {
  for (const listener of listeners) listener(unread);
}

async function fetchUnread(): Promise<void> {
  const answer = await api.get<{ unread: number }>('/conversation', { size: 1 });
  if (answer.code === 'ok') setUnreadMessages(answer.unread);
}

/** The count to show: `drawn` (the page's, from the member fill-in) until the server says more. */
export function useUnreadMessages(drawn: number): number {
  const [unread, setUnread] = useState(drawn);
  useEffect(() => setUnread(drawn), [drawn]);
  useEffect(() => {
    listeners.add(setUnread);
    const stop = subscribe('message', () => void fetchUnread());
    return () => {
      listeners.delete(setUnread);
      stop();
    };
  }, []);
  return unread;
}
