import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A member's profile (PRODUCT.md "Members and trust"): nickname, since when, posts of every section
// but the market, listings (market and jobs), reviews by rating and badges; never e-mail, name or phone.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

async function post(m: Member, path: string, body: object): Promise<number> {
  const res = await t.call('POST', path, { token: m.token, body });
  expect(res.status).toBe(200);
  return res.body.id;
}

const profile = (id: number, query = '', token?: string) => t.call('GET', `/api/member/${id}${query}`, { token });

describe('a member’s profile', () => {
  test('shows the nickname, posts apart from listings, and none of the private fields', async () => {
    const m = await t.member({ name: '김비밀', hp: '010-1234-5678', tel: '02-555-1234' });
    const community = await post(m, '/api/board', { topcategory: 5, title: '동네 맛집 추천해요', content: '<p>국밥</p>' });
    const life = await post(m, '/api/board', { topcategory: 2, title: '세금 신고 팁', content: '<p>기한</p>' });
    const market = await post(m, '/api/board', { topcategory: 4, title: '전기밥솥 팝니다', content: '<p>새것</p>', price: 30 });
    const job = await post(m, '/api/jobs', { title: '주방 보조 구합니다', content: '<p>주 5일</p>' });
    const res = await profile(m.id);
    expect(res.status).toBe(200);
    const item = res.body.item;
    expect(item).toMatchObject({ id: m.id, reviews: { counts: { 1: 0, 2: 0, 3: 0 }, latest: [] }, badges: [] });
    expect(item.nickname).toMatch(/^닉네임/);
    expect(item.joined).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(item.posts).toMatchObject({ total: 2, page: 1 });
    expect(item.posts.items.map((p: { section: string; id: number }) => [p.section, p.id])).toEqual([
      ['life', life],
      ['community', community],
    ]);
    expect(item.listings.total).toBe(2);
    expect(item.listings.items.map((p: { section: string; id: number }) => [p.section, p.id]).sort()).toEqual(
      [
        ['jobs', job],
        ['market', market],
      ].sort(),
    );
    const text = JSON.stringify(res.body);
    for (const secret of [m.loginid, '김비밀', '010-1234-5678', '02-555-1234']) expect(text).not.toContain(secret);
    for (const key of ['email', 'name', 'hp', 'tel', 'loginid', 'passwd']) expect(item).not.toHaveProperty(key);
  });

  test('본인 인증 이메일: a member who signed up with the mailed code, or reset their password by one; not one an admin added', async () => {
    const loginid = `verified-${Date.now()}@test.example`;
    const signed = await t.signUp({ loginid });
    expect(signed.status).toBe(200);
    expect((await profile(signed.body.id)).body.item.badges).toContain('본인 인증 이메일');

    const added = await t.member();
    expect((await profile(added.id)).body.item.badges).not.toContain('본인 인증 이메일');
    const sent = await t.call('POST', '/api/user/findpassword', { body: { email: added.loginid } });
    const code = await t.smtp.codeFor(added.loginid);
    expect((await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } })).status).toBe(200);
    const reset = await t.call('POST', '/api/user/password', { body: { id: sent.body.id, number: code, passwd: 'reset-words-2026' } });
    expect(reset.status).toBe(200);
    const badges = (await profile(added.id)).body.item.badges;
    expect(badges).toContain('본인 인증 이메일');
    expect(JSON.stringify(badges)).not.toContain(added.loginid);
  });

  test('posts come a page at a time', async () => {
    const m = await t.member();
    for (const n of [1, 2, 3]) await post(m, '/api/board', { topcategory: 5, title: `모임 안내 ${n}`, content: '<p>토요일</p>' });
    const second = (await profile(m.id, '?page=2&size=2')).body.item.posts;
    expect(second).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(second.items.map((p: { title: string }) => p.title)).toEqual(['모임 안내 1']);
    expect((await profile(m.id, '?size=0')).status).toBe(400);
  });

  test('a sold listing is marked closed', async () => {
    const m = await t.member();
    const market = await post(m, '/api/board', { topcategory: 4, title: '자전거 팝니다', content: '<p>튼튼</p>', price: 100 });
    const root = await t.root();
    const closed = await t.call('POST', '/api/admin/moderate', { token: root, body: { target: 'board', action: 'close', ids: [market] } });
    expect(closed.status).toBe(200);
    const [listing] = (await profile(m.id)).body.item.listings.items;
    expect(listing).toMatchObject({ id: market, closed: true });
  });

  test('is the same for visitors and members; a member who left, or never was, is 404', async () => {
    const m = await t.member();
    const other = await t.member();
    expect((await profile(m.id, '', other.token)).body).toEqual((await profile(m.id)).body);
    expect((await t.call('DELETE', '/api/user', { token: m.token, body: { id: m.id, passwd: m.passwd } })).status).toBe(200);
    expect((await profile(m.id)).status).toBe(404);
    expect((await profile(99_999_999)).status).toBe(404);
    expect((await t.call('GET', '/api/member/abc')).status).toBe(404);
  });
});

describe('my comments', () => {
  test('a member reads their own standing comments, newest first, with the post and where to read it', async () => {
    const writer = await t.member();
    const m = await t.member();
    const board = await post(writer, '/api/board', { topcategory: 5, title: '주말 등산 모임', content: '<p>관악산</p>' });
    const first = await post(m, '/api/comment', { board, content: '저도 갈게요' });
    const second = await post(m, '/api/comment', { board, content: '몇 시에 모이나요?' });
    const gone = await post(m, '/api/comment', { board, content: '지울 댓글' });
    expect((await t.call('DELETE', '/api/comment', { token: m.token, body: { id: gone } })).status).toBe(200);
    await post(writer, '/api/comment', { board, content: '환영합니다' });
    const mine = (await t.call('GET', '/api/comment/mine?size=1&page=2', { token: m.token })).body;
    expect(mine).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(mine.items).toEqual([
      {
        id: first,
        target: 'board',
        board,
        title: '주말 등산 모임',
        content: '저도 갈게요',
        date: expect.any(String),
        link: `/community/${board}#comment-${first}`,
      },
    ]);
    const newest = (await t.call('GET', '/api/comment/mine', { token: m.token })).body.items;
    expect(newest.map((c: { id: number }) => c.id)).toEqual([second, first]);
    expect((await t.call('GET', '/api/comment/mine')).status).toBe(401);
  });
});
