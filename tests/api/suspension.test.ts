import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Fair suspensions (PRODUCT.md "Members and trust"): an admin suspends a member for some days with
// a reason; the member reads and logs in, but every write is 403 `suspended` with the end; it ends
// by itself or when the admin ends it; the audit log records it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const suspend = (token: string, id: number, body: object) => t.call('POST', `/api/admin/user/${id}/suspend`, { token, body });

describe('suspension', () => {
  test('a suspended member reads and logs in, but every write is 403 suspended with the end', async () => {
    const root = await t.root();
    const m = await t.member();
    const writer = await t.member();
    const post = (
      await t.call('POST', '/api/board', { token: writer.token, body: { topcategory: 5, title: '모임 안내', content: '<p>토요일</p>' } })
    ).body.id;
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
      expect(res.body.detail, path).toMatch(/까지 활동이 정지/);
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
