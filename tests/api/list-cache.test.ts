import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Visitors' lists come from a cache while nothing in them can have changed (answer-cache.ts): a
// write of any kind must show up in the very next answer, for every visitor.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; title: string; like: number; comment: number; marketstatus: number };
const LIST = '/api/board?topcategory=4&size=50';

/** The visitors' list, asked twice so that the second answer is the stored one. */
async function visitorList(): Promise<Listed[]> {
  await t.call('GET', LIST);
  const answer = await t.call('GET', LIST);
  expect(answer.status).toBe(200);
  return answer.body.items;
}
const find = (items: Listed[], id: number) => items.find((i) => i.id === id);

describe('visitors’ lists and every kind of write', () => {
  test('posting, editing, liking, commenting, closing, hiding and deleting show at once', async () => {
    const author = await t.member();
    const fan = await t.member();
    const admin = await t.root();
    const before = (await visitorList()).length;
    const created = await t.call('POST', '/api/board', {
      token: author.token,
      body: { topcategory: 4, title: '캐시 확인 자전거 🚲', content: '<p>자전거</p>', price: 30 },
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    let items = (await t.call('GET', LIST)).body.items as Listed[];
    expect(items).toHaveLength(before + 1);
    expect(find(items, id)?.title).toBe('캐시 확인 자전거 🚲');

    await visitorList();
    expect(
      (await t.call('PUT', '/api/board', { token: author.token, body: { id, topcategory: 4, title: '고친 제목', price: 30 } })).status,
    ).toBe(200);
    expect(find((await t.call('GET', LIST)).body.items, id)?.title).toBe('고친 제목');

    await visitorList();
    expect((await t.call('POST', '/api/like', { token: fan.token, body: { target: 'board', item: id } })).status).toBe(200);
    expect(find((await t.call('GET', LIST)).body.items, id)?.like).toBe(1);

    await visitorList();
    expect((await t.call('POST', '/api/comment', { token: fan.token, body: { board: id, content: '살게요' } })).status).toBe(200);
    expect(find((await t.call('GET', LIST)).body.items, id)?.comment).toBe(1);

    await visitorList();
    expect(
      (await t.call('POST', '/api/admin/moderate', { token: admin, body: { target: 'board', ids: [id], action: 'close' } })).status,
    ).toBe(200);
    expect(find((await t.call('GET', LIST)).body.items, id)?.marketstatus).toBe(2);

    await visitorList();
    expect(
      (await t.call('POST', '/api/admin/moderate', { token: admin, body: { target: 'board', ids: [id], action: 'hide' } })).status,
    ).toBe(200);
    items = (await t.call('GET', LIST)).body.items;
    expect(find(items, id)).toBeUndefined();
    expect((await t.call('GET', '/api/board/count?topcategory=4')).body.total).toBe(before);

    await visitorList();
    expect(
      (await t.call('POST', '/api/admin/moderate', { token: admin, body: { target: 'board', ids: [id], action: 'delete' } })).status,
    ).toBe(200);
    expect(find((await t.call('GET', LIST)).body.items, id)).toBeUndefined();
  });

  test('a member’s list is never the visitors’ stored one', async () => {
    const m = await t.member();
    await visitorList();
    const mine = await t.call('GET', LIST, { token: m.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
  });

  test('counts and sums follow writes too', async () => {
    const m = await t.member();
    const count = async () => (await t.call('GET', '/api/jobs/count')).body.total as number;
    const before = await count();
    await count();
    expect((await t.call('POST', '/api/jobs', { token: m.token, body: { title: '주방 보조 구합니다' } })).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
