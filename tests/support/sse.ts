// A Server-Sent Events client for tests, as a browser's EventSource reads a stream: fields per
// line (`field: value`, one space after the colon dropped), an event dispatched at a blank line,
// comments (`:`) skipped, CR, LF or CRLF line ends.

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order. */
  events: SseEvent[];
  /** The last `retry:` value. */
  retry?: number;
  /** Comments received (heartbeats). */
  comments: number;
  /** The first event from `from` on (an index into `events`) that `match` accepts, waiting at
   * most `ms` for it; undefined if none came. */
  next(match: (e: SseEvent) => boolean, options?: { from?: number; ms?: number }): Promise<SseEvent | undefined>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: 0,
    async next(match, { from = 0, ms = 1000 } = {}) {
      const until = Date.now() + ms;
      for (;;) {
        const found = stream.events.slice(from).find(match);
        if (found || Date.now() >= until) return found;
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, until - Date.now());
          waiters.add(done);
        });
      }
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!res.body || res.status !== 200) {
    await res.body?.cancel();
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    let event: Partial<SseEvent> & { data?: string } = {};
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') {
            if (event.data !== undefined)
              stream.events.push({ event: event.event ?? 'message', data: event.data, ...(event.id !== undefined && { id: event.id }) });
            event = {};
            wake();
            continue;
          }
          if (line.startsWith(':')) {
            stream.comments++;
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
          else if (field === 'event') event.event = value;
          else if (field === 'id') event.id = value;
          else if (field === 'retry' && /^\d+$/.test(value)) stream.retry = Number(value);
        }
      }
    } catch {
      // Closed by the test.
    }
    wake();
  })();
  return stream;
}
