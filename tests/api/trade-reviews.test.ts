import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A sale closed with a buyer and the reviews its two parties leave each other (PRODUCT.md "Members
// and trust"): the seller names a member who talked with them about the item; each of the two may
// review the other once; nobody else may.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

async function listing(seller: Member): Promise<number> {
  const res = await t.call('POST', '/api/board', {
    token: seller.token,
    body: { topcategory: 4, title: '캠핑 의자 팝니다', content: '<p>두 개</p>', price: 20 },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function chat(m: Member, item: number): Promise<void> {
  expect((await t.call('POST', '/api/conversation', { token: m.token, body: { target: 'board', item } })).status).toBe(200);
}

const sold = (m: Member, item: number, body: object) => t.call('PUT', `/api/board/${item}/sold`, { token: m.token, body });
const review = (m: Member, body: object) => t.call('POST', '/api/review', { token: m.token, body });
const profile = async (id: number) => (await t.call('GET', `/api/member/${id}`)).body.item;

/** A market listing sold to a buyer who asked about it. */
async function sale() {
  const [seller, buyer] = [await t.member(), await t.member()];
  const item = await listing(seller);
  await chat(buyer, item);
  expect((await sold(seller, item, { buyer: buyer.id })).body).toMatchObject({ code: 'ok', buyer: buyer.id });
  return { seller, buyer, item };
}

describe('closing a sale', () => {
  test('the seller sees who talked with them about it and closes it with one of them: 거래완료', async () => {
    const [seller, asker, other] = [await t.member(), await t.member(), await t.member()];
    const item = await listing(seller);
    await chat(asker, item);
    const buyers = await t.call('GET', `/api/board/${item}/buyers`, { token: seller.token });
    expect(buyers.body.items).toEqual([{ id: asker.id, nickname: expect.stringMatching(/^닉네임/) }]);
    expect((await t.call('GET', `/api/board/${item}/buyers`, { token: asker.token })).status).toBe(403);
    // Someone who never wrote about it is no buyer.
    const refused = await sold(seller, item, { buyer: other.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'invalid', field: 'buyer' });
    expect((await sold(seller, item, { buyer: asker.id })).status).toBe(200);
    expect((await t.call('GET', `/api/board/${item}`)).body.item.marketstatus).toBe(2);
    // The buyer is invited to review the seller, on the trade page.
    const told = (await t.call('GET', '/api/notification', { token: asker.token })).body.items;
    expect(told).toEqual([expect.objectContaining({ kind: 'trade', title: '캠핑 의자 팝니다', link: `/trade/board/${item}` })]);
    // A second buyer: 400; the badge counts the trade on both profiles.
    expect((await sold(seller, item, { buyer: asker.id })).status).toBe(400);
    expect((await profile(seller.id)).badges).toContain('거래 1회');
    expect((await profile(asker.id)).badges).toContain('거래 1회');
  });

  test('only the seller closes it; without a buyer it closes all the same; a post of another section is 404', async () => {
    const [seller, buyer] = [await t.member(), await t.member()];
    const item = await listing(seller);
    await chat(buyer, item);
    expect((await sold(buyer, item, { buyer: buyer.id })).status).toBe(403);
    expect((await t.call('PUT', `/api/board/${item}/sold`, { body: {} })).status).toBe(401);
    expect((await sold(seller, item, {})).body).toMatchObject({ code: 'ok', buyer: 0 });
    expect((await t.call('GET', `/api/board/${item}`)).body.item.marketstatus).toBe(2);
    // No buyer, no reviews.
    expect((await review(buyer, { target: 'board', item, rating: 3 })).status).toBe(403);
    const post = await t.call('POST', '/api/board', {
      token: seller.token,
      body: { topcategory: 5, title: '안녕하세요', content: '<p>인사</p>' },
    });
    expect((await sold(seller, post.body.id, {})).status).toBe(404);
    expect((await t.call('PUT', '/api/board/99999999/sold', { token: seller.token, body: {} })).status).toBe(404);
  });
});

describe('trade reviews', () => {
  test('each party reviews the other once; the review shows on the other’s profile without its author', async () => {
    const { seller, buyer, item } = await sale();
    const first = await review(buyer, { target: 'board', item, rating: 3, tags: [2, 1, 2], content: '  친절하고 시간도 잘 지키셨어요  ' });
    expect(first.body).toMatchObject({ code: 'ok', id: expect.any(Number) });
    expect((await review(seller, { target: 'board', item, rating: 2, tags: [3] })).status).toBe(200);
    const again = await review(buyer, { target: 'board', item, rating: 1 });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('already');

    const shown = await profile(seller.id);
    expect(shown.reviews).toEqual({
      counts: { 1: 0, 2: 0, 3: 1 },
      latest: [{ rating: 3, tags: [1, 2], content: '친절하고 시간도 잘 지키셨어요', date: expect.any(String) }],
    });
    expect(JSON.stringify(shown.reviews)).not.toContain(String(buyer.loginid));
    expect((await profile(buyer.id)).reviews.counts).toEqual({ 1: 0, 2: 1, 3: 0 });
  });

  test('anyone else 403; bad ratings, tags and text 400', async () => {
    const { buyer, item } = await sale();
    const stranger = await t.member();
    expect((await review(stranger, { target: 'board', item, rating: 3 })).status).toBe(403);
    expect((await t.call('POST', '/api/review', { body: { target: 'board', item, rating: 3 } })).status).toBe(401);
    for (const body of [
      { target: 'board', item, rating: 4 },
      { target: 'board', item, rating: 0 },
      { target: 'board', item },
      { target: 'board', item, rating: 3, tags: [6] },
      { target: 'board', item, rating: 3, content: '가'.repeat(501) },
      { target: 'users', item, rating: 3 },
    ]) {
      expect((await review(buyer, body)).status, JSON.stringify(body)).toBe(400);
    }
    // Jobs are no sale: nobody reviews them.
    expect((await review(buyer, { target: 'jobs', item, rating: 3 })).status).toBe(403);
  });
});
