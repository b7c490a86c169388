import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CountedPages, countedPages } from '#tests/support/stored-pages.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Stored pages and business reviews (PRODUCT.md "Members and trust"): a review renews the
// business's page (the review, the average and count) and the business lists that show it, and
// leaves other stored pages (a community list, another business) as they are. Renders are counted
// at the build's entry (tests/support/stored-pages.ts). Needs the built app (`npm run build`).

const DAY = 86_400_000;
let t: TestApp;
let pages: CountedPages;
type Member = Awaited<ReturnType<TestApp['member']>>;
let owner: Member;
let reviewer: Member;

beforeAll(async () => {
  t = await startTestApp();
  pages = await countedPages(t, '10.79.0.');
  // Accounts older than a week: their reviews count at once (a young one's wait on the queue).
  [owner, reviewer] = [await t.member(), await t.member()];
  const date = new Date(Date.now() - 8 * DAY).toISOString();
  await t.deps.db.updateTable('users').set({ date }).where('id', 'in', [owner.id, reviewer.id]).execute();
}, 120_000);
afterAll(() => t.close());

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
    const urls = [`/business/${reviewed}`, `/business/${other}`, '/business', '/business?sort=rating', '/community'];
    expect(await pages.visit(`/business/${reviewed}`)).toContain('아직 후기가 없습니다');
    for (const url of urls) await pages.stored(url);
    pages.renders = 0;

    const text = '국물이 진하고 김치가 맛있어요 🍲 또갈게요한국어긴단어';
    const res = await t.call('POST', `/api/business/${reviewed}/review`, { token: reviewer.token, body: { rating: 5, content: text } });
    expect(res.body).toEqual({ code: 'ok', id: expect.any(Number) });

    expect(await pages.visit(`/business/${reviewed}`)).toContain(text);
    expect(pages.renders).toBe(1);
    await pages.visit('/community');
    await pages.visit(`/business/${other}`);
    expect(pages.renders).toBe(1);
    // The lists show the average and count: a number, so their old copy may answer a moment.
    await pastCountsLag();
    expect(await pages.visit('/business')).toMatch(/5\.0[^★]{0,80}\(후기 1/);
    await pages.visit('/business?sort=rating');
    expect(pages.renders).toBe(3);
    await pages.visit('/community');
    expect(pages.renders).toBe(3);
  });
});

/** The rules the page's `#me-style` holds for its reader: what it hides from them. */
const styleOf = (html: string) => /<style id="me-style">(.*?)<\/style>/.exec(html)?.[1] ?? '';
const reviewForm = (id: number) => `data-unless-reviewed="business:${id}"`;

describe('a business page is one stored copy, each member’s own review filled in for them alone', () => {
  test('members and a visitor read it with no render; only the author of a waiting review sees it, and the form hides from those who reviewed', async () => {
    const id = await business('성수동 수제버거 🍔');
    const counted = '패티가 두툼하고 육즙이 가득해요';
    expect(
      (await t.call('POST', `/api/business/${id}/review`, { token: reviewer.token, body: { rating: 4, content: counted } })).status,
    ).toBe(200);
    // A week-old account's review waits on the queue: 검토 중 to its author, nobody else's.
    const young = await t.member();
    const waiting = '직원분들이 친절하고 매장이 깨끗했어요 아주아주만족스러운방문';
    const held = await t.call('POST', `/api/business/${id}/review`, { token: young.token, body: { rating: 5, content: waiting } });
    expect(held.body).toEqual({ code: 'ok', id: expect.any(Number), held: true });
    const other = await t.member();
    const url = `/business/${id}`;
    await pages.stored(url);
    pages.renders = 0;

    const mine = await pages.visit(url, young.token);
    const theirs = await pages.visit(url, other.token);
    const reviewers = await pages.visit(url, reviewer.token);
    const owners = await pages.visit(url, owner.token);
    const visitors = await pages.visit(url);
    const data = await pages.visit(`${url}.data`);
    expect(pages.renders).toBe(0);

    // The waiting review: its author's page alone, marked 검토 중.
    expect(mine).toContain(waiting);
    expect(mine).toMatch(/검토 중/);
    for (const html of [theirs, reviewers, owners, visitors, data]) expect(html).not.toContain(waiting);
    // Everyone reads the counted review.
    for (const html of [mine, theirs, reviewers, owners, visitors]) expect(html).toContain(counted);
    // The form is in the copy; it hides from those who reviewed (waiting or counted) and from the owner.
    for (const html of [mine, theirs, reviewers, owners]) expect(html).toContain(reviewForm(id));
    expect(styleOf(mine)).toContain(`[${reviewForm(id)}]`);
    expect(styleOf(reviewers)).toContain(`[${reviewForm(id)}]`);
    expect(styleOf(theirs)).not.toContain(reviewForm(id));
    expect(styleOf(owners)).toContain(`[data-not-owner="${owner.id}"]`);
    // The owner's answer form is shown to the owner alone.
    expect(owners).toMatch(new RegExp(`data-owner="${owner.id}"><form[^>]*>(?:(?!</form>).)*사장님 답글`));
    expect(styleOf(owners)).toContain(`[data-owner]:not([data-owner="${owner.id}"])`);
    expect(styleOf(theirs)).toContain(`[data-owner]:not([data-owner="${other.id}"])`);
    // A visitor is asked to log in; no member's name or review state is in their copy.
    expect(visitors).toContain('하고 후기를 남겨 주세요');
    expect(styleOf(visitors)).toContain('[data-owner]');
    expect(visitors).not.toContain('"reviewed"');
    expect(data).not.toContain('reviewed');
  });
});

describe('approving a waiting review renews the pages it changes, and no other', () => {
  test('its business’s page, the business lists and its author’s profile; a post’s page stays stored', async () => {
    const id = await business('홍대 떡볶이 골목집');
    const young = await t.member();
    const text = '떡볶이가 쫄깃하고 국물이 달달해요 🌶️ 또올게요';
    const held = await t.call('POST', `/api/business/${id}/review`, { token: young.token, body: { rating: 3, content: text } });
    expect(held.body.held).toBe(true);
    const post = await t.call('POST', '/api/board', {
      token: owner.token,
      body: { topcategory: 5, category: '자유게시판', title: '오늘의 동네 소식', content: '<p>본문</p>' },
    });
    expect(post.status).toBe(200);
    const unrelated = `/community/${post.body.id}`;
    const urls = [`/business/${id}`, '/business', '/business?sort=rating', `/member/${young.id}`, unrelated];
    for (const url of urls) await pages.stored(url);
    expect(await pages.visit(`/business/${id}`)).not.toContain(text);
    pages.renders = 0;

    const decided = await t.call('PUT', '/api/admin/queue', {
      token: await t.root(),
      body: { target: 'review', item: held.body.id, action: 'approve' },
    });
    expect(decided.status).toBe(200);

    await pages.visit(unrelated);
    expect(pages.renders).toBe(0);
    expect(await pages.visit(`/business/${id}`)).toContain(text);
    expect(pages.renders).toBe(1);
    await pages.visit(`/member/${young.id}`);
    expect(pages.renders).toBe(2);
    // The lists show the average and count: a number, so their old copy may answer a moment.
    await pastCountsLag();
    expect(await pages.visit('/business')).toMatch(/3\.0[^★]{0,80}\(후기 1/);
    await pages.visit('/business?sort=rating');
    expect(pages.renders).toBe(4);
    await pages.visit(unrelated);
    expect(pages.renders).toBe(4);
  });
});
