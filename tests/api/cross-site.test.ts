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
    expect((await t.call('GET', path)).body).toEqual({ code: 'ok', id: expect.any(Number) });
    expect(await t.smtp.codeFor(m.loginid)).toMatch(/^\d{6}$/);
  });
});
