import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { onEachRender } from '#tests/support/counted-renders.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Stored pages and business reviews (PRODUCT.md "Members and trust"): a review renews the
// business's page (the review, the average and count) and the business lists that show it, and
// leaves other stored pages (a community list, another business) as they are. Renders are counted
// at the build's entry, as in search-renewal.test.ts. Needs the built app (`npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');
const DAY = 86_400_000;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let renders = 0;
type Member = Awaited<ReturnType<TestApp['member']>>;
let owner: Member;
let reviewer: Member;

beforeAll(async () => {
  t = await startTestApp();
  const real = await productionBuild(PROJECT)();
  const counted = onEachRender(real, () => {
    renders++;
  });
  app = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: async () => counted });
  // Accounts older than a week: their reviews count at once (a young one's wait on the queue).
  [owner, reviewer] = [await t.member(), await t.member()];
  const date = new Date(Date.now() - 8 * DAY).toISOString();
  await t.deps.db.updateTable('users').set({ date }).where('id', 'in', [owner.id, reviewer.id]).execute();
}, 120_000);
afterAll(() => t.close());

let ip = 0;
async function visit(url: string): Promise<string> {
  const headers = { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': `10.79.0.${++ip % 250}` };
  const res = await app.request(url, { headers });
  expect(res.status).toBe(200);
  return res.text();
}

/** Visits `url` until its stored copy answers (no render): on PostgreSQL, work that follows a
 * write (a view's count, a search entry) may end the first copy drawn after it. */
async function stored(url: string): Promise<void> {
  for (let tries = 0; tries < 5; tries++) {
    const before = renders;
    await visit(url);
    if (renders === before) return;
  }
  throw new Error(`${url} is never answered from the page cache`);
}

/** Past the time a copy out of date only by its numbers still answers (page-cache.ts COUNTS_LAG_MS). */
const pastCountsLag = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function business(title: string): Promise<number> {
  const res = await t.call('POST', '/api/business', { token: owner.token, body: { title, category: '식당', content: '<p>맛집</p>' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

describe('a business review renews the pages that show it, and no other', () => {
  test('its business’s page and the business lists, not the community list or another business’s page', async () => {
    const reviewed = await business('종로 설렁탕 본점');
    const other = await business('강남 냉면집');
    const post = await t.call('POST', '/api/board', {
      token: owner.token,
      body: { topcategory: 5, category: '자유게시판', title: '동네 소식', content: '<p>본문</p>' },
    });
    expect(post.status).toBe(200);
    const pages = [`/business/${reviewed}`, `/business/${other}`, '/business', '/business?sort=rating', '/community'];
    expect(await visit(`/business/${reviewed}`)).toContain('아직 후기가 없습니다');
    for (const url of pages) await stored(url);
    renders = 0;

    const text = '국물이 진하고 김치가 맛있어요 🍲 또갈게요한국어긴단어';
    const res = await t.call('POST', `/api/business/${reviewed}/review`, { token: reviewer.token, body: { rating: 5, content: text } });
    expect(res.body).toEqual({ code: 'ok', id: expect.any(Number) });

    expect(await visit(`/business/${reviewed}`)).toContain(text);
    expect(renders).toBe(1);
    await visit('/community');
    await visit(`/business/${other}`);
    expect(renders).toBe(1);
    // The lists show the average and count: a number, so their old copy may answer a moment.
    await pastCountsLag();
    expect(await visit('/business')).toMatch(/5\.0[^★]{0,80}\(후기 (<!-- -->)?1/);
    await visit('/business?sort=rating');
    expect(renders).toBe(3);
    await visit('/community');
    expect(renders).toBe(3);
  });
});
