import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Deep pages start from remembered anchor ids instead of skipping every row before them
// (list-query.ts). Whatever the route, a page must hold exactly the rows a plain offset would.

let t: TestApp;
let ids: number[];
const SIZE = 20;
/** A community category no other test posts in, so the list is exactly these posts. */
const CATEGORY = '깊은페이지';

beforeAll(async () => {
  t = await startTestApp();
  const m = await t.member();
  ids = [];
  for (let batch = 0; batch < 3; batch++) {
    const body = Array.from({ length: 450 }, (_, i) => ({
      topcategory: 5,
      category: CATEGORY,
      title: `깊은 페이지 ${batch}-${i}`,
      content: '<p>깊은 페이지</p>',
    }));
    const created = await t.call('POST', '/api/board/batch', { token: m.token, body });
    expect(created.status).toBe(200);
    ids.push(...(created.body.ids as number[]));
  }
}, 120_000);
afterAll(() => t.close());

async function pageIds(page: number, sort: string): Promise<number[]> {
  const q = new URLSearchParams({ topcategory: '5', category: CATEGORY, size: String(SIZE), page: String(page), sort });
  const answer = await t.call('GET', `/api/board?${q}`);
  expect(answer.status).toBe(200);
  expect(answer.body.total).toBe(ids.length);
  return (answer.body.items as { id: number }[]).map((i) => i.id);
}

describe('deep pages', () => {
  test('every page in both orders holds the rows an offset would', async () => {
    const desc = [...ids].sort((a, b) => b - a);
    const asc = [...ids].sort((a, b) => a - b);
    const last = Math.ceil(ids.length / SIZE);
    for (const page of [1, 2, 25, 26, 27, 50, 51, last]) {
      expect(await pageIds(page, '-id'), `page ${page} newest first`).toEqual(desc.slice((page - 1) * SIZE, page * SIZE));
      expect(await pageIds(page, 'id'), `page ${page} oldest first`).toEqual(asc.slice((page - 1) * SIZE, page * SIZE));
    }
    expect(await pageIds(last + 1, '-id')).toEqual([]);
  });

  test('after deletes the anchors are found again', async () => {
    const gone = [...ids].sort((a, b) => b - a).slice(100, 130);
    // Admins delete anyone's posts.
    const root = await t.root();
    expect((await t.call('DELETE', '/api/board/batch', { token: root, body: gone })).status).toBe(200);
    ids = ids.filter((id) => !gone.includes(id));
    const desc = [...ids].sort((a, b) => b - a);
    for (const page of [26, 40, 67]) expect(await pageIds(page, '-id'), `page ${page}`).toEqual(desc.slice((page - 1) * SIZE, page * SIZE));
  });
});
