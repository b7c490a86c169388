import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { flushViews } from '#server/modules/view/view.service.ts';
import { productionBuild } from '#server/pages/pages.ts';
import type { Me } from '#shared/api.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { countingDrawnParts } from '#tests/support/drawn-parts.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A member's parts of a shared page (name, bell, like state, controls) are drawn for them once and
// kept until something of theirs changes (traffic issue): another member's like, notification,
// login, logout or account change leaves them kept, while the member's own changes show on
// their next page. Drawings are counted per member at the build's entry, which draws a member's
// parts (`personalContents`). Over a real socket, as a browser asks, so that most answers come
// straight from the page cache (pages/stored-hit.ts). Needs the built app (`npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
let app: App;
let server: http.Server;
let base: string;
/** Members' parts drawn for a member so far. */
let drawnFor: (member: Member) => number;

interface Member {
  id: number;
  token: string;
  loginid: string;
  passwd: string;
}

beforeAll(async () => {
  t = await startTestApp();
  const counted = countingDrawnParts(await productionBuild(PROJECT)());
  drawnFor = counted.drawnFor;
  app = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: async () => counted.build });
  server = http.createServer(app.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Four new members, a post by `c` and one by `a` that others comment on. Each test (and each
 * retry of it) has its own, so that a retry starts from nothing already liked or notified. Made
 * before the test's pages settle: making a member is a write of the users table for everyone. */
async function cast() {
  const [a, b, c, d] = [await t.member(), await t.member(), await t.member(), await t.member()];
  const write = async (m: Member, title: string) => {
    const made = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, category: '자유게시판', title, content: '<p>본문</p>' },
    });
    expect(made.status).toBe(200);
    return made.body.id as number;
  };
  return { a, b, c, d, post: await write(c, '모두가 보는 글'), postOfA: await write(a, '댓글을 기다리는 글') };
}

function get(url: string, token?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': BROWSER_USER_AGENT, 'accept-encoding': 'gzip' };
    if (token) headers.cookie = `${TOKEN_COOKIE}=${token}`;
    const req = http.request(base + url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        expect(res.statusCode).toBe(200);
        const bytes = Buffer.concat(chunks);
        resolve((res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString());
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The member a page was filled in for (`#me`), or null for a visitor's. */
const meOf = (html: string): (Me & { level: number }) | null => JSON.parse(/<script[^>]*id="me"[^>]*>([^<]*)</.exec(html)?.[1] ?? 'null');
const pressed = (html: string) => /<button id="like" type="submit"[^>]*aria-pressed="(true|false)"/.exec(html)?.[1];

/** The post's page, stored and each member's parts of it drawn and kept (asked twice: the second
 * answer is the kept one). */
async function settled(url: string, members: Member[]): Promise<void> {
  await flushViews(t.deps);
  expect(meOf(await get(url))).toBeNull();
  for (const m of members) for (let i = 0; i < 2; i++) expect(meOf(await get(url, m.token))?.id).toBe(m.id);
  for (const m of members) {
    const before = drawnFor(m);
    await get(url, m.token);
    expect(drawnFor(m), 'kept once drawn').toBe(before);
  }
}

// These count how often a member's parts are drawn. On a heavily loaded machine a read that
// overlaps a write, or a moment without hearing PostgreSQL's announcements, is drawn again on
// purpose (write-tracker.ts: such a read is never kept as the state after the write), and one
// count comes out one higher. A real leak of another member's writes fails every attempt.
describe('a member’s parts are drawn again only when something of theirs changed', { retry: 2 }, () => {
  test('another member’s like and notification leave them kept; the member’s own like and notices show at once', async () => {
    const { a, b, c, post, postOfA } = await cast();
    const url = `/community/${post}`;
    await settled(url, [a, b]);
    const keptOfB = drawnFor(b);

    // A likes the post: A's page shows it pressed at once; B's parts stay as drawn.
    expect((await t.call('POST', '/api/like', { token: a.token, body: { target: 'board', item: post } })).status).toBe(200);
    expect(pressed(await get(url, a.token))).toBe('true');
    const ofB = await get(url, b.token);
    expect(pressed(ofB)).toBe('false');
    expect(drawnFor(b)).toBe(keptOfB);

    // C comments on A's post: A's bell counts it on A's next page; B's parts stay as drawn.
    expect((await t.call('POST', '/api/comment', { token: c.token, body: { board: postOfA, content: '알림 가는 댓글' } })).status).toBe(
      200,
    );
    expect(meOf(await get(url, a.token))?.unread).toBe(1);
    expect(meOf(await get(url, b.token))?.unread).toBe(0);
    expect(drawnFor(b)).toBe(keptOfB);

    // B's own like and notice show on B's next page, drawn for B again.
    expect((await t.call('POST', '/api/like', { token: b.token, body: { target: 'board', item: post } })).status).toBe(200);
    expect(pressed(await get(url, b.token))).toBe('true');
    expect(drawnFor(b)).toBe(keptOfB + 1);
    expect((await t.call('POST', '/api/comment', { token: a.token, body: { board: post, content: '글쓴이에게 가는 댓글' } })).status).toBe(
      200,
    );
    const keptOfA = drawnFor(a);
    const commented = await t.call('POST', '/api/comment', { token: c.token, body: { board: postOfA, content: '둘째 알림' } });
    expect(commented.status).toBe(200);
    expect(meOf(await get(url, a.token))?.unread).toBe(2);
    expect(drawnFor(a)).toBe(keptOfA + 1);
    // Reading them all empties A's bell at once.
    expect((await t.call('PUT', '/api/notification/read', { token: a.token, body: { all: true } })).status).toBe(200);
    expect(meOf(await get(url, a.token))?.unread).toBe(0);
    expect(drawnFor(b)).toBe(keptOfB + 1);
  });

  test('a private message counts on its reader’s 쪽지 at once; a third member’s parts stay kept', async () => {
    const { a, b, d } = await cast();
    const url = '/community';
    await settled(url, [a, b, d]);
    const keptOfD = drawnFor(d);
    const before = meOf(await get(url, b.token))?.unreadMessages ?? 0;
    const id = (await t.call('POST', '/api/conversation', { token: a.token, body: { user: b.id } })).body.id;
    expect((await t.call('POST', `/api/conversation/${id}/message`, { token: a.token, body: { content: '안녕하세요' } })).status).toBe(200);
    expect(meOf(await get(url, b.token))?.unreadMessages).toBe(before + 1);
    expect(meOf(await get(url, a.token))?.unreadMessages).toBe(0);
    expect(meOf(await get(url, d.token))?.id).toBe(d.id);
    expect(drawnFor(d)).toBe(keptOfD);
    expect((await t.call('PUT', `/api/conversation/${id}/read`, { token: b.token })).status).toBe(200);
    expect(meOf(await get(url, b.token))?.unreadMessages).toBe(before);
  });

  test('a list shows nothing of a member’s likes: their own like leaves their parts of it kept, while their bell shows at once', async () => {
    const { b, c, post, postOfA } = await cast();
    const url = '/community';
    await settled(url, [c]);
    const kept = drawnFor(c);
    const unread = meOf(await get(url, c.token))?.unread ?? 0;
    expect((await t.call('POST', '/api/like', { token: c.token, body: { target: 'board', item: postOfA } })).status).toBe(200);
    expect(meOf(await get(url, c.token))?.id).toBe(c.id);
    expect(drawnFor(c)).toBe(kept);
    // B comments on C's post: C's bell on the list counts it on C's next page.
    expect((await t.call('POST', '/api/comment', { token: b.token, body: { board: post, content: '목록에서 보는 알림' } })).status).toBe(
      200,
    );
    expect(meOf(await get(url, c.token))?.unread).toBe(unread + 1);
    expect(drawnFor(c)).toBe(kept + 1);
  });

  test('a logout, a password change and a level change apply on the member’s next page; the others stay kept', async () => {
    const { a, b, d, post } = await cast();
    const url = `/community/${post}`;
    // D's second session, which D's password change ends.
    const other = await t.login(d.loginid, d.passwd);
    const dOther: Member = { ...d, token: other };
    await settled(url, [a, b, dOther]);
    const keptOfB = drawnFor(b);

    // The root admin makes A a level-3 member: A's next page says so, B's parts stay as drawn.
    expect((await t.call('PUT', '/api/user', { token: await t.root(), body: { id: a.id, level: 3 } })).status).toBe(200);
    expect(meOf(await get(url, a.token))?.level).toBe(3);
    expect(meOf(await get(url, b.token))?.id).toBe(b.id);
    expect(drawnFor(b)).toBe(keptOfB);

    // D changes their password in one session: the other session's next page is a visitor's.
    const changed = await t.call('PUT', '/api/user', {
      token: d.token,
      body: { id: d.id, passwd: 'changed-pass-2026', currentpasswd: d.passwd },
    });
    expect(changed.status).toBe(200);
    expect(meOf(await get(url, other))).toBeNull();
    expect(meOf(await get(url, changed.body.token))?.id).toBe(d.id);
    expect(meOf(await get(url, b.token))?.id).toBe(b.id);
    expect(drawnFor(b)).toBe(keptOfB);

    // A logs out: the same token's next page is a visitor's; B's parts stay as drawn.
    expect((await t.call('DELETE', '/api/jwt', { token: a.token })).status).toBe(200);
    expect(meOf(await get(url, a.token))).toBeNull();
    expect(meOf(await get(url, b.token))?.id).toBe(b.id);
    expect(drawnFor(b)).toBe(keptOfB);

    // Logging out everywhere ends B's own sessions at once.
    expect((await t.call('DELETE', '/api/jwt/all', { token: b.token })).status).toBe(200);
    expect(meOf(await get(url, b.token))).toBeNull();
  });
});
