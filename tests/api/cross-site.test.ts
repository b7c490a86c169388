import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Calls that log in or send mail, tried as a foreign page would (security review: login CSRF,
// GET calls with side effects), on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CROSS_SITE = { 'sec-fetch-site': 'cross-site' };
const FOREIGN_ORIGIN = { origin: 'https://evil.example' };

describe('logging in', () => {
  test('the legacy GET /api/jwt answers the token but never sets the session cookie', async () => {
    const m = await t.member();
    const res = await t.call('GET', `/api/jwt?loginid=${encodeURIComponent(m.loginid)}&passwd=${encodeURIComponent(m.passwd)}`);
    expect(res.body).toMatchObject({ code: 'ok', token: expect.any(String) });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('a cross-site login is refused, by GET or POST, and sets no cookie', async () => {
    const m = await t.member();
    const query = `/api/jwt?loginid=${encodeURIComponent(m.loginid)}&passwd=${encodeURIComponent(m.passwd)}`;
    for (const headers of [CROSS_SITE, FOREIGN_ORIGIN]) {
      const get = await t.call('GET', query, { headers });
      expect(get).toMatchObject({ status: 403, body: { message: 'forbidden' } });
      const post = await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd }, headers });
      expect(post).toMatchObject({ status: 403, body: { message: 'forbidden' } });
      expect(post.headers.get('set-cookie')).toBeNull();
    }
  });

  test('our own page logs in and gets the cookie', async () => {
    const m = await t.member();
    const res = await t.call('POST', '/api/jwt', {
      body: { loginid: m.loginid, passwd: m.passwd },
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost', host: 'localhost' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('portal_token=');
  });
});

describe('the e-mail code calls send mail only when asked on purpose', () => {
  test('a cross-site <img>, a HEAD and a prefetch of findpassword send nothing', async () => {
    const m = await t.member();
    const path = `/api/user/findpassword/${encodeURIComponent(m.loginid)}`;
    const before = t.smtp.messagesTo(m.loginid).length;
    const refusals: Record<string, string>[] = [CROSS_SITE, FOREIGN_ORIGIN, { 'sec-purpose': 'prefetch' }, { purpose: 'prefetch' }];
    for (const headers of refusals) {
      expect((await t.call('GET', path, { headers })).status, JSON.stringify(headers)).toBe(403);
    }
    expect((await t.call('HEAD', path)).status).toBe(403);
    expect((await t.call('POST', '/api/user/findemail', { body: { email: 'new@test.example' }, headers: CROSS_SITE })).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.messagesTo(m.loginid).length).toBe(before);
    // Asked on purpose, the same call sends its code.
    expect((await t.call('GET', path)).body).toEqual({ code: 'ok', id: expect.any(String), mail: 'sent' });
    expect(await t.smtp.codeFor(m.loginid)).toMatch(/^\d{6}$/);
  });
});

describe('the session cookie follows the scheme the client used', () => {
  // The test app trusts a proxy (X-Forwarded-For gives each call its own address); this one
  // does not.
  let direct: TestApp;
  beforeAll(async () => {
    direct = await startTestApp({ TRUST_PROXY: '0' });
  });
  afterAll(() => direct.close());

  test('over plain HTTP: portal_token without Secure, whatever X-Forwarded-Proto says when no proxy is trusted', async () => {
    const m = await direct.member();
    const res = await direct.call('POST', '/api/jwt', {
      body: { loginid: m.loginid, passwd: m.passwd },
      headers: { 'x-forwarded-proto': 'https' },
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^portal_token=/);
    expect(cookie).not.toMatch(/Secure/i);
  });

  test('behind a trusted proxy over HTTPS: __Host-portal_token, Secure, Path=/, and only that name counts', async () => {
    const m = await t.member();
    const https = { 'x-forwarded-proto': 'https' };
    const res = await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd }, headers: https });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-portal_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = res.body.token as string;
    const me = (cookie: string) => t.call('GET', `/api/user/${m.id}`, { cookie, headers: https });
    expect((await me(`__Host-portal_token=${token}`)).status).toBe(200);
    expect((await me(`portal_token=${token}`)).status).toBe(401);
  });

  test('the same-origin check compares the scheme too: an http:// page may not write over HTTPS with the cookie', async () => {
    const m = await t.member();
    const https = { 'x-forwarded-proto': 'https', host: 'localhost' };
    const cookie = `__Host-portal_token=${m.token}`;
    const body = { title: '교차 출처', content: '<p>본문</p>', topcategory: 5 };
    const foreign = await t.call('POST', '/api/board', { cookie, body, headers: { ...https, origin: 'http://localhost' } });
    expect(foreign.status).toBe(403);
    const own = await t.call('POST', '/api/board', { cookie, body, headers: { ...https, origin: 'https://localhost' } });
    expect(own.status).toBe(200);
  });
});
