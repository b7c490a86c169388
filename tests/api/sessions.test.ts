import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pruneSessions } from '#server/modules/auth/auth.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Sessions the server ends (security review, defect 1: a logged-out token kept working for seven
// days), on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = (id: number, auth: { token?: string; cookie?: string }) => t.call('GET', `/api/user/${id}`, auth);

describe('logging out ends the session on the server', () => {
  test('after DELETE /api/jwt the token is refused as a Bearer header and as the cookie; other sessions go on', async () => {
    const m = await t.member();
    const other = await t.login(m.loginid, m.passwd);
    expect((await me(m.id, { token: m.token })).status).toBe(200);
    const out = await t.call('DELETE', '/api/jwt', { token: m.token });
    expect(out.body).toEqual({ code: 'ok' });
    expect((await me(m.id, { token: m.token })).status).toBe(401);
    expect((await me(m.id, { cookie: `portal_token=${m.token}` })).status).toBe(401);
    expect((await me(m.id, { token: other })).status).toBe(200);
  });

  test('logging out by the cookie alone ends that session too', async () => {
    const m = await t.member();
    const out = await t.call('DELETE', '/api/jwt', { cookie: `portal_token=${m.token}`, headers: { origin: 'http://localhost' } });
    expect(out.status).toBe(200);
    expect((await me(m.id, { token: m.token })).status).toBe(401);
  });

  test('모든 기기에서 로그아웃 ends every session of the member, and only theirs', async () => {
    const m = await t.member();
    const phone = await t.login(m.loginid, m.passwd);
    const bystander = await t.member();
    expect((await t.call('DELETE', '/api/jwt/all')).status).toBe(401);
    expect((await t.call('DELETE', '/api/jwt/all', { token: m.token })).body).toEqual({ code: 'ok' });
    for (const token of [m.token, phone]) expect((await me(m.id, { token })).status).toBe(401);
    expect((await me(bystander.id, { token: bystander.token })).status).toBe(200);
    // A new login starts a new session.
    expect((await me(m.id, { token: await t.login(m.loginid, m.passwd) })).status).toBe(200);
  });

  test('a password change keeps this session under its new token and ends the others', async () => {
    const m = await t.member();
    const other = await t.login(m.loginid, m.passwd);
    const changed = await t.call('PUT', '/api/user', {
      token: m.token,
      body: { id: m.id, passwd: 'brand-new-pass-77', currentpasswd: m.passwd },
    });
    expect(changed.body.token).toEqual(expect.any(String));
    expect((await me(m.id, { token: changed.body.token })).status).toBe(200);
    expect((await me(m.id, { token: other })).status).toBe(401);
    expect((await me(m.id, { token: m.token })).status).toBe(401);
  });

  test('the token a password change gives lives as long as its session: pruning does not end it early', async () => {
    const m = await t.member();
    // A session begun six days ago, near the end of its first token's seven days.
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await t.deps.db.updateTable('sessions').set({ date: sixDaysAgo }).where('user', '=', m.id).execute();
    const changed = await t.call('PUT', '/api/user', {
      token: m.token,
      body: { id: m.id, passwd: 'renewed-pass-2026', currentpasswd: m.passwd },
    });
    const token = changed.body.token as string;
    const row = await t.deps.db.selectFrom('sessions').select('date').where('user', '=', m.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.date)).toBeGreaterThan(Date.parse(sixDaysAgo) + 5 * 86_400_000);
    await pruneSessions(t.deps);
    expect((await me(m.id, { token })).status).toBe(200);
  });

  test('blocking an account (use = 2) and demoting an admin take effect at once', async () => {
    const admin = await t.member({ level: 3 });
    const root = await t.root();
    expect((await t.call('GET', '/api/admin/dashboard', { token: admin.token })).status).toBe(200);
    await t.call('PUT', '/api/user', { token: root, body: { id: admin.id, level: 1 } });
    expect((await t.call('GET', '/api/admin/dashboard', { token: admin.token })).status).toBe(403);
    await t.call('PUT', '/api/user', { token: root, body: { id: admin.id, use: 2 } });
    expect((await me(admin.id, { token: admin.token })).status).toBe(401);
  });
});
