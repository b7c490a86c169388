import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/user and friends (SPEC §7, PRODUCT.md permissions)', () => {
  test('initdata answers the SPEC §3 defaults to anyone', async () => {
    const res = await t.call('GET', '/api/user/initdata');
    expect(res.body).toEqual({
      code: 'ok',
      item: {
        id: 0,
        loginid: '',
        passwd: '',
        name: '',
        nickname: '',
        email: '',
        tel: '',
        hp: '',
        level: 1,
        status: 1,
        use: 1,
        remark: '',
        logindate: '',
        lastchangepasswddate: '',
        date: '',
      },
    });
  });

  test('only admins list, count and sum users; members get 403, visitors 401', async () => {
    const m = await t.member();
    for (const path of ['/api/user', '/api/user/count', '/api/user/sum']) {
      expect((await t.call('GET', path)).status).toBe(401);
      const member = await t.call('GET', path, { token: m.token });
      expect(member.status).toBe(403);
      expect(member.body).toEqual({ code: 'error', message: 'forbidden' });
      expect((await t.call('GET', path, { token: await t.root() })).status).toBe(200);
    }
  });

  test('the list filters, searches, sorts and pages; count and sum use the same filters', async () => {
    const root = await t.root();
    const tag = `필터${Date.now()}`;
    for (let i = 0; i < 5; i++) await t.member({ name: `${tag}-${i}`, level: i < 2 ? 2 : 1 });
    const page = await t.call('GET', `/api/user?keyword=${encodeURIComponent(tag)}&size=2&page=2&sort=name`, { token: root });
    expect(page.body).toMatchObject({ code: 'ok', total: 5, page: 2, size: 2 });
    expect(page.body.items.map((u: { name: string }) => u.name)).toEqual([`${tag}-2`, `${tag}-3`]);
    expect(page.body.items[0]).not.toHaveProperty('passwd');
    expect(page.body.items[0]).not.toHaveProperty('nicknamekey');

    const managers = await t.call('GET', `/api/user?keyword=${encodeURIComponent(tag)}&level=2`, { token: root });
    expect(managers.body.total).toBe(2);
    const count = await t.call('GET', `/api/user/count?keyword=${encodeURIComponent(tag)}&level=2`, { token: root });
    expect(count.body).toEqual({ code: 'ok', total: 2 });
    const sum = await t.call('GET', `/api/user/sum?keyword=${encodeURIComponent(tag)}`, { token: root });
    expect(sum.body).toEqual({ code: 'ok', total: 5, sum: { level: 7, status: 5, use: 5 } });
    const empty = await t.call('GET', '/api/user?keyword=아무도없는이름', { token: root });
    expect(empty.body).toEqual({ code: 'ok', items: [], total: 0, page: 1, size: 20 });
  });

  test('list parameters outside the allowed set are a 400 naming them', async () => {
    const root = await t.root();
    expect((await t.call('GET', '/api/user?size=101', { token: root })).body).toMatchObject({ message: 'invalid', field: 'size' });
    expect((await t.call('GET', '/api/user?sort=passwd', { token: root })).body).toMatchObject({ field: 'sort' });
    expect((await t.call('GET', '/api/user?passwd=x', { token: root })).body).toMatchObject({ field: 'passwd' });
    expect((await t.call('GET', "/api/user?keyword=' OR 1=1 --", { token: root })).body).toMatchObject({ code: 'ok', total: 0 });
  });

  test('a member reads only their own record', async () => {
    const a = await t.member();
    const b = await t.member();
    expect((await t.call('GET', `/api/user/${a.id}`, { token: a.token })).body.item.id).toBe(a.id);
    expect((await t.call('GET', `/api/user/${b.id}`, { token: a.token })).status).toBe(403);
    expect((await t.call('GET', '/api/user/999999', { token: await t.root() })).status).toBe(404);
    expect((await t.call('GET', '/api/user/abc', { token: await t.root() })).status).toBe(404);
  });

  test('a member edits their own name, nickname, tel and hp, and nobody else’s', async () => {
    const a = await t.member();
    const b = await t.member();
    const res = await t.call('PUT', '/api/user', {
      token: a.token,
      body: { id: a.id, name: '새이름', nickname: '새닉네임', tel: '02-123-4567', hp: '+1 (213) 555-0100' },
    });
    expect(res.body.item).toMatchObject({ name: '새이름', nickname: '새닉네임', tel: '02-123-4567', hp: '+1 (213) 555-0100' });
    const other = await t.call('PUT', '/api/user', { token: a.token, body: { id: b.id, name: '남의이름' } });
    expect(other.status).toBe(403);
  });

  test('a member cannot change their own level, status, use or remark', async () => {
    const m = await t.member();
    for (const body of [{ level: 5 }, { status: 2 }, { use: 2 }, { remark: '메모' }]) {
      const res = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, ...body } });
      expect(res.status).toBe(403);
    }
    // Echoing the stored values back (a whole record from the client) is fine.
    const echo = await t.call('PUT', '/api/user', {
      token: m.token,
      body: { id: m.id, level: 1, status: 1, use: 1, date: 'x', logindate: 'y' },
    });
    expect(echo.status).toBe(200);
    expect(echo.body.item.level).toBe(1);
  });

  test('sign-up ignores admin fields a visitor sends', async () => {
    await t.signUp({ loginid: 'climber@test.example', level: 5 } as never);
    const row = await t.deps.db
      .selectFrom('users')
      .select(['level', 'use'])
      .where('loginid', '=', 'climber@test.example')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ level: 1, use: 1 });
  });

  test('an admin of level 3 edits members but cannot grant level 3 or touch level 3 and above', async () => {
    const admin = await t.member({ level: 3 });
    const member = await t.member();
    const manager = await t.member({ level: 2 });
    const superadmin = await t.member({ level: 4 });
    const peer = await t.member({ level: 3 });
    const ok = await t.call('PUT', '/api/user', { token: admin.token, body: { id: member.id, status: 2, remark: '휴가 중', level: 2 } });
    expect(ok.body.item).toMatchObject({ status: 2, remark: '휴가 중', level: 2 });
    const raise = await t.call('PUT', '/api/user', { token: admin.token, body: { id: manager.id, level: 3 } });
    expect(raise.status).toBe(403);
    expect((await t.call('PUT', '/api/user', { token: admin.token, body: { id: superadmin.id, remark: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', '/api/user', { token: admin.token, body: { id: peer.id, status: 2 } })).status).toBe(403);
    expect((await t.call('PUT', '/api/user', { token: admin.token, body: { id: admin.id, level: 4 } })).status).toBe(403);
    expect((await t.call('DELETE', '/api/user', { token: admin.token, body: { id: superadmin.id } })).status).toBe(403);
  });

  test('the root admin grants and removes admin levels', async () => {
    const m = await t.member();
    const root = await t.root();
    const up = await t.call('PUT', '/api/user', { token: root, body: { id: m.id, level: 4 } });
    expect(up.body.item.level).toBe(4);
    // The level is read from the database at each call, so the promotion takes effect at once.
    expect((await t.call('GET', '/api/user/count', { token: m.token })).status).toBe(200);
    const down = await t.call('PUT', '/api/user', { token: root, body: { id: m.id, level: 1 } });
    expect(down.body.item.level).toBe(1);
    expect((await t.call('GET', '/api/user/count', { token: m.token })).status).toBe(403);
  });

  test('nobody removes, demotes or switches off the last root admin', async () => {
    const root = await t.root();
    const me = (await t.call('GET', '/api/user?level=5', { token: root })).body.items[0];
    expect((await t.call('PUT', '/api/user', { token: root, body: { id: me.id, level: 3 } })).body).toMatchObject({
      message: 'last root admin',
    });
    expect((await t.call('PUT', '/api/user', { token: root, body: { id: me.id, use: 2 } })).body).toMatchObject({
      message: 'last root admin',
    });
    expect((await t.call('DELETE', '/api/user', { token: root, body: { id: me.id, passwd: ROOT.passwd } })).body).toMatchObject({
      message: 'last root admin',
    });
    expect((await t.call('DELETE', '/api/user/batch', { token: root, body: [me.id] })).status).toBe(403);
    // With a second root admin the first may step down.
    const second = await t.member({ level: 5 });
    expect((await t.call('PUT', '/api/user', { token: second.token, body: { id: me.id, status: 2 } })).status).toBe(200);
  });

  test('a member leaves the site with DELETE /api/user and the cookie is cleared', async () => {
    const m = await t.member();
    const res = await t.call('DELETE', '/api/user', { token: m.token, body: { id: m.id, passwd: m.passwd } });
    expect(res.body).toEqual({ code: 'ok', id: m.id });
    expect(res.headers.get('set-cookie')).toMatch(/portal_token=;/);
    expect((await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd } })).status).toBe(401);
  });

  test('leaving the site needs the member’s own password; an admin removing someone else does not', async () => {
    const m = await t.member();
    const missing = await t.call('DELETE', '/api/user', { token: m.token, body: { id: m.id } });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'error', message: 'invalid', field: 'passwd', detail: '비밀번호를 입력하세요' },
    });
    const wrong = await t.call('DELETE', '/api/user', { token: m.token, body: { id: m.id, passwd: 'not-my-password' } });
    expect(wrong).toMatchObject({
      status: 400,
      body: { code: 'error', message: 'invalid', field: 'passwd', detail: '비밀번호가 정확하지 않습니다' },
    });
    expect((await t.call('GET', `/api/user/${m.id}`, { token: m.token })).status).toBe(200);
    expect((await t.call('DELETE', '/api/user', { token: m.token, body: { id: m.id, passwd: m.passwd } })).status).toBe(200);

    const other = await t.member();
    expect((await t.call('DELETE', '/api/user', { token: await t.root(), body: { id: other.id } })).body).toEqual({
      code: 'ok',
      id: other.id,
    });
  });

  test('batch create is for admins and all or nothing', async () => {
    const root = await t.root();
    const m = await t.member();
    const users = [
      { loginid: 'batch1@test.example', passwd: 'batch-pass-1111', name: '일괄일', nickname: '일괄일' },
      { loginid: 'batch2@test.example', passwd: 'batch-pass-2222', name: '일괄이', nickname: '일괄일' },
    ];
    expect((await t.call('POST', '/api/user/batch', { token: m.token, body: users })).status).toBe(403);
    const dup = await t.call('POST', '/api/user/batch', { token: root, body: users });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ message: 'already nickname', field: '[1].nickname' });
    const none = await t.call('GET', '/api/user?keyword=batch1@test.example', { token: root });
    expect(none.body.total).toBe(0);
    const bad = await t.call('POST', '/api/user/batch', {
      token: root,
      body: [users[0], { ...users[1], nickname: '일괄이', loginid: 'nope' }],
    });
    expect(bad.body).toMatchObject({ message: 'invalid', field: '[1].loginid' });
    const good = await t.call('POST', '/api/user/batch', { token: root, body: [users[0], { ...users[1], nickname: '일괄이' }] });
    expect(good.body).toEqual({ code: 'ok', ids: [expect.any(Number), expect.any(Number)] });
  });

  test('batch delete is for admins and all or nothing', async () => {
    const root = await t.root();
    const a = await t.member();
    const b = await t.member();
    expect((await t.call('DELETE', '/api/user/batch', { token: a.token, body: [a.id, b.id] })).status).toBe(403);
    expect((await t.call('DELETE', '/api/user/batch', { token: root, body: [a.id, 987654] })).status).toBe(404);
    expect((await t.call('GET', `/api/user/${a.id}`, { token: root })).status).toBe(200);
    const res = await t.call('DELETE', '/api/user/batch', { token: root, body: [{ id: a.id }, { id: b.id }] });
    expect(res.body).toEqual({ code: 'ok', ids: [a.id, b.id] });
    expect((await t.call('GET', `/api/user/${b.id}`, { token: root })).status).toBe(404);
  });
});
