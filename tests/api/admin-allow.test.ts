import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// ADMIN_ALLOW_IPS: the admin API only from the listed addresses and ranges (IPv4 and IPv6), the
// client's address being the one the proxy appended (TRUST_PROXY, as in the test app). Outside the
// list an admin's session has no admin power on any path: the API's reads and writes and the
// pages' forms (the page tests need the built app, `npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');

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
    // Reading another member's inquiry is an admin's power too: refused outside.
    expect(await t.call('GET', `/api/inquiry/${id}`, { token: root, ip: outside })).toMatchObject({ status: 403 });
    expect((await t.call('GET', `/api/inquiry/${id}`, { token: root, ip: '10.20.1.1' })).status).toBe(200);
    const answer = { id, answer: '<p>답변입니다</p>' };
    expect(await t.call('PUT', '/api/inquiry', { token: root, ip: outside, body: answer })).toMatchObject({ status: 403, body: REFUSED });
    expect((await t.call('GET', `/api/inquiry/${id}`, { token: m.token })).body.item.status).toBe(1);
    expect((await t.call('PUT', '/api/inquiry', { token: root, ip: '10.20.1.1', body: answer })).body.item.status).toBe(2);
  });

  test("outside the list no read succeeds because the caller is an admin: members' details, others' inquiries, held posts", async () => {
    const loginid = 'allow-reader@test.example';
    expect((await t.signUp({ loginid, passwd: 'member-pass-1234' })).status).toBe(200);
    const m = { token: await t.login(loginid, 'member-pass-1234') };
    const inside = '10.20.5.5';
    const outside = '198.51.100.4';
    for (const url of ['/api/user', '/api/user/count', '/api/user/sum']) {
      expect((await t.call('GET', url, { token: root, ip: inside })).status, url).toBe(200);
      expect(await t.call('GET', url, { token: root, ip: outside }), url).toMatchObject({ status: 403, body: REFUSED });
    }
    const asked = await t.call('POST', '/api/inquiry', { token: m.token, body: { title: '여권 사본 문의', content: '<p>개인정보</p>' } });
    const listed = (ip: string) => t.call('GET', '/api/inquiry', { token: root, ip });
    expect((await listed(inside)).body.items.map((i: { id: number }) => i.id)).toContain(asked.body.id);
    expect((await listed(outside)).body.items.map((i: { id: number }) => i.id)).not.toContain(asked.body.id);

    const post = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, title: '가려질 글', content: '<p>본문</p>' },
    });
    const held = await t.call('POST', '/api/admin/moderate', {
      token: root,
      ip: inside,
      body: { target: 'board', ids: [post.body.id], action: 'hide' },
    });
    expect(held.status).toBe(200);
    expect((await t.call('GET', `/api/board/${post.body.id}`, { token: root, ip: inside })).status).toBe(200);
    expect((await t.call('GET', `/api/board/${post.body.id}`, { token: root, ip: outside })).status).toBe(404);
    const shown = await t.call('GET', '/api/board?topcategory=5', { token: root, ip: outside });
    expect(shown.body.items.map((i: { id: number }) => i.id)).not.toContain(post.body.id);
  });

  test("outside the list an admin's session deletes and edits no member's post through the pages", async () => {
    const loginid = 'allow-writer@test.example';
    expect((await t.signUp({ loginid, passwd: 'member-pass-1234' })).status).toBe(200);
    const m = { token: await t.login(loginid, 'member-pass-1234') };
    const post = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, title: '지켜질 글', content: '<p>본문</p>' },
    });
    const id = post.body.id as number;
    const pages = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
    const page = (url: string, ip: string, form?: Record<string, string>) =>
      pages.request(`http://localhost${url}`, {
        method: form ? 'POST' : 'GET',
        headers: {
          cookie: `${TOKEN_COOKIE}=${root}`,
          origin: 'http://localhost',
          'x-forwarded-for': ip,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form && new URLSearchParams(form).toString(),
      });
    const outside = '198.51.100.5';
    const inside = '10.20.7.7';
    expect((await page(`/community/write?id=${id}`, outside)).status).toBe(403);
    expect((await page(`/community/write?id=${id}`, inside)).status).toBe(200);
    expect((await page(`/community/${id}`, outside, { intent: 'delete-post', confirmed: '1' })).status).toBe(403);
    expect((await t.call('GET', `/api/board/${id}`)).status).toBe(200);
    const comment = await t.call('POST', '/api/comment', { token: m.token, body: { board: id, content: '남길 댓글' } });
    expect(
      (await page(`/community/${id}`, outside, { intent: 'delete-comment', id: String(comment.body.id), confirmed: '1' })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/comment?board=${id}`)).body.items).toMatchObject([{ id: comment.body.id, content: '남길 댓글' }]);
    expect((await page(`/community/${id}`, inside, { intent: 'delete-post', confirmed: '1' })).status).toBe(303);
    expect((await t.call('GET', `/api/board/${id}`)).status).toBe(404);
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
