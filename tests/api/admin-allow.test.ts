import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// ADMIN_ALLOW_IPS: the admin API only from the listed addresses and ranges (IPv4 and IPv6), the
// client's address being the one the proxy appended (TRUST_PROXY, as in the test app).

const REFUSED = { code: 'error', message: 'forbidden', detail: '이 접속 주소에서는 관리자 기능을 사용할 수 없습니다' };

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_ALLOW_IPS: '10.20.0.0/16, 192.0.2.7, 2001:db8::/32' });
  root = await t.root();
});
afterAll(() => t.close());

describe('the admin allow-list (ADMIN_ALLOW_IPS)', () => {
  test('admin calls answer from listed addresses and ranges, and 403 in Korean from any other', async () => {
    for (const ip of ['10.20.3.4', '192.0.2.7', '2001:db8::5', '2001:db8:ffff::1', '::ffff:10.20.0.9']) {
      expect((await t.call('GET', '/api/admin/dashboard', { token: root, ip })).status, ip).toBe(200);
    }
    for (const ip of ['10.21.0.1', '192.0.2.8', '2001:db9::1', '127.0.0.1', '::1']) {
      const res = await t.call('GET', '/api/admin/dashboard', { token: root, ip });
      expect(res, ip).toMatchObject({ status: 403, body: REFUSED });
    }
    // Refused before anything else: a visitor outside hears the same, not 401.
    expect(await t.call('GET', '/api/admin/dashboard', { ip: '198.51.100.1' })).toMatchObject({ status: 403, body: REFUSED });
  });

  test("outside the list an admin's session reads but writes nothing; members are not affected", async () => {
    // Signed up as anyone does (t.member() would make the account as the root admin, from anywhere).
    const loginid = 'allow-member@test.example';
    expect((await t.signUp({ loginid, passwd: 'member-pass-1234' })).status).toBe(200);
    const m = { token: await t.login(loginid, 'member-pass-1234') };
    const outside = '198.51.100.2';
    const asked = await t.call('POST', '/api/inquiry', { token: m.token, ip: outside, body: { title: '문의', content: '<p>질문</p>' } });
    expect(asked.status).toBe(200);
    const id = asked.body.id;
    expect((await t.call('GET', `/api/inquiry/${id}`, { token: root, ip: outside })).status).toBe(200);
    const answer = { id, answer: '<p>답변입니다</p>' };
    expect(await t.call('PUT', '/api/inquiry', { token: root, ip: outside, body: answer })).toMatchObject({ status: 403, body: REFUSED });
    expect((await t.call('GET', `/api/inquiry/${id}`, { token: m.token })).body.item.status).toBe(1);
    expect((await t.call('PUT', '/api/inquiry', { token: root, ip: '10.20.1.1', body: answer })).body.item.status).toBe(2);
  });

  test('unset, everyone may; a value that is not an address or range stops the start', async () => {
    const open = await startTestApp();
    try {
      const token = await open.root();
      expect((await open.call('GET', '/api/admin/dashboard', { token, ip: '198.51.100.3' })).status).toBe(200);
    } finally {
      await open.close();
    }
    await expect(startTestApp({ ADMIN_ALLOW_IPS: '10.0.0.0/33' })).rejects.toThrow(/ADMIN_ALLOW_IPS/);
    await expect(startTestApp({ ADMIN_ALLOW_IPS: 'admin.example' })).rejects.toThrow(/ADMIN_ALLOW_IPS/);
  });
});
