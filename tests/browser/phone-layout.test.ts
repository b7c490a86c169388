import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
} from '#tests/support/browser.ts';

// A phone at 360 px (PRODUCT.md, Screens): prices, dates, D-days, phone numbers and counters never
// split across lines; a list's first item is on the first screen with its filters folded behind
// 필터; the current section's tab is in view; the header keeps its links with a long nickname.

const suite = setUpServerAndBrowser();
let member: Account;
let admin: string;
const details: string[] = [];

beforeAll(async () => {
  member = await createAccount(suite.server, 1);
  admin = await rootToken(suite.server);
  const first = async (query: string) => (await apiGet<{ items: { id: number }[] }>(suite.server, query)).items[0]?.id;
  details.push(`/market/${await first('/api/board?topcategory=4&size=1')}`, `/jobs/${await first('/api/jobs?size=1')}`);
  details.push(`/business/${await first('/api/business?size=1')}`, `/community/${await first('/api/board?topcategory=5&size=1')}`);
});

/** Texts that must stay on one line, as a reader sees them. */
const UNBREAKABLE = [
  /\$[\d,]+(\.\d\d)?/g,
  /D-(\d+|day)/g,
  /(조회|좋아요|댓글) [\d,]+/g,
  /\d{4}-\d{2}-\d{2}/g,
  /\(?\d{3}\)?[ .-]?\d{3}-\d{4}/g,
].map((r) => r.source);

/** Every match in the main content that the browser laid out over more than one line. */
function splitTexts(page: Page): Promise<string[]> {
  return page.evaluate((sources) => {
    const split: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const source of sources) {
        for (const m of text.matchAll(new RegExp(source, 'g'))) {
          const range = document.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
          if (rects.length === 0) continue;
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(m[0]);
        }
      }
    }
    return split;
  }, UNBREAKABLE);
}

describe('a phone at 360 px', () => {
  test('prices, dates, D-days, phone numbers and counters never split across lines', async () => {
    for (const path of ['/market', '/jobs', '/business', '/community', '/news', '/', ...details]) {
      const { page, close } = await suite.visit(path, { width: 360, status: 200 });
      expect(await splitTexts(page), path).toEqual([]);
      await expectNoHorizontalScroll(page);
      await close();
    }
  });

  test("a list's filters fold behind 필터, so the first item is on the first screen; on a desk they are open", async () => {
    const { page, close } = await suite.visit('/market', { width: 360, status: 200 });
    const category = page.getByLabel('분류', { exact: true });
    expect(await category.isVisible()).toBe(false);
    const firstItem = page.getByRole('main').getByRole('listitem').first();
    const box = await firstItem.boundingBox();
    expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(800);
    await saveScreenshot(page, 'phone-market-filters-folded', { fullPage: false });
    await page.getByText('필터', { exact: true }).click();
    expect(await category.isVisible()).toBe(true);
    await close();
    const desk = await suite.visit('/market?category=가구', { width: 1280, status: 200 });
    expect(await desk.page.getByLabel('분류', { exact: true }).isVisible()).toBe(true);
    await desk.close();
    const chosen = await suite.visit('/market?category=가구&sort=-price', { width: 360, status: 200 });
    expect(await chosen.page.getByText('필터 (2)', { exact: true }).isVisible()).toBe(true);
    await chosen.close();
  });

  test("the current section's tab is in view, on arrival and after moving between sections", async () => {
    const tabInView = async (page: Page, label: string) => {
      const tab = page.getByRole('navigation', { name: '섹션' }).getByRole('link', { name: label, exact: true });
      // After a client navigation the address changes a moment before the tabs are drawn again.
      await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
      await expect.poll(async () => ((await tab.boundingBox())?.x ?? -1) >= 0).toBe(true);
      const box = await tab.boundingBox();
      expect(box?.x, label).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(360);
    };
    const { page, close } = await suite.visit('/organizations', { width: 360, status: 200 });
    await tabInView(page, '한인단체');
    await page.getByRole('navigation', { name: '섹션' }).getByRole('link', { name: '뉴스', exact: true }).click();
    await page.waitForURL(/\/news$/);
    await tabInView(page, '뉴스');
    await close();
  });

  test('with a long nickname the header keeps 마이페이지, 관리자 and 로그아웃 whole; only admins get 관리자', async () => {
    await apiCall(suite.server, 'PUT', '/api/user', member.token, { id: member.id, nickname: '아주아주긴닉네임을가진회원입니다' });
    const account = (page: Page) => page.getByRole('navigation', { name: '내 계정' });
    const { page, close } = await suite.visit('/community', { width: 360, token: member.token, status: 200 });
    for (const name of ['로그아웃']) {
      const box = await account(page).getByRole('button', { name }).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    expect(await account(page).getByRole('link', { name: '관리자', exact: true }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'phone-header-long-nickname', { fullPage: false });
    await close();
    const asAdmin = await suite.visit('/community', { width: 360, token: admin, status: 200 });
    await account(asAdmin.page).getByRole('link', { name: '관리자', exact: true }).click();
    await asAdmin.page.waitForURL(/\/admin$/);
    await asAdmin.close();
  });
});
