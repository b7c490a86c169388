import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { Heard, WriteTracker, Written } from '#server/db/write-tracker.ts';
import type { LiveRead, LiveSource } from './live-source.ts';

// The server's open live streams (GET /api/events). Nothing polls and no stream has a timer: the
// write tracker tells of every write, this server's and, on PostgreSQL, the other app servers'
// (shared-writes.ts); a write of a table a source follows marks the members whose rows it wrote,
// or every member with a stream, and once per tick each marked member's streams read those
// sources again: one read per member, source and position, however many writes and tabs. A
// member's reads run one after another, so an event with an id is never sent twice. One timer
// for all streams sends the comment that keeps proxies from closing an idle connection.

/** Streams one member may hold open: a tab each. */
export const STREAMS_PER_MEMBER = 10;
/** A comment on every stream this often: proxies close connections idle for a minute or so. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it reconnects, spread so that the streams a stopping server
 * ends do not all come back in the same moment. */
const RETRY_MS = 2000;
const RETRY_SPREAD_MS = 3000;
/** Seconds a client refused for want of room is asked to wait. */
const RETRY_AFTER_S = 10;

/** Where a stream's text goes: the HTTP answer (http/direct-answer.ts). */
export interface LiveSink {
  /** Sends a chunk; false once the client has left so much unread that it is let go rather than
   * buffered for. */
  write(text: string): boolean;
  end(): void;
  /** Called once the client has gone away or the answer has ended. */
  onClose(listener: () => void): void;
}

/** What one stream is opened with. */
export interface LiveRequest {
  member: number;
  /** The client's Last-Event-ID, checked by the caller; undefined for a fresh stream. */
  after: string | undefined;
  sources: readonly LiveSource[];
  /** Reads one of the sources for this member (the source's `read` with the server's deps). */
  read: (source: LiveSource, after: string | undefined) => Promise<LiveRead>;
  /** The session the stream was opened with: asked again after each write of `tables` for its
   * member (a logout, an account switched off), and the stream ends once it no longer stands. */
  session: { tables: readonly string[]; stands: () => Promise<boolean> };
}

interface Stream extends LiveRequest {
  /** Where each source's next read starts. */
  positions: Map<LiveSource, string | undefined>;
  /** The states sent, by event name, as sent (JSON). */
  sent: Map<string, string>;
  ended: boolean;
  send(text: string): void;
  end(): void;
}

/** One `text/event-stream` event; names and ids are ours, data is JSON (one line). */
function eventText(event: string, data: unknown, id: string | undefined): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class LiveHub {
  private readonly tracker: WriteTracker;
  private readonly maxStreams: number;
  private readonly onError: (err: unknown) => void;
  private readonly byMember = new Map<number, Set<Stream>>();
  #open = 0;
  private closed = false;
  /** Every source a stream has named, and by table the ones that follow it. */
  private readonly followers = new Map<string, Set<LiveSource>>();
  /** Marked since the last tick: sources to read for some members, or for every member. */
  private readonly marked = new Map<number, Set<LiveSource>>();
  private readonly markedForAll = new Set<LiveSource>();
  private tick: NodeJS.Immediate | undefined;
  /** Tables whose writes may end a stream's session; members whose sessions to ask again. */
  private readonly sessionTables = new Set<string>();
  private readonly sessionsMarked = new Set<number>();
  private sessionsMarkedForAll = false;
  /** Members whose reads are under way, with the sources marked again meanwhile. */
  private readonly reading = new Map<number, Set<LiveSource>>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private stopListening: (() => void) | undefined;

  constructor(options: { tracker: WriteTracker; maxStreams: number; onError: (err: unknown) => void }) {
    this.tracker = options.tracker;
    this.maxStreams = options.maxStreams;
    this.onError = options.onError;
  }

  /** Streams open now (GET /metrics). */
  get open(): number {
    return this.#open;
  }

  /** A new stream for `request.member` into `sink`, starting with the reconnect delay; its first
   * events follow within a tick. Refused (thrown, before anything is sent) past the server's or
   * the member's bound, and once the server is stopping. */
  stream(request: LiveRequest, sink: LiveSink): void {
    if (this.closed || this.#open >= this.maxStreams) throw new AppError(503, ErrorKey.unavailable, { retryAfter: RETRY_AFTER_S });
    const own = this.byMember.get(request.member) ?? new Set<Stream>();
    if (own.size >= STREAMS_PER_MEMBER) throw new AppError(429, ErrorKey.tooMany, { retryAfter: RETRY_AFTER_S });
    const hub = this;
    const opened: Stream = {
      ...request,
      positions: new Map(request.sources.map((source) => [source, request.after])),
      sent: new Map(),
      ended: false,
      send(text) {
        if (!opened.ended && !sink.write(text)) opened.end();
      },
      end() {
        if (opened.ended) return;
        opened.ended = true;
        hub.remove(opened);
        sink.end();
      },
    };
    // The client went away.
    sink.onClose(() => {
      opened.ended = true;
      hub.remove(opened);
    });
    opened.send(`retry: ${RETRY_MS + Math.floor(Math.random() * RETRY_SPREAD_MS)}\n\n`);
    hub.add(opened, own);
  }

  /** Ends every stream and refuses new ones: a stopping server does not wait for them, and the
   * browsers reconnect to another server. */
  close(): void {
    this.closed = true;
    for (const streams of [...this.byMember.values()]) for (const s of [...streams]) s.end();
  }

  private add(stream: Stream, own: Set<Stream>): void {
    own.add(stream);
    this.byMember.set(stream.member, own);
    this.#open++;
    for (const source of stream.sources) {
      for (const table of source.tables) {
        const of = this.followers.get(table) ?? new Set();
        of.add(source);
        this.followers.set(table, of);
      }
    }
    for (const table of stream.session.tables) this.sessionTables.add(table);
    if (this.#open === 1) this.listen();
    this.mark(stream.member, stream.sources);
  }

  private remove(stream: Stream): void {
    const own = this.byMember.get(stream.member);
    if (!own?.delete(stream)) return;
    if (own.size === 0) this.byMember.delete(stream.member);
    this.#open--;
    if (this.#open === 0) this.quiet();
  }

  /** The tracker is listened to, and the heartbeat runs, only while a stream is open. */
  private listen(): void {
    const offWrite = this.tracker.onWrite.add((write) => this.written(write));
    const offHeard = this.tracker.onHeard.add((heard) => this.heard(heard));
    this.stopListening = () => {
      offWrite();
      offHeard();
    };
    this.heartbeat = setInterval(() => {
      for (const streams of this.byMember.values()) for (const s of streams) s.send(':\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private quiet(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private written(write: Written): void {
    for (const table of write.tables) {
      // Whose rows it wrote; none named: every member's.
      const members = write.members?.[table]?.filter((member) => this.byMember.has(member));
      if (this.sessionTables.has(table)) {
        if (!members) this.sessionsMarkedForAll = true;
        else for (const member of members) this.sessionsMarked.add(member);
      }
      const sources = this.followers.get(table);
      if (!sources) continue;
      if (!members) for (const source of sources) this.markedForAll.add(source);
      else for (const member of members) this.mark(member, sources);
    }
    this.schedule();
  }

  /** Another server's write; or, after a spell of not hearing them, anything may have changed. */
  private heard(heard: Heard): void {
    if ('write' in heard) this.written(heard.write);
    else if (!heard.blind) {
      for (const sources of this.followers.values()) for (const source of sources) this.markedForAll.add(source);
      this.sessionsMarkedForAll = true;
      this.schedule();
    }
  }

  private mark(member: number, sources: Iterable<LiveSource>): void {
    const of = this.marked.get(member) ?? new Set();
    for (const source of sources) of.add(source);
    this.marked.set(member, of);
    this.schedule();
  }

  private schedule(): void {
    const none = this.marked.size === 0 && this.markedForAll.size === 0 && this.sessionsMarked.size === 0 && !this.sessionsMarkedForAll;
    if (this.tick || none) return;
    this.tick = setImmediate(() => {
      this.tick = undefined;
      const asked = this.sessionsMarkedForAll ? [...this.byMember.keys()] : [...this.sessionsMarked];
      this.sessionsMarked.clear();
      this.sessionsMarkedForAll = false;
      for (const member of asked) for (const s of this.byMember.get(member) ?? []) this.askSession(s);
      const work = new Map(this.marked);
      this.marked.clear();
      if (this.markedForAll.size > 0) {
        for (const member of this.byMember.keys()) {
          const of = work.get(member) ?? new Set();
          for (const source of this.markedForAll) of.add(source);
          work.set(member, of);
        }
        this.markedForAll.clear();
      }
      for (const [member, sources] of work) this.refresh(member, sources);
    });
  }

  /** Ends the stream once its session no longer stands: it outlives the request that checked it. */
  private askSession(stream: Stream): void {
    stream.session.stands().then((stands) => {
      if (!stands) stream.end();
    }, this.onError);
  }

  /** Reads `sources` for the member's streams; marked again while reading, they are read again. */
  private refresh(member: number, sources: Set<LiveSource>): void {
    const again = this.reading.get(member);
    if (again) {
      for (const source of sources) again.add(source);
      return;
    }
    this.reading.set(member, new Set());
    void this.readFor(member, sources)
      .catch(this.onError)
      .finally(() => {
        const next = this.reading.get(member);
        this.reading.delete(member);
        if (next && next.size > 0 && this.byMember.has(member)) this.refresh(member, next);
      });
  }

  private async readFor(member: number, sources: Set<LiveSource>): Promise<void> {
    for (const source of sources) {
      // Streams at the same position share one read (a member's tabs, once they have caught up).
      const groups = new Map<string | undefined, Stream[]>();
      for (const s of this.byMember.get(member) ?? []) {
        if (!s.positions.has(source)) continue;
        const at = s.positions.get(source);
        groups.set(at, [...(groups.get(at) ?? []), s]);
      }
      for (const [at, streams] of groups) {
        const read = await (streams[0] as Stream).read(source, at);
        for (const s of streams) deliver(s, source, read);
      }
    }
  }
}

/** Sends a read's events that are new to the stream, and moves its position on. */
function deliver(stream: Stream, source: LiveSource, read: LiveRead): void {
  let text = '';
  let last: string | undefined;
  for (const e of read.events) {
    if (e.id === undefined) {
      const data = JSON.stringify(e.data);
      if (stream.sent.get(e.event) === data) continue;
      stream.sent.set(e.event, data);
    } else last = e.id;
    text += eventText(e.event, e.data, e.id);
  }
  stream.positions.set(source, read.after ?? last ?? stream.positions.get(source));
  if (text) stream.send(text);
}
