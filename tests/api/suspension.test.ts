import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Fair suspensions (PRODUCT.md "Members and trust"): an admin suspends a member for some days with
// a reason; the member reads and logs in, but every write is 403 `suspended` with the end; it ends
// by itself or when the admin ends it; the audit log records it. Pages' forms sent without
// JavaScript (route actions, which call the services directly) are refused alike; those tests
// need the built app (`npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const suspend = (token: string, id: number, body: object) => t.call('POST', `/api/admin/user/${id}/suspend`, { token, body });

/** A member to suspend, and another member's post for them to write to. */
async function memberBesidePost() {
  const root = await t.root();
  const m = await t.member();
  const writer = await t.member();
  const body = { topcategory: 5, title: '모임 안내', content: '<p>토요일</p>' };
  const post: number = (await t.call('POST', '/api/board', { token: writer.token, body })).body.id;
  return { root, m, writer, post };
}

describe('suspension', () => {
  test('a suspended member reads and logs in, but every write is 403 suspended with the end', async () => {
    const { root, m, writer, post } = await memberBesidePost();
    const done = await suspend(root, m.id, { days: 7, reason: '욕설' });
    expect(done.body).toMatchObject({ code: 'ok', id: m.id, reason: '욕설' });
    const until = Date.parse(done.body.until);
    expect(until - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // Reads and a fresh login work.
    expect((await t.call('GET', `/api/board/${post}`, { token: m.token })).status).toBe(200);
    const token = await t.login(m.loginid, m.passwd);
    for (const [method, path, body] of [
      ['POST', '/api/board', { topcategory: 5, title: '새 글', content: '<p>내용</p>' }],
      ['POST', '/api/comment', { board: post, content: '댓글' }],
      ['POST', '/api/like', { target: 'board', item: post }],
      ['POST', '/api/conversation', { user: writer.id }],
      ['POST', '/api/report', { target: 'board', item: post, reason: 'spam' }],
      ['POST', '/api/review', { target: 'board', item: post, rating: 3 }],
    ] as const) {
      const res = await t.call(method, path, { token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe('suspended');
      expect(res.body.detail, path).toMatch(/까지 활동이 정지되었습니다\. 사유: 욕설$/);
    }
    // The audit log has it.
    const audit = await t.call('GET', `/api/admin/audit?target=users&item=${m.id}`, { token: root });
    expect(JSON.stringify(audit.body)).toContain('suspend');

    // Ended by the admin (days 0): writes again.
    expect((await suspend(root, m.id, { days: 0 })).body).toMatchObject({ until: '', reason: '' });
    expect((await t.call('POST', '/api/comment', { token, body: { board: post, content: '다시 댓글' } })).status).toBe(200);
  });

  test('it ends by itself once its time has passed', async () => {
    const m = await t.member();
    const post = (await t.call('POST', '/api/board', { token: m.token, body: { topcategory: 5, title: '글', content: '<p>내용</p>' } }))
      .body.id;
    await t.deps.db
      .updateTable('users')
      .set({ suspenduntil: new Date(Date.now() - 1000).toISOString(), suspendreason: '도배' })
      .where('id', '=', m.id)
      .execute();
    const token = await t.login(m.loginid, m.passwd);
    expect((await t.call('POST', '/api/comment', { token, body: { board: post, content: '끝났어요' } })).status).toBe(200);
  });

  test('admins only, not oneself, not a higher level; a reason is asked for', async () => {
    const root = await t.root();
    const m = await t.member();
    const other = await t.member();
    expect((await suspend(other.token, m.id, { days: 3, reason: '이유' })).status).toBe(403);
    expect((await t.call('POST', `/api/admin/user/${m.id}/suspend`, { body: { days: 3, reason: '이유' } })).status).toBe(401);
    expect((await suspend(root, m.id, { days: 3 })).status).toBe(400);
    expect((await suspend(root, m.id, { days: 366, reason: '이유' })).status).toBe(400);
    expect((await suspend(root, 99_999_999, { days: 3, reason: '이유' })).status).toBe(404);
  });
});

describe('pages sent without JavaScript', () => {
  let pages: ReturnType<typeof createApp>;
  beforeAll(() => {
    pages = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
  });
  const form = (token: string, address: string, fields: Record<string, string>) =>
    pages.request(`http://localhost${address}`, {
      method: 'POST',
      headers: { cookie: `${TOKEN_COOKIE}=${token}`, origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  test("the admins' list suspends with a reason and ends it; a missing reason is said at its field", async () => {
    const root = await t.root();
    const m = await t.member();
    const empty = await form(root, `/admin/user?suspend=${m.id}`, { intent: 'suspend', id: String(m.id), days: '7', reason: ' ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('정지 사유를 적어 주세요');

    const done = await form(root, `/admin/user?keyword=${m.loginid}&suspend=${m.id}`, {
      intent: 'suspend',
      id: String(m.id),
      days: '3',
      reason: '반복된 광고 글 🙅 도배',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/admin/user?keyword=${encodeURIComponent(m.loginid)}`);
    const list = await (
      await pages.request(`http://localhost/admin/user?keyword=${m.loginid}`, { headers: { cookie: `${TOKEN_COOKIE}=${root}` } })
    ).text();
    expect(list).toContain('까지 정지');
    expect(list).toContain('정지 사유: 반복된 광고 글 🙅 도배');
    const mine = await t.call('GET', `/api/user/${m.id}`, { token: m.token });
    expect(mine.status).toBe(200);
    const refused = await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: 1 } });
    expect(refused.body.message).toBe('suspended');

    expect((await form(root, '/admin/user', { intent: 'unsuspend', id: String(m.id) })).status).toBe(303);
    const audit = await t.call('GET', `/api/admin/audit?target=users&item=${m.id}`, { token: root });
    expect(audit.body.items.filter((a: { action: string }) => a.action === 'suspend')).toHaveLength(2);
  });

  test("a suspended member's comment, like and new post sent as forms are refused with the end date and the reason, what was typed given back; logging out is not", async () => {
    const { root, m, writer, post } = await memberBesidePost();
    const reason = '같은 광고를 반복해서 올림 <b>🙅</b>';
    expect((await suspend(root, m.id, { days: 7, reason })).status).toBe(200);
    const token = await t.login(m.loginid, m.passwd);
    for (const [address, fields, kept] of [
      [`/community/${post}`, { intent: 'comment', content: '정지 중에 쓴 댓글 & 답장' }, ['정지 중에 쓴 댓글 &amp; 답장']],
      [`/community/${post}`, { intent: 'like' }, []],
      ['/community/write', { title: '정지 중에 쓴 글', content: '<p>내용</p>' }, ['정지 중에 쓴 글', '&lt;p&gt;내용&lt;/p&gt;']],
    ] as const) {
      const res = await form(token, address, fields);
      expect(res.status, address).toBe(403);
      const page = await res.text();
      expect(page, address).toMatch(/<h1[^>]*>\d{4}-\d{2}-\d{2} \d{2}:\d{2}까지 활동이 정지되었습니다<\/h1>/);
      expect(page, address).toContain('사유: 같은 광고를 반복해서 올림 &lt;b&gt;🙅&lt;/b&gt;');
      expect(page, address).toContain('href="/mypage"');
      expect(page, address).not.toContain('권한이 없습니다');
      // The header still knows the member.
      expect(page, address).toContain('로그아웃');
      for (const text of kept) expect(page, address).toContain(`>${text}</textarea>`);
      expect(page.includes('보내지 못한 내용'), address).toBe(kept.length > 0);
      expect(page, address).toContain(`href="${address}"`);
    }
    const thread = await t.call('GET', `/api/comment?target=board&board=${post}`, { token: writer.token });
    expect(JSON.stringify(thread.body)).not.toContain('정지 중에 쓴 댓글');
    // Logging out through the login page's form stays open.
    expect((await form(token, '/login?logout=1', {})).status).toBe(302);
  });
});
