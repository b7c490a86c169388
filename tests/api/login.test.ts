import os from 'node:os';
import { MAX_HASH_WAITING } from '#server/lib/password.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('login and the session token (SPEC §4, §6, §7)', () => {
  test("GET /api/jwt with loginid and passwd answers code 'ok', a token and the user", async () => {
    const m = await t.member();
    const res = await t.call('GET', `/api/jwt?loginid=${encodeURIComponent(m.loginid)}&passwd=${encodeURIComponent(m.passwd)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'ok', token: expect.any(String), user: { id: m.id, loginid: m.loginid, level: 1 } });
    expect(res.body.user.passwd).toBeUndefined();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('POST /api/jwt with a JSON body does the same and sets an httpOnly SameSite=Lax cookie', async () => {
    const m = await t.member();
    const res = await t.call('POST', '/api/jwt', { body: { loginid: m.loginid.toUpperCase(), passwd: m.passwd } });
    expect(res.body.code).toBe('ok');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^portal_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  test('login records logindate', async () => {
    const m = await t.member();
    const me = await t.call('GET', `/api/user/${m.id}`, { token: m.token });
    expect(Date.parse(me.body.item.logindate)).toBeGreaterThan(Date.now() - 60_000);
  });

  test('a wrong password, an unknown id and a blocked account get the same refusal', async () => {
    const m = await t.member();
    const blocked = await t.member();
    await t.call('PUT', '/api/user', { token: await t.root(), body: { id: blocked.id, use: 2 } });
    const answers = await Promise.all([
      t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: 'wrong-password-1' } }),
      t.call('POST', '/api/jwt', { body: { loginid: 'nobody@test.example', passwd: 'wrong-password-1' } }),
      t.call('POST', '/api/jwt', { body: { loginid: blocked.loginid, passwd: blocked.passwd } }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.body).toEqual({ code: 'error', message: 'login failed' });
    }
  });

  test('a burst of logins past the hashing queue is refused at once with 503 and Retry-After, then logins work again', async () => {
    const m = await t.member();
    const burst = (MAX_HASH_WAITING + os.availableParallelism()) * 3;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        t.call('POST', '/api/jwt', { body: { loginid: `burst${i}@test.example`, passwd: 'wrong-password-1' } }),
      ),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status !== 503 && a.status !== 401)).toEqual([]);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.length - busy.length).toBeGreaterThanOrEqual(MAX_HASH_WAITING);
    for (const a of busy) {
      expect(a.body).toMatchObject({ code: 'error', message: 'unavailable' });
      expect(a.body.detail).toMatch(/잠시 후 다시 시도하세요/);
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect((await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd } })).status).toBe(200);
  });

  test('missing login id or password is a 400 naming the field with the SPEC §5 message', async () => {
    const noId = await t.call('POST', '/api/jwt', { body: { passwd: 'x' } });
    expect(noId.status).toBe(400);
    expect(noId.body).toMatchObject({ field: 'loginid', detail: '로그인 아이디를 입력하세요' });
    const noPw = await t.call('GET', '/api/jwt?loginid=a@b.c');
    expect(noPw.body).toMatchObject({ field: 'passwd', detail: '패스워드를 입력하세요' });
  });

  test('the token works as a Bearer header and as the cookie', async () => {
    const m = await t.member();
    const bearer = await t.call('GET', `/api/user/${m.id}`, { token: m.token });
    expect(bearer.body.item.id).toBe(m.id);
    const cookie = await t.call('GET', `/api/user/${m.id}`, { cookie: `portal_token=${m.token}` });
    expect(cookie.body.item.id).toBe(m.id);
    const none = await t.call('GET', `/api/user/${m.id}`);
    expect(none.status).toBe(401);
    const forged = await t.call('GET', `/api/user/${m.id}`, { token: `${m.token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
  });

  test('a write that rides on the cookie must come from our own origin', async () => {
    const m = await t.member();
    const cookie = `portal_token=${m.token}`;
    const foreign = await t.call('PUT', '/api/user', {
      cookie,
      body: { id: m.id, name: '바뀜' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const missing = await t.call('PUT', '/api/user', { cookie, body: { id: m.id, name: '바뀜' } });
    expect(missing.status).toBe(403);
    const same = await t.call('PUT', '/api/user', {
      cookie,
      body: { id: m.id, name: '바뀜' },
      headers: { origin: 'http://localhost', host: 'localhost' },
    });
    expect(same.status).toBe(200);
    expect(same.body.item.name).toBe('바뀜');
  });

  test('logout (DELETE /api/jwt) clears the cookie', async () => {
    const res = await t.call('DELETE', '/api/jwt');
    expect(res.body).toEqual({ code: 'ok' });
    expect(res.headers.get('set-cookie')).toMatch(/portal_token=;.*Max-Age=0/i);
  });

  test("the token is refused once the user's password changes, and the changer gets a new one", async () => {
    const m = await t.member();
    const other = await t.login(m.loginid, m.passwd);
    const changed = await t.call('PUT', '/api/user', {
      token: m.token,
      body: { id: m.id, passwd: 'brand-new-pass-77', currentpasswd: m.passwd },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toEqual(expect.any(String));
    expect((await t.call('GET', `/api/user/${m.id}`, { token: other })).status).toBe(401);
    expect((await t.call('GET', `/api/user/${m.id}`, { token: changed.body.token })).status).toBe(200);
    expect((await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: 'brand-new-pass-77' } })).body.code).toBe('ok');
  });

  test('changing one’s own password needs the current one', async () => {
    const m = await t.member();
    const res = await t.call('PUT', '/api/user', {
      token: m.token,
      body: { id: m.id, passwd: 'brand-new-pass-77', currentpasswd: 'not-it-at-all' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'invalid', field: 'currentpasswd' });
    const same = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, passwd: m.passwd, currentpasswd: m.passwd } });
    expect(same.body).toMatchObject({ message: 'same password' });
  });

  test('the token is refused once the account is set to use = 2', async () => {
    const m = await t.member();
    await t.call('PUT', '/api/user', { token: await t.root(), body: { id: m.id, use: 2 } });
    expect((await t.call('GET', `/api/user/${m.id}`, { token: m.token })).status).toBe(401);
  });

  test('the password is stored as an argon2id hash', async () => {
    const row = await t.deps.db.selectFrom('users').select('passwd').where('loginid', '=', ROOT.loginid).executeTakeFirstOrThrow();
    expect(row.passwd).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(row.passwd).not.toContain(ROOT.passwd);
  });

  test('ten wrong passwords for one login id lock it for a while with 429 and Retry-After', async () => {
    const m = await t.member();
    for (let i = 0; i < 10; i++) {
      const res = await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: `wrong-${i}-password` } });
      expect(res.status).toBe(401);
    }
    const locked = await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  test('from the third wrong password the refusal says how many tries are left, then how long to wait', async () => {
    const m = await t.member();
    const details: unknown[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: `wrong-${i}-password` } });
      expect(res.body).toMatchObject({ code: 'error', message: 'login failed' });
      details.push(res.body.detail);
    }
    expect(details).toEqual([
      undefined,
      undefined,
      ...[7, 6, 5, 4, 3, 2, 1].map((left) => `${left}번 더 틀리면 15분 동안 로그인할 수 없습니다`),
      '로그인 시도가 너무 많습니다. 15분 후에 다시 시도하세요',
    ]);
    const locked = await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd } });
    expect(locked).toMatchObject({
      status: 429,
      body: { message: 'too many requests', detail: '로그인 시도가 너무 많습니다. 15분 후에 다시 시도하세요' },
    });
    // An unknown id counts the same way, so the answer tells nothing about who has an account.
    for (let i = 0; i < 3; i++)
      details[i] = (await t.call('POST', '/api/jwt', { body: { loginid: 'nobody-counted@test.example', passwd: 'wrong' } })).body.detail;
    expect(details[2]).toBe('7번 더 틀리면 15분 동안 로그인할 수 없습니다');
  });

  test('logins from one address are limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const res = await t.call('POST', '/api/jwt', { body: { loginid: `ip${i}@test.example`, passwd: 'x' }, ip: '198.51.100.9' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });
});
