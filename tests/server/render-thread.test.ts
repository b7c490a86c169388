import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { type RenderThreads, startRenderThreads } from '#server/pages/render-thread.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { pagesDrawn, shownTotal } from '#tests/support/drawn-pages.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// SQLite: pages drawn for the page cache in a thread of their own, on their own connection, with
// caches the server's writes keep (pages/render-thread.ts). What a visitor sees must be what the
// server's own thread would have drawn: the write just made, the view just counted.

let t: TestApp;
let app: ReturnType<typeof createApp>;
let thread: RenderThreads;

beforeAll(async () => {
  t = await startTestApp();
  const root = path.resolve(import.meta.dirname, '../..');
  if (!existsSync(path.join(root, 'build/server/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  thread = startRenderThreads(t.deps, { root, count: 1 });
  app = createApp(t.deps, { root, dev: false, loadBuild: productionBuild(root), renderThreads: thread });
  await thread.ready;
}, 120_000);
afterAll(async () => {
  await thread.close();
  await t.close();
});

let ip = 0;
async function visit(url: string, cookie?: string): Promise<Response> {
  const headers = { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': `10.78.0.${++ip % 250}`, ...(cookie && { cookie }) };
  const res = await app.request(url, { headers });
  expect(res.status).toBe(200);
  return res;
}

/** Pages drawn for the cache so far, by the thread that drew them. */
async function drawn(): Promise<{ render: number; server: number }> {
  return pagesDrawn(await t.deps.metrics.registry.metrics());
}

async function post(title: string): Promise<number> {
  const m = await t.member();
  const res = await t.call('POST', '/api/board', {
    token: m.token,
    body: { topcategory: 5, category: '자유게시판', title, content: '<p>본문 😀 mixed 한글</p>' },
  });
  expect(res.status).toBe(200);
  return (res.body as { id: number }).id;
}

async function storedCount(id: number): Promise<number> {
  const res = await t.call('GET', `/api/board/${id}`, { headers: { 'user-agent': 'Googlebot/2.1' } });
  return (res.body as { item: { count: number } }).item.count;
}

describe('pages drawn in the render thread', () => {
  test('a page nobody has seen is drawn in the thread, then served stored', async () => {
    const before = await drawn();
    const page = await (await visit('/community?category=%EB%AA%A8%EC%9E%84')).text();
    expect(page).toContain('커뮤니티');
    expect(await drawn()).toEqual({ render: before.render + 1, server: before.server });
    await visit('/community?category=%EB%AA%A8%EC%9E%84');
    expect(await drawn()).toEqual({ render: before.render + 1, server: before.server });
  });

  test('a member gets the page the thread drew for nobody, with their own name filled in; a visitor never sees it', async () => {
    const nickname = `스레드회원${Date.now() % 100000}`;
    const m = await t.member({ nickname });
    const url = `/community?category=${encodeURIComponent('맛집')}`;
    const before = await drawn();
    const mine = await (await visit(url, `${TOKEN_COOKIE}=${m.token}`)).text();
    expect(mine).toContain(nickname);
    expect(mine).toContain('로그아웃');
    expect(await drawn()).toEqual({ render: before.render + 1, server: before.server });
    const visitors = await (await visit(url)).text();
    expect(visitors).not.toContain(nickname);
    expect((await drawn()).render).toBe(before.render + 1);
  });

  test('a write on the server is on the next page the thread draws, lists and counts included', async () => {
    // A keyword's total is counted and kept in the thread (db/table-reads.ts) until a write of its table.
    const url = `/community?keyword=${encodeURIComponent('스레드')}`;
    await post('스레드 먼저 쓴 글');
    const first = await (await visit(url)).text();
    expect(first).toContain('먼저 쓴 글');
    const title = `스레드에서 그린 새 글 🍜 ${Date.now()}`;
    await post(title);
    const before = await drawn();
    const second = await (await visit(url)).text();
    expect(second).toContain(title);
    expect(shownTotal(second)).toBe(shownTotal(first) + 1);
    expect((await drawn()).render).toBe(before.render + 1);
  });

  test('a visitor’s first view is shown on the page, counted once, and remembered by their cookie', async () => {
    const id = await post(`조회수 스레드 ${Date.now()}`);
    const res = await visit(`/community/${id}`);
    const page = await res.text();
    expect(page).toMatch(/조회 1</);
    const vid = res.headers.get('set-cookie')?.match(/vid=([^;]+)/)?.[1];
    expect(vid).toBeTruthy();
    await expect.poll(() => storedCount(id), { timeout: 5000 }).toBe(1);
    // The same visitor again: not counted. Another: counted.
    await visit(`/community/${id}`, `vid=${vid}`);
    await visit(`/community/${id}`);
    await expect.poll(() => storedCount(id), { timeout: 5000 }).toBe(2);
  });

  test.runIf(process.platform === 'linux')('on Linux the thread runs as a batch thread, which yields to the one that wakes it', () => {
    // /proc/<tid>/stat: the policy is the 41st field, counted past the parenthesised name.
    const policies = readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
    });
    const SCHED_BATCH = 3;
    expect(policies.filter((p) => p === SCHED_BATCH)).toHaveLength(1);
  });

  test('without the thread, the server’s own thread draws the page', async () => {
    await thread.close();
    const before = await drawn();
    expect(await (await visit('/jobs')).text()).toContain('구인');
    expect(await drawn()).toEqual({ render: before.render, server: before.server + 1 });
  });
});
