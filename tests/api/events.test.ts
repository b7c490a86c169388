import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endLiveStreams } from '#server/modules/live/live.service.ts';
import { openSse, type SseEvent, type SseStream } from '#tests/support/sse.ts';
import { anotherServerOf, dbKind, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// PRODUCT.md, Messages, Live: GET /api/events is a Server-Sent Events stream for the signed-in
// member; `notification {unread}` arrives within 1 s of the write, also when it was made on
// another app server. Read over real HTTP, as a browser's EventSource reads it.

type Member = Awaited<ReturnType<TestApp['member']>>;

const servers: http.Server[] = [];
const streams: SseStream[] = [];
let t: TestApp;
let base: string;

/** The app behind a real HTTP server, as main.ts serves it. */
async function serve(app: TestApp): Promise<string> {
  const server = http.createServer(app.app.listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

async function open(url: string, m: Member, headers: Record<string, string> = {}): Promise<SseStream> {
  const s = await openSse(`${url}/api/events`, { authorization: `Bearer ${m.token}`, ...headers });
  streams.push(s);
  return s;
}

beforeAll(async () => {
  t = await startTestApp();
  base = await serve(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t.close();
});

async function newPost(app: TestApp, m: Member): Promise<number> {
  const res = await app.call('POST', '/api/board', {
    token: m.token,
    body: { topcategory: 5, title: '실시간 알림 글', content: '<p>본문</p>' },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function comment(app: TestApp, m: Member, board: number): Promise<void> {
  const res = await app.call('POST', '/api/comment', { token: m.token, body: { board, parent: 0, content: '댓글입니다' } });
  expect(res.status).toBe(200);
}

const unread = (n: number) => (e: SseEvent) => e.event === 'notification' && JSON.parse(e.data).unread === n;

describe('GET /api/events', () => {
  test('a visitor gets 401 in the usual envelope, before any stream', async () => {
    const res = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ code: 'error', message: 'unauthorized' });
  });

  test('a member’s stream: unbuffered, uncached headers, a reconnect delay, and the unread count at once', async () => {
    const m = await t.member();
    const s = await open(base, m);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-store');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBeNull();
    // Written to the socket by the stream itself, the head still carries every answer's headers.
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.headers.get('x-request-id')).toBeTruthy();
    expect(await s.next(unread(0))).toBeDefined();
    expect(s.retry).toBeGreaterThan(0);
  });

  test('a comment on M’s post reaches M’s stream within 1 s, and no other member’s; reading them sends the new count', async () => {
    const author = await t.member();
    const other = await t.member();
    const writer = await t.member();
    const post = await newPost(t, author);
    const mine = await open(base, author);
    const theirs = await open(base, other);
    expect(await mine.next(unread(0))).toBeDefined();
    expect(await theirs.next(unread(0))).toBeDefined();
    // Its first states are all in (the 쪽지 count comes from another source, read after).
    expect(await theirs.next((e) => e.event === 'messages')).toBeDefined();

    const before = theirs.events.length;
    const started = Date.now();
    await comment(t, writer, post);
    expect(await mine.next(unread(1), { ms: 1000 })).toBeDefined();
    expect(Date.now() - started).toBeLessThan(1000);
    // A write of M's notifications that changes no count (another's id marked read) sends nothing.
    const noop = await t.call('PUT', '/api/notification/read', { token: author.token, body: { ids: [2_000_000_000] } });
    expect(noop.body.updated).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine.events.filter((e) => e.event === 'notification').map((e) => JSON.parse(e.data).unread)).toEqual([0, 1]);
    await comment(t, writer, post);
    expect(await mine.next(unread(2))).toBeDefined();
    // Another member hears nothing of any of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.events.slice(before)).toEqual([]);

    const seen = mine.events.length;
    expect((await t.call('PUT', '/api/notification/read', { token: author.token, body: { all: true } })).status).toBe(200);
    expect(await mine.next(unread(0), { from: seen })).toBeDefined();
  });

  test('every tab of a member hears; a reconnect with Last-Event-ID is sent the state as it is now', async () => {
    const author = await t.member();
    const writer = await t.member();
    const post = await newPost(t, author);
    const first = await open(base, author);
    const second = await open(base, author);
    expect(await first.next(unread(0))).toBeDefined();
    expect(await second.next(unread(0))).toBeDefined();
    await comment(t, writer, post);
    expect(await first.next(unread(1))).toBeDefined();
    expect(await second.next(unread(1))).toBeDefined();

    // Gone while a notice came: the reconnect misses nothing.
    second.close();
    await second.ended;
    await comment(t, await t.member(), post);
    const again = await open(base, author, { 'last-event-id': '12345' });
    expect(await again.next(unread(2))).toBeDefined();
    expect(again.events.filter((e) => e.event === 'notification')).toHaveLength(1);
  });

  test('a logout ends the streams of that session, not those of the member’s other sessions', async () => {
    const m = await t.member();
    const elsewhere = { ...m, token: await t.login(m.loginid, m.passwd) };
    const s = await open(base, m);
    const other = await open(base, elsewhere);
    expect(await s.next(unread(0))).toBeDefined();
    expect(await other.next(unread(0))).toBeDefined();
    expect((await t.call('DELETE', '/api/jwt', { token: m.token })).status).toBe(200);
    const gone = await Promise.race([s.ended.then(() => true), new Promise((resolve) => setTimeout(resolve, 1000, false))]);
    expect(gone).toBe(true);
    const kept = await Promise.race([other.ended.then(() => false), new Promise((resolve) => setTimeout(resolve, 300, true))]);
    expect(kept).toBe(true);
  });

  test('a member holds at most 10 streams at once; an eleventh is refused with 429', async () => {
    const m = await t.member();
    const tabs = await Promise.all(Array.from({ length: 10 }, () => open(base, m)));
    expect(tabs.map((s) => s.status)).toEqual(Array(10).fill(200));
    const eleventh = await open(base, m);
    expect(eleventh.status).toBe(429);
    tabs[0]?.close();
    await tabs[0]?.ended;
    // The server sees the closed connection within moments.
    await expect.poll(async () => (await open(base, m)).status, { timeout: 2000 }).toBe(200);
  });

  test('the metrics count a stream once, by its fixed route, as answered when its headers went; and how many are open', async () => {
    const m = await t.member();
    const s = await open(base, m);
    expect(await s.next(unread(0))).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const text: string = (await t.call('GET', '/metrics', { ip: '127.0.0.1' })).body;
    const count = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    const route = 'method="GET",route="/api/events",status="200"';
    expect(count(`http_request_duration_seconds_count\\{${route}\\}`)).toBeGreaterThan(0);
    // Not one of them took half a second: the stream's life is not its answer time.
    expect(count(`http_request_duration_seconds_bucket\\{le="0.5",${route}\\}`)).toBe(
      count(`http_request_duration_seconds_count\\{${route}\\}`),
    );
    expect(count('live_streams_open')).toBeGreaterThan(0);
  });

  test.runIf(dbKind === 'postgres')(
    'two app servers on one database: a comment made through A reaches the stream on B within 1 s',
    async () => {
      const b = await startTestApp(anotherServerOf(t));
      try {
        const onB = await serve(b);
        const author = await t.member();
        const writer = await t.member();
        const post = await newPost(t, author);
        const s = await open(onB, author);
        expect(await s.next(unread(0))).toBeDefined();
        const started = Date.now();
        await comment(t, writer, post);
        expect(await s.next(unread(1), { ms: 1000 })).toBeDefined();
        expect(Date.now() - started).toBeLessThan(1000);
        s.close();
      } finally {
        endLiveStreams(b.deps);
        await b.close();
      }
    },
  );

  describe('messages', () => {
    async function conversation(app: TestApp, from: Member, to: Member): Promise<number> {
      const res = await app.call('POST', '/api/conversation', { token: from.token, body: { user: to.id } });
      expect(res.status).toBe(200);
      return res.body.id;
    }
    async function send(app: TestApp, from: Member, id: number, content: string): Promise<number> {
      const res = await app.call('POST', `/api/conversation/${id}/message`, { token: from.token, body: { content } });
      expect(res.status).toBe(200);
      return res.body.id;
    }
    const messageOf = (id: number) => (e: SseEvent) => e.event === 'message' && JSON.parse(e.data).id === id;
    const unreadMessages = (n: number) => (e: SseEvent) => e.event === 'messages' && JSON.parse(e.data).unread === n;

    test('a message reaches the other member’s stream within 1 s with its id, and the 쪽지 count follows a read on another device', async () => {
      const seller = await t.member();
      const buyer = await t.member();
      const id = await conversation(t, buyer, seller);
      const s = await open(base, seller);
      expect(await s.next(unreadMessages(0))).toBeDefined();
      const started = Date.now();
      const sent = await send(t, buyer, id, '밥솥 아직 있나요? 🍚');
      const event = await s.next(messageOf(sent), { ms: 1000 });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(event && JSON.parse(event.data)).toEqual({ conversation: id, id: sent });
      expect(event?.id).toBe(String(sent));
      expect(await s.next(unreadMessages(1))).toBeDefined();
      // Read elsewhere (another tab, a phone): the count on this stream goes back to 0.
      const seen = s.events.length;
      expect((await t.call('PUT', `/api/conversation/${id}/read`, { token: seller.token })).status).toBe(200);
      expect(await s.next(unreadMessages(0), { from: seen })).toBeDefined();
      // The sender's own stream has the message too (their other tabs show it), and a third member hears nothing.
      const other = await open(base, await t.member());
      expect(await other.next(unreadMessages(0))).toBeDefined();
      const mine = await open(base, buyer);
      expect(await mine.next(unreadMessages(0))).toBeDefined();
      const next = await send(t, buyer, id, '네고 가능할까요?');
      expect(await mine.next(messageOf(next))).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(other.events.filter((e) => e.event === 'message')).toEqual([]);
    });

    test('a reconnect with the last message id gets exactly the messages it missed, once each', async () => {
      const a = await t.member();
      const b = await t.member();
      const id = await conversation(t, a, b);
      const first = await open(base, b);
      expect(await first.next(unreadMessages(0))).toBeDefined();
      const m1 = await send(t, a, id, '첫 번째');
      const seen = await first.next(messageOf(m1));
      first.close();
      await first.ended;
      const m2 = await send(t, a, id, '두 번째');
      const m3 = await send(t, a, id, '세 번째');
      const again = await open(base, b, { 'last-event-id': seen?.id as string });
      expect(await again.next(messageOf(m3))).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(again.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).id)).toEqual([m2, m3]);
      // A fresh stream tells none of the past.
      const fresh = await open(base, b);
      expect(await fresh.next(unreadMessages(3))).toBeDefined();
      expect(fresh.events.filter((e) => e.event === 'message')).toEqual([]);
    });

    test.runIf(dbKind === 'postgres')(
      'two app servers on one database: a message sent through A is on the stream on B within 1 s',
      async () => {
        const other = await startTestApp(anotherServerOf(t));
        try {
          const onB = await serve(other);
          const a = await t.member();
          const b = await t.member();
          const id = await conversation(t, a, b);
          const s = await open(onB, b);
          expect(await s.next(unreadMessages(0))).toBeDefined();
          const started = Date.now();
          const sent = await send(t, a, id, 'A 서버에서 보냅니다');
          expect(await s.next(messageOf(sent), { ms: 1000 })).toBeDefined();
          expect(Date.now() - started).toBeLessThan(1000);

          // Many members write to b at once, through both servers: every message is told, once,
          // although their transactions run side by side and could commit out of id order.
          const senders = await Promise.all(Array.from({ length: 6 }, () => t.member()));
          const talks = await Promise.all(senders.map((m) => conversation(t, m, b)));
          const burst = await Promise.all(
            senders.flatMap((m, i) =>
              Array.from({ length: 5 }, (_, k) => send(k % 2 === 0 ? t : other, m, talks[i] as number, `동시에 ${i}-${k}`)),
            ),
          );
          for (const mid of burst) expect(await s.next(messageOf(mid), { ms: 3000 }), `message ${mid}`).toBeDefined();
          const told = s.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).id);
          expect(told).toHaveLength(new Set(told).size);
          s.close();
        } finally {
          endLiveStreams(other.deps);
          await other.close();
        }
      },
    );
  });

  // Last: the server stops taking streams.
  test('a stopping server ends its streams at once and takes no new ones', async () => {
    const m = await t.member();
    const s = await open(base, m);
    expect(await s.next(unread(0))).toBeDefined();
    endLiveStreams(t.deps);
    await s.ended;
    const refused = await open(base, m);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});
