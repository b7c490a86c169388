import { useEffect, useState } from 'react';

// The member's live events (GET /api/events, PRODUCT.md Messages: Live): one EventSource per tab,
// open while any component listens, shared by all of them. The browser reconnects by itself
// (sending the last event id, so no message is lost or shown twice); a stream refused outright
// (429, 503, 401) closes for good, so it is opened again after a pause that grows.

type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
/** The last data of each event type, for a component that starts listening later (the header
 * after a navigation): a state such as the unread count is current until the next event. */
const latest = new Map<string, unknown>();
let source: EventSource | undefined;
/** Event types the open source dispatches to `handlers`. */
const attached = new Set<string>();
let reopen: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
const REOPEN_MS = [5_000, 15_000, 60_000, 300_000];

function dispatch(type: string, event: MessageEvent<string>): void {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  failures = 0;
  latest.set(type, data);
  for (const handler of handlers.get(type) ?? []) handler(data);
}

function attach(type: string): void {
  if (!source || attached.has(type)) return;
  attached.add(type);
  source.addEventListener(type, (event) => dispatch(type, event as MessageEvent<string>));
}

function open(): void {
  if (source || reopen || typeof EventSource === 'undefined') return;
  const opened = new EventSource('/api/events');
  source = opened;
  attached.clear();
  for (const type of handlers.keys()) attach(type);
  opened.onerror = () => {
    if (opened.readyState !== EventSource.CLOSED) return;
    close();
    const wait = REOPEN_MS[Math.min(failures++, REOPEN_MS.length - 1)];
    reopen = setTimeout(() => {
      reopen = undefined;
      if (handlers.size > 0) open();
    }, wait);
  };
}

function close(): void {
  source?.close();
  source = undefined;
}

/** Calls `handler` with each event of `type` (its JSON data); answers how to stop. The stream is
 * open while anything listens. */
export function subscribe(type: string, handler: Handler): () => void {
  const of = handlers.get(type) ?? new Set();
  of.add(handler);
  handlers.set(type, of);
  attach(type);
  open();
  return () => {
    of.delete(handler);
    if (of.size === 0) handlers.delete(type);
    if (handlers.size > 0) return;
    // Nobody listens (a logout): nothing of this member is kept.
    close();
    clearTimeout(reopen);
    reopen = undefined;
    latest.clear();
  };
}

/** The latest data of a state event (`notification`), undefined until one came: the server's
 * render and the first draw show what the page was drawn with. */
export function useLiveState<T>(type: string): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (latest.has(type)) setValue(latest.get(type) as T);
    return subscribe(type, (data) => setValue(data as T));
  }, [type]);
  return value;
}
