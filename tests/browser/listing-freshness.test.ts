import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  openPage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
  hydrated,
} from '#tests/support/browser.ts';

// Listings that stay fresh, as a person sees them at 360 and 1280 px, with and without
// JavaScript: 끌어올리기 on a listing's page lifts it to the top of the market; 마감 포함 shows the
// closed listings marked 마감; 거래완료 listings carry their badge below those still in trade; the
// author sees when the next bump is possible and finds their listings on the my page.
// The demo's older listings were last bumped days ago; an admin may bump any of them.

const suite = setUpServerAndBrowser();
let member: Account;
let admin: string;

interface Listing {
  id: number;
  title: string;
  bumpdate: string;
  marketstatus: number;
  closed: number;
}

const marketApi = async (query = '') =>
  (await apiGet<{ items: Listing[] }>(suite.server, `/api/board?topcategory=4&sort=fresh&size=100${query}`)).items;

beforeAll(async () => {
  member = await createAccount(suite.server, 1);
  admin = await rootToken(suite.server);
});

/** Demo listings in trade, last bumped more than a day ago, not on top: one per bump test. */
async function bumpable(): Promise<Listing[]> {
  const dayAgo = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
  return (await marketApi()).slice(1).filter((l) => l.marketstatus === 1 && l.bumpdate < dayAgo);
}

async function page(path: string, options: { width: 360 | 1280; js: boolean; token?: string }) {
  const opened = await openPage(suite.browser, suite.server, { width: options.width, javaScriptEnabled: options.js, token: options.token });
  const answer = await opened.page.goto(path);
  expect(answer?.status(), path).toBe(200);
  if (options.js) await hydrated(opened.page);
  return opened;
}

/** The list's cards (not the page numbers under it). */
const cards = (p: Page) => p.locator('main ul > li').filter({ has: p.locator('a[href^="/market/"]') });

/** On a phone the filters fold behind 필터. */
async function openFilters(p: Page, width: number) {
  if (width === 360) await p.locator('main summary').filter({ hasText: '필터' }).click();
}

describe('끌어올리기 from a listing’s page', () => {
  for (const width of WIDTHS) {
    for (const js of [true, false]) {
      test(`lifts the listing to the top of the market at ${width} px ${js ? 'with' : 'without'} JavaScript`, async () => {
        const [listing] = await bumpable();
        if (!listing) throw new Error('no demo listing to bump');
        const { page: p, errors, close } = await page(`/market/${listing.id}`, { width, js, token: admin });
        const box = p.getByRole('form', { name: '끌어올리기' });
        await expect(box.textContent()).resolves.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}까지 게시/);
        await box.getByRole('button', { name: '끌어올리기' }).click();
        await p.waitForURL(/\?bumped=1#bump$/);
        await p.getByRole('status').filter({ hasText: '끌어올렸습니다' }).waitFor();
        // Done for today: the button gives way to when the next one is possible.
        expect(await box.getByRole('button', { name: '끌어올리기' }).count()).toBe(0);
        await expect(box.textContent()).resolves.toMatch(/끌어올리기는 \d{4}-\d{2}-\d{2} \d{2}:\d{2}부터 할 수 있습니다/);
        await expectNoHorizontalScroll(p);
        await saveScreenshot(p, `freshness-bumped-${js ? 'js' : 'nojs'}`);

        await p.goto('/market');
        expect(await cards(p).first().locator('a').first().getAttribute('href')).toBe(`/market/${listing.id}`);
        expect(errors).toEqual([]);
        await close();
      });
    }
  }

  test('the author sees when the next bump is possible, and finds the listing on the my page', async () => {
    const created = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', member.token, {
      topcategory: 4,
      title: '새로 올린 책장',
      content: '<p>거의 새것입니다</p>',
      price: 40,
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    for (const width of WIDTHS) {
      const { page: p, close } = await page(`/market/${id}`, { width, js: true, token: member.token });
      const box = p.getByRole('form', { name: '끌어올리기' });
      await expect(box.textContent()).resolves.toMatch(/끌어올리기는 \d{4}-\d{2}-\d{2} \d{2}:\d{2}부터 할 수 있습니다/);
      await p.goto('/mypage/listings');
      const open = p.getByRole('region', { name: '게시 중인 글' });
      await expect(open.getByRole('link', { name: '새로 올린 책장' }).getAttribute('href')).resolves.toBe(`/market/${id}`);
      await expectNoHorizontalScroll(p);
      await saveScreenshot(p, 'freshness-mypage');
      await close();
    }
    // Nobody else gets the box.
    const other = await page(`/market/${id}`, { width: 1280, js: false });
    expect(await other.page.getByRole('form', { name: '끌어올리기' }).count()).toBe(0);
    await other.close();
  });

  test('the my page’s form bumps through its action; too soon, the page says when', async () => {
    const created = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', member.token, {
      topcategory: 4,
      title: '오늘 올린 스탠드',
      content: '<p>밝습니다</p>',
      price: 15,
    });
    const post = (p: Page, id: number) =>
      p.request.post('/mypage/listings', {
        form: { intent: 'bump', table: 'board', id: String(id) },
        headers: { origin: suite.server.url },
        maxRedirects: 0,
      });
    const mine = await page('/mypage/listings', { width: 360, js: false, token: member.token });
    const early = await post(mine.page, created.body.id);
    expect(early.status()).toBe(400);
    expect(await early.text()).toMatch(/끌어올리기는 하루에 한 번 할 수 있습니다\. \d{4}-\d{2}-\d{2} \d{2}:\d{2}부터 다시 할 수 있습니다/);
    await mine.close();

    const [listing] = await bumpable();
    if (!listing) throw new Error('no demo listing to bump');
    const staff = await page('/mypage/listings', { width: 1280, js: false, token: admin });
    const done = await post(staff.page, listing.id);
    expect(done.status()).toBe(303);
    expect(done.headers().location).toBe(`/mypage/listings?bumped=board-${listing.id}#listing-board-${listing.id}`);
    expect((await marketApi())[0]?.id).toBe(listing.id);
    await staff.close();
  });
});

describe('the market list', () => {
  for (const width of WIDTHS) {
    for (const js of [true, false]) {
      test(`마감 포함 shows the closed listings, marked 마감, at ${width} px ${js ? 'with' : 'without'} JavaScript`, async () => {
        const all = await marketApi('&expired=1');
        expect(all.filter((l) => l.closed === 1).length).toBeGreaterThan(0);
        const { page: p, errors, close } = await page('/market', { width, js });
        const badge = (root: Page) => cards(root).getByText('마감', { exact: true });
        expect(await badge(p).count()).toBe(0);
        await openFilters(p, width);
        await p.getByLabel('마감 포함').check();
        if (!js) await p.getByRole('button', { name: '검색', exact: true }).last().click();
        await p.waitForURL(/expired=1/);
        await expect.poll(() => p.getByText(/총 [\d,]+건/).textContent()).toContain(`총 ${all.length}건`);
        // The closed ones last bumped longest ago: at the end of the listing order.
        await expect.poll(() => badge(p).count()).toBeGreaterThan(0);
        const marked = cards(p).filter({ has: p.getByText('마감', { exact: true }) });
        expect(await marked.first().locator('a').first().getAttribute('href')).toMatch(/^\/market\/\d+$/);
        await expectNoHorizontalScroll(p);
        await saveScreenshot(p, `freshness-expired-${js ? 'js' : 'nojs'}`);
        expect(errors).toEqual([]);
        await close();
      });
    }
  }

  test('거래완료 listings carry their badge below every listing still in trade', async () => {
    const created = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', member.token, {
      topcategory: 4,
      title: '팔린 자전거',
      content: '<p>판매되었습니다</p>',
      price: 80,
    });
    const sold = await apiCall(suite.server, 'PUT', '/api/board', member.token, { id: created.body.id, marketstatus: 2 });
    expect(sold.status).toBe(200);
    for (const width of WIDTHS) {
      for (const js of [true, false]) {
        const { page: p, close } = await page('/market', { width, js });
        const done = (await cards(p).allTextContents()).map((text) => text.includes('거래완료'));
        expect(done.some(Boolean)).toBe(true);
        // Once a 거래완료 card comes, every later one is too.
        expect(done.slice(done.indexOf(true)).every(Boolean)).toBe(true);
        const card = cards(p).filter({ hasText: '팔린 자전거' });
        await expect(card.getByText('거래완료', { exact: true }).count()).resolves.toBe(1);
        await close();
      }
    }
  });
});
