import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// 부동산 (PRODUCT.md "Housing"): typed fields checked at the API edge with Korean messages that
// name the field, the list's filters and sorts, the address and contact for members only, search.

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['member']>>;
let other: Awaited<ReturnType<TestApp['member']>>;
beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await Promise.all([t.member(), t.member()]);
});
afterAll(() => t.close());

/** A tag unique to one test: its keyword lists only that test's listings. */
const newTag = () => `집${crypto.randomBytes(3).toString('hex')}`;

const HOME = {
  title: '코리아타운 원룸 렌트',
  content: '<p>채광 좋은 원룸입니다</p>',
  kind: 1,
  rent: 1850.5,
  deposit: 1850,
  bedrooms: 1,
  bathrooms: 1.5,
  location: 'LA',
  address: '3700 Wilshire Blvd #101',
  tel: '213-555-0101',
  email: 'landlord@example.com',
};

async function home(fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/housing', { token: owner.token, body: { ...HOME, ...fields } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function listed(tag: string, query = ''): Promise<number[]> {
  const res = await t.call('GET', `/api/housing?keyword=${encodeURIComponent(tag)}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: number }[]).map((i) => i.id);
}

describe('saving a home', () => {
  test('a member saves every field; money keeps 2 decimals and bathrooms their half', async () => {
    const id = await home({ rent: 1234.567, movein: '2027-01-15', lease: 12, furnished: 1, utilities: 1, pets: 1, parking: 1, gender: 2 });
    const res = await t.call('GET', `/api/housing/${id}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({
      kind: 1,
      rent: 1234.56,
      deposit: 1850,
      price: 0,
      movein: '2027-01-15',
      lease: 12,
      bedrooms: 1,
      bathrooms: 1.5,
      furnished: 1,
      utilities: 1,
      pets: 1,
      parking: 1,
      gender: 2,
      status: 1,
      address: HOME.address,
      tel: HOME.tel,
      email: HOME.email,
    });
  });

  test.each([
    [{ bathrooms: 1.25 }, 'bathrooms', '욕실 수는 0.5 단위로 입력하세요'],
    [{ bathrooms: -1 }, 'bathrooms', '욕실 수는 0 이상이어야 합니다'],
    [{ rent: -5 }, 'rent', '월세는 0 이상이어야 합니다'],
    [{ rent: '많이' }, 'rent', '월세는 숫자로 입력하세요'],
    [{ rent: 0 }, 'rent', '월세를 입력하세요'],
    [{ deposit: 'x' }, 'deposit', '보증금은 숫자로 입력하세요'],
    [{ kind: 6 }, 'kind', '종류는 1(렌트), 2(룸메이트/쉐어), 3(하숙), 4(단기/서블렛), 5(매매) 중 하나입니다'],
    [{ gender: 4 }, 'gender', '성별은 1(무관), 2(여성), 3(남성) 중 하나입니다'],
    [{ furnished: 3 }, 'furnished', '가구 포함은 1(예) 또는 2(아니오)입니다'],
    [{ pets: 0 }, 'pets', '반려동물은 1(예) 또는 2(아니오)입니다'],
    [{ status: 3 }, 'status', '거래 상태는 1(거래중) 또는 2(거래완료)입니다'],
    [{ movein: '2027-02-30' }, 'movein', '입주일은 YYYY-MM-DD 형식의 날짜입니다 (비우면 즉시 입주)'],
    [{ movein: '내일' }, 'movein', '입주일은 YYYY-MM-DD 형식의 날짜입니다 (비우면 즉시 입주)'],
    [{ bedrooms: 1.5 }, 'bedrooms', '방 개수는 정수로 입력하세요'],
    [{ lease: -1 }, 'lease', '계약 기간(개월)은 0 이상이어야 합니다'],
    [{ kind: 5, rent: 0 }, 'price', '매매가를 입력하세요'],
    [{ price: 500000 }, 'price', '매매가는 매매에만 입력합니다'],
    [{ email: 'not-mail' }, 'email', '이메일 형식이 올바르지 않습니다'],
    [{ title: '' }, 'title', undefined],
  ])('%j is refused on its field', async (fields, field, detail) => {
    const res = await t.call('POST', '/api/housing', { token: owner.token, body: { ...HOME, ...fields } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (detail) expect(res.body.detail).toBe(detail);
  });

  test('a sale asks a price, not a rent', async () => {
    const id = await home({ kind: 5, rent: 0, price: 689000.99 });
    const res = await t.call('GET', `/api/housing/${id}`);
    expect(res.body.item).toMatchObject({ kind: 5, rent: 0, price: 689000.99 });
  });

  test('a visitor cannot write, another member cannot edit', async () => {
    expect((await t.call('POST', '/api/housing', { body: HOME })).status).toBe(401);
    const id = await home();
    const res = await t.call('PUT', '/api/housing', { token: other.token, body: { ...HOME, id, title: '남의 글' } });
    expect(res.status).toBe(403);
  });
});

describe('members-only contact', () => {
  test('a visitor gets the address, phone and e-mail empty in the item and the list; a member gets them', async () => {
    const tag = newTag();
    const id = await home({ title: `연락처 ${tag}` });
    const visitor = await t.call('GET', `/api/housing/${id}`);
    expect(visitor.body.item).toMatchObject({ address: '', tel: '', email: '' });
    expect(JSON.stringify(visitor.body)).not.toContain('Wilshire');
    const list = await t.call('GET', `/api/housing?keyword=${encodeURIComponent(tag)}`);
    expect(list.body.items[0]).toMatchObject({ id });
    expect(JSON.stringify(list.body)).not.toContain('555-0101');
    const member = await t.call('GET', `/api/housing/${id}`, { token: other.token });
    expect(member.body.item).toMatchObject({ address: HOME.address, tel: HOME.tel, email: HOME.email });
  });
});

describe('the list', () => {
  test('filters by kind, location, rent range, bedrooms, move-in, furnished, pets and gender', async () => {
    const tag = newTag();
    const t1 = `${tag} 하나`;
    const a = await home({ title: t1, kind: 1, rent: 1500, bedrooms: 1, movein: '', furnished: 1, pets: 2, gender: 1, location: 'LA' });
    const b = await home({
      title: t1,
      kind: 2,
      rent: 800,
      bedrooms: 0,
      movein: '2027-03-01',
      furnished: 2,
      pets: 1,
      gender: 2,
      location: '토런스',
    });
    const c = await home({
      title: t1,
      kind: 1,
      rent: 2600,
      bedrooms: 3,
      movein: '2027-01-10',
      furnished: 2,
      pets: 2,
      gender: 3,
      location: 'LA',
    });
    const set = async (q: string) => new Set(await listed(tag, q));
    expect(await set('&kind=1')).toEqual(new Set([a, c]));
    expect(await set(`&location=${encodeURIComponent('토런스')}`)).toEqual(new Set([b]));
    expect(await set('&minrent=1000&maxrent=2000')).toEqual(new Set([a]));
    expect(await set('&bedrooms=1')).toEqual(new Set([a, c]));
    // Ready by that day: 즉시 or a date on or before it.
    expect(await set('&movein=2027-02-01')).toEqual(new Set([a, c]));
    expect(await set('&furnished=1')).toEqual(new Set([a]));
    expect(await set('&pets=1')).toEqual(new Set([b]));
    // 여성 and 남성 also match 무관.
    expect(await set('&gender=2')).toEqual(new Set([a, b]));
    expect(await set('&gender=3')).toEqual(new Set([a, c]));
    const count = await t.call('GET', `/api/housing/count?keyword=${encodeURIComponent(tag)}&gender=2`);
    expect(count.body.total).toBe(2);
  });

  test('sorts newest first, by rent and by rent descending', async () => {
    const tag = newTag();
    const a = await home({ title: `${tag} 가`, rent: 2000 });
    const b = await home({ title: `${tag} 나`, rent: 900 });
    const c = await home({ title: `${tag} 다`, rent: 1500 });
    expect(await listed(tag, '&sort=fresh')).toEqual([c, b, a]);
    expect(await listed(tag, '&sort=rent')).toEqual([b, c, a]);
    expect(await listed(tag, '&sort=-rent')).toEqual([a, c, b]);
  });

  test.each([
    ['minrent=abc', 'minrent'],
    ['bedrooms=-1', 'bedrooms'],
    ['movein=2027-13-01', 'movein'],
    ['gender=4', 'gender'],
    ['furnished=yes', 'furnished'],
  ])('a bad filter %s is a 400 naming it', async (query, field) => {
    const res = await t.call('GET', `/api/housing?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });
});

describe('a home is found, bumped, liked and talked about like a listing', () => {
  test('site search finds it by its title and text', async () => {
    const tag = newTag();
    const id = await home({ title: `검색 ${tag}` });
    const res = await t.call('GET', `/api/search?q=${encodeURIComponent(tag)}`);
    expect(res.status).toBe(200);
    const found = JSON.stringify(res.body);
    expect(found).toContain(`"item":${id}`);
  });

  test('it is bumped once a day by its author, liked and chatted about', async () => {
    const id = await home();
    expect((await t.call('POST', `/api/housing/${id}/bump`, { token: owner.token })).status).toBe(400);
    const like = await t.call('POST', '/api/like', { token: other.token, body: { target: 'housing', item: id } });
    expect(like.body).toMatchObject({ liked: true, like: 1 });
    const chat = await t.call('POST', '/api/conversation', { token: other.token, body: { target: 'housing', item: id } });
    expect(chat.status).toBe(200);
    const own = await t.call('POST', '/api/conversation', { token: owner.token, body: { target: 'housing', item: id } });
    expect(own.status).toBe(400);
    const report = await t.call('POST', '/api/report', { token: other.token, body: { target: 'housing', item: id, reason: 'fraud' } });
    expect(report.status).toBe(200);
  });

  test('its views are counted once per reader; the sitemap and the 부동산 feed list it, without its contact', async () => {
    const tag = newTag();
    const id = await home({ title: `피드 ${tag}` });
    for (const reader of [other, other, owner]) await t.call('GET', `/api/housing/${id}`, { token: reader.token });
    expect((await t.call('GET', `/api/housing/${id}`, { token: other.token })).body.item.count).toBe(2);
    const host = { host: 'portal.example' };
    const sitemap = await t.call('GET', '/sitemap.xml', { headers: host });
    expect(sitemap.body).toContain('<loc>http://portal.example/housing</loc>');
    expect(sitemap.body).toContain(`<loc>http://portal.example/housing/${id}</loc>`);
    const feed = await t.call('GET', '/housing/rss.xml', { headers: host });
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    expect(feed.body).toContain(`<link>http://portal.example/housing/${id}</link>`);
    expect(feed.body).toContain(tag);
    for (const value of [HOME.address, HOME.tel, HOME.email]) expect(feed.body).not.toContain(value);
  });
});

// Comments on a home, with a board post's rules: members write, one level of replies, the
// listing's count stays exact, its author is told, held and deleted comments keep their place,
// moderators and reports reach them, and they go with the listing.
const ROOM = '한인타운 룸메이트 구해요';
const comment = (token: string | undefined, body: Record<string, unknown>) => t.call('POST', '/api/comment', { token, body });
const thread = async (id: number) => (await t.call('GET', `/api/comment?target=housing&board=${id}`)).body.items;
const count = async (id: number) => (await t.call('GET', `/api/housing/${id}`)).body.item.comment;

describe('comments on a home', () => {
  test('members comment and reply; the count, the thread and the author’s notice follow', async () => {
    const id = await home({ title: ROOM });
    expect((await comment(undefined, { target: 'housing', board: id, content: '아직 있나요?' })).status).toBe(401);
    const top = await comment(other.token, { target: 'housing', board: id, content: '아직 있나요? 🏠' });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const reply = await comment(owner.token, { target: 'housing', board: id, parent: top.body.id, content: '네, 아직 있어요' });
    expect(reply.status).toBe(200);
    expect(await thread(id)).toMatchObject([
      { id: top.body.id, content: '아직 있나요? 🏠', replies: [{ id: reply.body.id, content: '네, 아직 있어요' }] },
    ]);
    expect(await count(id)).toBe(2);
    const told = (await t.call('GET', '/api/notification', { token: owner.token })).body.items;
    expect(told).toContainEqual(expect.objectContaining({ kind: 'comment', title: ROOM, link: `/housing/${id}#comment-${top.body.id}` }));
    const replied = (await t.call('GET', '/api/notification', { token: other.token })).body.items;
    expect(replied).toContainEqual(expect.objectContaining({ kind: 'reply', link: `/housing/${id}#comment-${reply.body.id}` }));
    const mine = (await t.call('GET', '/api/comment/mine', { token: other.token })).body.items;
    expect(mine).toContainEqual(expect.objectContaining({ id: top.body.id, title: ROOM, link: `/housing/${id}#comment-${top.body.id}` }));
  });

  test('a home’s thread is its own: a post of the same id, or a reply across them, does not reach it', async () => {
    const id = await home({ title: ROOM });
    const top = await comment(other.token, { target: 'housing', board: id, content: '주차 되나요?' });
    const board = await t.call('GET', `/api/comment?board=${id}`);
    expect(JSON.stringify(board.body)).not.toContain('주차 되나요?');
    const post = await t.call('POST', '/api/board', { token: owner.token, body: { title: '글', content: '<p>내용</p>', topcategory: 5 } });
    const across = await comment(owner.token, { board: post.body.id, parent: top.body.id, content: '답글' });
    expect(across.status).toBe(404);
    expect(across.body.field).toBe('parent');
  });

  test('kinds without comments are refused at the edge; a hidden home takes none', async () => {
    const job = await comment(other.token, { target: 'jobs', board: 1, content: '댓글' });
    expect(job.status).toBe(400);
    expect(job.body.field).toBe('target');
    const id = await home({ title: ROOM });
    const root = await t.root();
    expect(
      (await t.call('POST', '/api/admin/moderate', { token: root, body: { target: 'housing', ids: [id], action: 'hide' } })).status,
    ).toBe(200);
    expect((await comment(other.token, { target: 'housing', board: id, content: '댓글' })).status).toBe(404);
    expect((await t.call('GET', `/api/comment?target=housing&board=${id}`)).status).toBe(404);
  });

  test('deletes keep a placeholder under replies and the count exact; the admin list and reports name the home', async () => {
    const id = await home({ title: ROOM });
    const top = (await comment(other.token, { target: 'housing', board: id, content: '사기 같아요 입금 먼저 하래요' })).body.id;
    const reply = (await comment(owner.token, { target: 'housing', board: id, parent: top, content: '아닙니다' })).body.id;
    const root = await t.root();
    const listed = (await t.call('GET', '/api/admin/comments?size=50', { token: root })).body.items;
    expect(listed).toContainEqual(expect.objectContaining({ id: top, title: ROOM, board: id }));
    const reported = await t.call('POST', '/api/report', { token: owner.token, body: { target: 'comment', item: top, reason: 'abuse' } });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const reports = (await t.call('GET', '/api/admin/report?size=100', { token: root })).body.items;
    expect(reports).toContainEqual(expect.objectContaining({ target: 'comment', item: top, link: `/housing/${id}#comment-${top}` }));
    expect((await t.call('DELETE', '/api/comment', { token: other.token, body: { id: top } })).status).toBe(200);
    expect(await thread(id)).toMatchObject([{ id: top, deleted: 1, content: '', replies: [{ id: reply }] }]);
    expect(await count(id)).toBe(1);
    expect(
      (await t.call('POST', '/api/admin/moderate', { token: root, body: { target: 'comment', ids: [reply], action: 'delete' } })).status,
    ).toBe(200);
    expect(await thread(id)).toEqual([]);
    expect(await count(id)).toBe(0);
  });

  test('deleting a home takes its comments with it', async () => {
    const id = await home({ title: ROOM });
    const top = (await comment(other.token, { target: 'housing', board: id, content: '댓글' })).body.id;
    expect((await t.call('DELETE', '/api/housing', { token: owner.token, body: { id } })).status).toBe(200);
    const root = await t.root();
    const listed = (await t.call('GET', '/api/admin/comments?size=50', { token: root })).body.items;
    expect(listed.map((c: { id: number }) => c.id)).not.toContain(top);
    expect((await t.call('DELETE', '/api/comment', { token: other.token, body: { id: top } })).status).toBe(404);
  });
});
