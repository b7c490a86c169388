import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiCall, expectNoHorizontalScroll, rootToken, saveScreenshot, setUpServerAndBrowser, WIDTHS } from '#tests/support/browser.ts';

// /search as a person on a phone meets it (issue #32): a result is its Korean title, with the
// English one only when the query is found in it; a 초성 query marks the syllables it matched;
// the page, which has no common layout (SPEC §2), still has a way back.

const suite = setUpServerAndBrowser();
const KOREAN = '서울시 대표단 한인회관 방문';
const ENGLISH = 'Seoul city delegation visits the Korean community center';

beforeAll(async () => {
  const res = await apiCall(suite.server, 'POST', '/api/board', await rootToken(suite.server), {
    topcategory: 1,
    title: KOREAN,
    etitle: ENGLISH,
    content: '<p>대표단이 한인회관을 찾았습니다.</p>',
    econtent: '<p>The delegation visited the center.</p>',
  });
  expect(res.status).toBe(200);
});

/** The result whose link leads to the news post we wrote. */
const result = (page: Page): Locator => page.getByRole('main').getByRole('listitem').filter({ hasText: '대표단 한인회관' }).first();

/** How many lines the browser laid a text out over. */
function lines(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.bottom))).size;
  });
}

describe('search results', () => {
  test.each(WIDTHS)('a Korean query shows the Korean title alone (%i px)', async (width) => {
    const { page, errors, close } = await suite.visit(`/search?q=${encodeURIComponent('한인회관')}`, { width, status: 200 });
    const found = result(page);
    const title = found.getByRole('link');
    expect(await title.innerText()).toBe(KOREAN);
    expect(await found.getByText(ENGLISH).count(), 'no English title for a Korean query').toBe(0);
    expect(await lines(title)).toBe(1);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'search-korean-query', { fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('an English query shows the English title small under the Korean one, marked (%i px)', async (width) => {
    const { page, close } = await suite.visit(`/search?q=delegation`, { width, status: 200 });
    const found = result(page);
    expect(await found.getByRole('link').innerText()).toBe(KOREAN);
    const english = found.getByText(ENGLISH);
    expect(await english.count()).toBe(1);
    expect(await english.locator('mark').innerText()).toBe('delegation');
    const size = (l: Locator) => l.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(await size(english)).toBeLessThan(await size(found.getByRole('link')));
    await saveScreenshot(page, 'search-english-query', { fullPage: false });
    await close();
  });

  test('a 초성 query marks the syllables it matched, within a word', async () => {
    const { page, close } = await suite.visit(`/search?q=${encodeURIComponent('ㅎㅇㅎㄱ')}`, { width: 360, status: 200 });
    expect(await result(page).getByRole('link').locator('mark').allInnerTexts()).toEqual(['한인회관']);
    await saveScreenshot(page, 'search-chosung', { fullPage: false });
    await close();
  });
});

describe('the way back', () => {
  test.each(WIDTHS)('a phone and a desk have a 뒤로 link at the top that returns to the page before (%i px)', async (width) => {
    const { page, errors, close } = await suite.visit('/market', { width, status: 200 });
    await page.getByRole('banner').getByRole('searchbox').fill('한인회관');
    await page.getByRole('banner').getByRole('button', { name: '검색' }).click();
    await page.waitForURL(/\/search\?/);
    const back = page.getByRole('link', { name: '뒤로' });
    const box = await back.boundingBox();
    expect(box?.y ?? Number.POSITIVE_INFINITY, 'at the top of the page').toBeLessThan(60);
    expect(box?.height ?? 0, 'a finger-sized target').toBeGreaterThanOrEqual(44);
    await saveScreenshot(page, 'search-back-link', { fullPage: false });
    await back.click();
    await page.waitForURL((u) => u.pathname === '/market');
    expect(errors).toEqual([]);
    await close();
  });

  test('without a page before it on the site, 뒤로 leads home', async () => {
    const { page, close } = await suite.visit(`/search?q=${encodeURIComponent('한인회관')}`, { width: 360, status: 200 });
    await page.getByRole('link', { name: '뒤로' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await close();
  });
});
