import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { createLogger } from '#server/lib/logger.ts';
import { flushViews } from '#server/modules/view/view.service.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A visitor's GET for a page fresh in the page cache is answered before the app, straight on
// node's response (issue #14). Over a real socket, as a browser asks: that answer must be the
// app's own answer for the same page, header for header and byte for byte but for its nonce,
// request id and date; the app's answer is had by sending a session cookie that names no session
// (the app's way, read as a visitor). Needs the built app (`npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
let app: App;
let server: http.Server;
let base: string;
/** Requests that reached the app, rather than being answered before it. */
let reached = 0;
const logLines: Record<string, unknown>[] = [];
let post: number;

beforeAll(async () => {
  t = await startTestApp();
  const logger = createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) });
  app = createApp({ ...t.deps, logger }, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
  const fetch = app.fetch;
  app.fetch = (...args) => {
    reached++;
    return fetch(...args);
  };
  server = http.createServer(app.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const m = await t.member();
  const created = await t.call('POST', '/api/board', {
    token: m.token,
    body: { topcategory: 5, category: '자유게시판', title: '캐시에서 바로 가는 글', content: '<p>본문</p>' },
  });
  expect(created.status).toBe(200);
  post = created.body.id;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, and decoded as its Content-Encoding says. */
  bytes: Buffer;
  html: string;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET', on = base): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(on + url, { method, headers: { 'user-agent': BROWSER_USER_AGENT, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        // gunzip checks the gzip's checksum: a wrong one after the nonce is written in throws.
        const html = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, html });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Through the app, as a visitor: a session cookie that names no session. */
const viaApp = (url: string, headers: Record<string, string> = {}) =>
  get(url, { ...headers, cookie: [`${TOKEN_COOKIE}=no-such-session`, headers.cookie].filter(Boolean).join('; ') });

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1)';

/** Puts a page in the cache, current: the views counted so far are written first (their writing,
 * on a timer, renews the pages that show them), then a crawler, whose visit is not counted, asks
 * for it. */
async function warm(url: string): Promise<void> {
  await flushViews(t.deps);
  expect((await get(url, { 'user-agent': CRAWLER })).status).toBe(200);
}

/** Answers `fn` gives without reaching the app. */
async function direct<T>(fn: () => Promise<T>): Promise<T> {
  const before = reached;
  const answer = await fn();
  expect(reached, 'answered before the app').toBe(before);
  return answer;
}

function nonceOf(r: Raw): string {
  const nonce = /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  return nonce as string;
}

/** The headers that are the same in two answers of one page. */
function lasting(r: Raw): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, 'set-cookie': _cookie, ...rest } = r.headers;
  return { ...rest, 'content-security-policy': String(rest['content-security-policy']).replace(nonceOf(r), 'NONCE') };
}

describe('cached pages answered before the app', () => {
  test('every header of the app’s answer, a fresh nonce that the page’s scripts carry, the same page in each encoding', async () => {
    await warm('/community');
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip', 'br', 'identity', '']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const fast = await direct(() => get('/community', headers));
      const slow = await viaApp('/community', headers);
      expect(fast.status).toBe(200);
      expect(lasting(fast)).toEqual(lasting(slow));
      expect(fast.headers['content-encoding']).toBe(encoding === '' || encoding === 'identity' ? undefined : 'gzip');
      expect(Number(fast.headers['content-length'])).toBe(fast.bytes.length);
      const nonce = nonceOf(fast);
      expect(nonce).not.toBe(nonceOf(slow));
      expect(fast.html).toContain(`nonce="${nonce}"`);
      expect(fast.html.replaceAll(nonce, 'NONCE')).toBe(slow.html.replaceAll(nonceOf(slow), 'NONCE'));
    }
    const fast = await direct(() => get('/community', { 'accept-encoding': 'gzip' }));
    // What a visitor's page must carry, named here so that none can go missing from both ways.
    expect(fast.headers).toMatchObject({
      'cache-control': 'no-cache',
      'content-type': 'text/html; charset=utf-8',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
      vary: 'Cookie, Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(fast.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self' 'nonce-[^']+'; .*frame-ancestors 'none'$/,
    );
    expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fast.headers['set-cookie']).toBeUndefined();
    // Each answer its own nonce, also past the answers after which the checksum is worked out
    // rather than read (gunzip checks every one).
    const nonces = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const again = await direct(() => get('/community', { 'accept-encoding': 'gzip' }));
      nonces.add(nonceOf(again));
      expect(again.html).toContain(`nonce="${nonceOf(again)}"`);
    }
    expect(nonces.size).toBe(40);
  });

  test('a detail page counts the view and gives a new visitor the visitor cookie', async () => {
    const count = async () => (await t.call('GET', `/api/board/${post}`, { headers: { 'user-agent': CRAWLER } })).body.item.count as number;
    await warm(`/community/${post}`);
    const before = await count();
    const fresh = await direct(() => get(`/community/${post}`));
    expect(fresh.status).toBe(200);
    const vid = /^vid=([^;]+);/.exec(String(fresh.headers['set-cookie']))?.[1];
    expect(vid).toBeTruthy();
    expect(String(fresh.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(await count()).toBe(before + 1);
    // The same visitor again: no new cookie, not counted twice in a day.
    await warm(`/community/${post}`);
    const again = await direct(() => get(`/community/${post}`, { cookie: `vid=${vid}` }));
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await count()).toBe(before + 1);
    // As the app's way answers it.
    const slow = await viaApp(`/community/${post}`, { cookie: `vid=${vid}` });
    expect(lasting(again)).toEqual(lasting(slow));
  });

  test('without the visitor cookie a page counts once per address and item per day, directly and the app’s way', async () => {
    const count = async () => (await t.call('GET', `/api/board/${post}`, { headers: { 'user-agent': CRAWLER } })).body.item.count as number;
    await warm(`/community/${post}`);
    const before = await count();
    for (let i = 0; i < 15; i++)
      expect((await direct(() => get(`/community/${post}`, { 'x-forwarded-for': '198.51.100.20' }))).status).toBe(200);
    for (let i = 0; i < 15; i++) expect((await viaApp(`/community/${post}`, { 'x-forwarded-for': '198.51.100.20' })).status).toBe(200);
    expect(await count()).toBe(before + 1);
    await warm(`/community/${post}`);
    await direct(() => get(`/community/${post}`, { 'x-forwarded-for': '198.51.100.21' }));
    await viaApp(`/community/${post}`, { 'x-forwarded-for': '198.51.100.22' });
    expect(await count()).toBe(before + 3);
  });

  test('a request log line and the request id, the client’s own when it sends one', async () => {
    await warm('/community');
    const fast = await direct(() => get('/community', { 'x-request-id': 'client-chosen-id-2', 'x-forwarded-for': '203.0.113.9' }));
    expect(fast.headers['x-request-id']).toBe('client-chosen-id-2');
    const line = logLines.find((l) => l.reqId === 'client-chosen-id-2');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', url: '/community', status: 200, ip: '203.0.113.9' });
    expect(typeof line?.ms).toBe('number');
  });

  test('what is not a visitor’s GET of a fresh page goes the app’s way', async () => {
    await get('/community');
    let before = reached;
    const head = await get('/community', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(reached).toBe(before + 1);
    before = reached;
    await viaApp('/community');
    expect(reached).toBe(before + 1);
  });

  test('a member’s page comes from the shared copy too, with their parts, as the app’s way fills it in', async () => {
    const nickname = '바로받는회원';
    const member = await t.member({ nickname });
    const session = `${TOKEN_COOKIE}=${member.token}`;
    const url = `/community/${post}`;
    await warm(url);
    const fast = await direct(() => get(url, { cookie: session, 'x-request-id': 'member-direct-id-1' }));
    expect(fast.status).toBe(200);
    expect(fast.headers['cache-control']).toBe('private, no-store');
    // The member's parts: their #me, their name in the header; no visitor cookie for them.
    expect(/<script[^>]*id="me"[^>]*>([^<]*)</.exec(fast.html)?.[1]).toContain(`"id":${member.id}`);
    expect(fast.html).toContain(nickname);
    expect(fast.headers['set-cookie']).toBeUndefined();
    // Byte for byte what the app's way answers this member, but for the nonce.
    const slow = await app.request(base + url, { headers: { 'user-agent': BROWSER_USER_AGENT, cookie: session } });
    const slowHtml = await slow.text();
    const slowNonce = /'nonce-([^']+)'/.exec(slow.headers.get('content-security-policy') ?? '')?.[1] as string;
    expect(fast.html.replaceAll(nonceOf(fast), 'NONCE')).toBe(slowHtml.replaceAll(slowNonce, 'NONCE'));
    expect(slow.headers.get('cache-control')).toBe('private, no-store');
    // The log line names the member.
    expect(logLines.find((l) => l.reqId === 'member-direct-id-1')).toMatchObject({ status: 200, user: member.id });
    // An ended session goes the app's way, which reads it as a visitor.
    const before = reached;
    await get(url, { cookie: `${TOKEN_COOKIE}=no-such-session` });
    expect(reached).toBe(before + 1);
  });

  test('a member’s client navigation (.data) comes from the shared copy too, named in its header as the app’s way names them', async () => {
    const member = await t.member({ nickname: '옮겨가는회원' });
    const session = `${TOKEN_COOKIE}=${member.token}`;
    for (const url of [`/community/${post}.data`, '/community.data', '/_.data']) {
      await warm(url);
      const fast = await direct(() => get(url, { cookie: session }));
      expect(fast.status).toBe(200);
      expect(fast.headers['cache-control']).toBe('private, no-store');
      const told = JSON.parse(decodeURIComponent(String(fast.headers['x-me'])));
      expect(told).toMatchObject({ id: member.id, nickname: '옮겨가는회원' });
      // What the app's way answers this member, but for the nonce.
      const slow = await app.request(base + url, { headers: { 'user-agent': BROWSER_USER_AGENT, cookie: session } });
      expect(slow.headers.get('x-me')).toBe(fast.headers['x-me']);
      expect(slow.headers.get('content-type')).toBe(fast.headers['content-type']);
      const slowNonce = /'nonce-([^']+)'/.exec(slow.headers.get('content-security-policy') ?? '')?.[1] as string;
      expect(fast.html.replaceAll(nonceOf(fast), 'NONCE')).toBe((await slow.text()).replaceAll(slowNonce, 'NONCE'));
    }
  });

  test('a member’s direct answers follow what they change at once: their bell once read, a new nickname, a like, a logout', async () => {
    const reader = await t.member({ nickname: '알림읽는회원' });
    const other = await t.member();
    const session = `${TOKEN_COOKIE}=${reader.token}`;
    const mine = await t.call('POST', '/api/board', {
      token: reader.token,
      body: { topcategory: 5, category: '자유게시판', title: '댓글을 기다리는 글', content: '<p>본문</p>' },
    });
    // The other member's comment is the reader's one unread notification.
    const comment = await t.call('POST', '/api/comment', { token: other.token, body: { board: mine.body.id, content: '첫 댓글' } });
    expect(comment.status).toBe(200);
    const url = '/community';
    const meOf = (r: Raw) => JSON.parse(/<script[^>]*id="me"[^>]*>([^<]*)</.exec(r.html)?.[1] ?? 'null');
    await warm(url);
    // Asked twice: the second answer is the one kept for the member.
    for (let i = 0; i < 2; i++) expect(meOf(await direct(() => get(url, { cookie: session })))).toMatchObject({ unread: 1 });
    // Reading notifications leaves every stored page in place; the bell is read again at once.
    expect((await t.call('PUT', '/api/notification/read', { token: reader.token, body: { all: true } })).status).toBe(200);
    expect(meOf(await direct(() => get(url, { cookie: session })))).toMatchObject({ unread: 0 });
    // A new nickname is in the header of the member's next page.
    const renamed = await t.call('PUT', '/api/user', { token: reader.token, body: { id: reader.id, nickname: '새이름회원' } });
    expect(renamed.status).toBe(200);
    await warm(url);
    // (React marks where one text ends and the next begins: `닉네임<!-- -->님`.)
    const header = (r: Raw) => r.html.replaceAll('<!-- -->', '');
    const after = await direct(() => get(url, { cookie: session }));
    expect(header(after)).toContain('새이름회원님');
    expect(header(after)).not.toContain('알림읽는회원님');
    // Their like shows on the post's page at once, also where its count may lag a moment.
    const detail = `/community/${mine.body.id}`;
    const pressed = (r: Raw) => /<button id="like" type="submit"[^>]*aria-pressed="(true|false)"/.exec(r.html)?.[1];
    await warm(detail);
    for (let i = 0; i < 2; i++) expect(pressed(await direct(() => get(detail, { cookie: session })))).toBe('false');
    expect((await t.call('POST', '/api/like', { token: reader.token, body: { target: 'board', item: mine.body.id } })).status).toBe(200);
    expect(pressed(await get(detail, { cookie: session }))).toBe('true');
    // Logged out, the same token gets a visitor's page, the app's way.
    expect((await t.call('DELETE', '/api/jwt', { token: reader.token })).status).toBe(200);
    const before = reached;
    const out = await get(url, { cookie: session });
    expect(reached).toBe(before + 1);
    expect(meOf(out)).toBeNull();
    expect(header(out)).not.toContain('새이름회원님');
  });

  test('a copy late only by a like answers directly for a moment, but not to the liker', async () => {
    const url = `/community/${post}`;
    // Signing up is a write of its own, which renews every page: before the page is stored.
    const m = await t.member();
    await warm(url);
    const like = await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: post } });
    expect(like.status).toBe(200);
    const wrote = like.headers.get('set-cookie')?.split(';')[0] as string;
    expect(wrote).toBe('wrote=1');
    // Answered before the app with the copy drawn before the like (its count not yet in it).
    const late = await direct(() => get(url, { 'user-agent': CRAWLER }));
    expect(late.html).toMatch(/data-testid="like-count">0</);
    // The liker's next page goes the app's way and is drawn anew.
    const before = reached;
    const own = await get(url, { 'user-agent': CRAWLER, cookie: wrote });
    expect(reached).toBe(before + 1);
    expect(own.html).toMatch(/data-testid="like-count">1</);
  });

  test('over the load limits a cached page is refused like any request', async () => {
    const busy = createApp(
      { ...t.deps, env: { ...t.deps.env, LOAD_MAX_IN_FLIGHT: 2 } },
      { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) },
    );
    const busyServer = http.createServer(busy.listener);
    await new Promise<void>((resolve) => busyServer.listen(0, '127.0.0.1', resolve));
    const on = `http://127.0.0.1:${(busyServer.address() as AddressInfo).port}`;
    try {
      expect((await get('/community', {}, 'GET', on)).status).toBe(200);
      // Logins hash a password off the event loop (a failed one too, and it writes nothing that
      // a page shows): they stay under way while the page is asked for.
      let done = false;
      const logins = Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          globalThis.fetch(`${on}/api/jwt`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.66.0.${i + 1}` },
            body: JSON.stringify({ loginid: 'nobody@stored-hits.example', passwd: 'not-a-password-1' }),
          }),
        ),
      ).finally(() => {
        done = true;
      });
      const statuses = new Set<number>();
      while (!done && !statuses.has(503)) statuses.add((await get('/community', {}, 'GET', on)).status);
      await logins;
      expect(statuses).toContain(503);
      expect((await get('/community', {}, 'GET', on)).status).toBe(200);
    } finally {
      await new Promise((resolve) => busyServer.close(resolve));
    }
  });
});
