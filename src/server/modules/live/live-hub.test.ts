import { afterEach, describe, expect, test } from 'vitest';
import { WriteTracker, type Written } from '#server/db/write-tracker.ts';
import { LiveHub, type LiveSink, STREAMS_PER_MEMBER } from './live-hub.ts';
import type { LiveRead, LiveSource } from './live-source.ts';

// The hub with a source of events that carry ids (as messages will), over a real write tracker:
// a reconnect from Last-Event-ID gets what it missed and nothing twice, bursts of writes cost one
// read per member, and only the members a write names read again.

/** A member's messages, in memory: ids increase; the source follows table `talks`. */
function talks() {
  const rows: { member: number; id: number }[] = [];
  const reads: number[] = [];
  const source: LiveSource = {
    tables: ['talks'],
    async read(_deps, member, after): Promise<LiveRead> {
      reads.push(member);
      const mine = rows.filter((r) => r.member === member);
      if (after === undefined) return { events: [], after: String(mine.at(-1)?.id ?? 0) };
      return { events: mine.filter((r) => r.id > Number(after)).map((r) => ({ event: 'message', data: { id: r.id }, id: String(r.id) })) };
    },
  };
  return { rows, reads, source };
}

const hubs: LiveHub[] = [];
afterEach(() => {
  for (const hub of hubs) hub.close();
});

function setUp(maxStreams = 100) {
  const tracker = new WriteTracker();
  const hub = new LiveHub({ tracker, maxStreams, onError: (err) => expect.fail(String(err)) });
  hubs.push(hub);
  const source = talks();
  /** Members whose sessions ended. */
  const ended = new Set<number>();
  const open = (member: number, after?: string) => {
    const tab = reader();
    hub.stream(
      {
        member,
        after,
        sources: [source.source],
        read: (s, at) => s.read({} as never, member, at),
        session: { tables: ['sessions'], stands: async () => !ended.has(member) },
      },
      tab.sink,
    );
    return tab;
  };
  /** A write of `talks` rows of these members (none: for everyone), as the tracker reports it. */
  const wrote = (members?: number[]) => {
    const write: Written = { tables: ['talks'], seen: false, ...(members && { members: { talks: members } }) };
    tracker.onWrite.tell(write);
  };
  return { hub, tracker, ...source, open, wrote, ended };
}

/** A stream's end as a client sees it: the ids of the events sent, as they come; whether it
 * ended. `unread` makes it a client that has stopped reading. */
function reader() {
  const ids: string[] = [];
  let ended = false;
  let unread = false;
  const closers: (() => void)[] = [];
  const sink: LiveSink = {
    write(text) {
      for (const m of text.matchAll(/^id: (.+)$/gm)) if (!ids.includes(m[1] as string)) ids.push(m[1] as string);
      return !unread;
    },
    end() {
      ended = true;
    },
    onClose(listener) {
      closers.push(listener);
    },
  };
  return {
    ids,
    sink,
    get ended() {
      return ended;
    },
    stopReading() {
      unread = true;
    },
    /** The client goes away. */
    leave() {
      for (const close of closers) close();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('live streams', () => {
  test('events with ids: a fresh stream starts now; a reconnect gets what it missed since its Last-Event-ID, once', async () => {
    const { rows, open, wrote } = setUp();
    rows.push({ member: 1, id: 1 });
    const tab = open(1);
    await settle();
    expect(tab.ids).toEqual([]);
    rows.push({ member: 1, id: 2 }, { member: 1, id: 3 });
    wrote([1]);
    await settle();
    expect(tab.ids).toEqual(['2', '3']);
    wrote([1]);
    await settle();
    expect(tab.ids).toEqual(['2', '3']);

    // Away after 2; meanwhile 4 came.
    rows.push({ member: 1, id: 4 });
    const back = open(1, '2');
    await settle();
    expect(back.ids).toEqual(['3', '4']);
  });

  test('a burst of writes is one read per member; a write names whose rows it wrote, or everyone', async () => {
    const { reads, open, wrote } = setUp();
    open(1);
    open(1);
    open(2);
    await settle();
    reads.length = 0;
    for (let i = 0; i < 20; i++) wrote([1]);
    await settle();
    expect(reads).toEqual([1]);
    reads.length = 0;
    wrote();
    await settle();
    expect(reads.sort()).toEqual([1, 2]);
  });

  test('other servers’ writes count as this one’s; hearing again after a gap reads every stream', async () => {
    const { tracker, reads, open } = setUp();
    open(1);
    open(2);
    await settle();
    reads.length = 0;
    tracker.remote({ tables: ['talks'], seen: false, members: { talks: [2] } });
    await settle();
    expect(reads).toEqual([2]);
    reads.length = 0;
    tracker.setBlind(true);
    tracker.setBlind(false);
    await settle();
    expect(reads.sort()).toEqual([1, 2]);
  });

  test('bounds: streams per member (429) and per server (503); a closed hub ends its streams and takes none', async () => {
    const { hub, open } = setUp(STREAMS_PER_MEMBER + 1);
    const tabs = Array.from({ length: STREAMS_PER_MEMBER }, () => open(1));
    expect(() => open(1)).toThrow(expect.objectContaining({ status: 429 }));
    open(2);
    expect(hub.open).toBe(STREAMS_PER_MEMBER + 1);
    expect(() => open(3)).toThrow(expect.objectContaining({ status: 503 }));
    hub.close();
    await settle();
    expect(tabs.every((t) => t.ended)).toBe(true);
    expect(hub.open).toBe(0);
    expect(() => open(3)).toThrow(expect.objectContaining({ status: 503 }));
  });

  test('a stream ends once its session no longer stands, asked after a write of its member’s sessions', async () => {
    const { tracker, ended, open } = setUp();
    const mine = open(1);
    const theirs = open(2);
    ended.add(1);
    ended.add(2);
    tracker.onWrite.tell({ tables: ['sessions'], seen: false, members: { sessions: [1] } });
    await settle();
    expect(mine.ended).toBe(true);
    expect(theirs.ended).toBe(false);
    tracker.onWrite.tell({ tables: ['sessions'], seen: false });
    await settle();
    expect(theirs.ended).toBe(true);
  });

  test('a client that goes away leaves; one that stops reading is let go at its next event', async () => {
    const { hub, rows, open, wrote } = setUp();
    const gone = open(1);
    const stuck = open(2);
    expect(hub.open).toBe(2);
    gone.leave();
    expect(hub.open).toBe(1);
    await settle();
    stuck.stopReading();
    rows.push({ member: 2, id: 1 });
    wrote([2]);
    await settle();
    expect(stuck.ended).toBe(true);
    expect(hub.open).toBe(0);
  });

  test('the tracker is listened to only while a stream is open', async () => {
    const { tracker, hub, open } = setUp();
    const before = tracker.onWrite.size;
    open(1);
    expect(tracker.onWrite.size).toBe(before + 1);
    hub.close();
    expect(tracker.onWrite.size).toBe(before);
  });
});
