import { describe, expect, test } from 'vitest';
import {
  awaitsInteraction,
  hydrated,
  openPage,
  openWithSlowScripts,
  saveScreenshot,
  setUpServerAndBrowser,
  type TestPage,
  type Width,
  WIDTHS,
} from '#tests/support/browser.ts';

// Every filter control of a list applies the moment it is changed (issue #32, defect 4), the
// check boxes as well as the selects, and on a visitor's first page too, where the app's scripts
// are still on their way (src/web/lib/deferred-hydration.ts). Without JavaScript 검색 applies them.

const suite = setUpServerAndBrowser();

const search = (url: string) => new URL(url).search;
/** Long enough for the late scripts to arrive and the app to hydrate. */
const LATE = { timeout: 10_000 };

/** A visitor's first page, its app's scripts answered late as on a slow phone connection: the
 * filter is changed before the app is there. On a phone the filters fold behind 필터. */
async function firstVisit(path: string, width: Width): Promise<TestPage> {
  const opened = await openWithSlowScripts(suite.browser, suite.server, path, width, 1500);
  expect(await awaitsInteraction(opened.page)).toBe(true);
  if (width === 360) await opened.page.getByText('필터', { exact: true }).click();
  return opened;
}

describe('list filters', () => {
  test.each(WIDTHS)('on a first visit, 분류 on /business applies at once (%i px)', async (width) => {
    const { page, errors, close } = await firstVisit('/business', width);
    const select = page.getByLabel('분류', { exact: true });
    const value = await select.locator('option').nth(1).getAttribute('value');
    await select.focus();
    await select.selectOption(value as string);
    await expect.poll(() => search(page.url()), LATE).toBe(`?category=${encodeURIComponent(value as string)}`);
    await saveScreenshot(page, 'list-filters-first-select');
    expect(errors).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('on a first visit, 마감 포함 on /market applies at once, and again when unticked (%i px)', async (width) => {
    const { page, errors, close } = await firstVisit('/market', width);
    await page.getByLabel('마감 포함').check();
    await expect.poll(() => search(page.url()), LATE).toBe('?expired=1');
    // The applied filters are drawn anew from the address: on a phone folded again.
    if (width === 360) await page.getByText('필터 (1)', { exact: true }).click();
    await page.getByLabel('마감 포함').uncheck();
    await expect.poll(() => search(page.url())).toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  test('지금 영업중 and 마감된 공고 포함 apply at once on a hydrated page', async () => {
    const { page, close } = await suite.visit('/business');
    await page.getByLabel('지금 영업중').check();
    await expect.poll(() => search(page.url())).toBe('?open=1');
    await page.goto('/jobs');
    await hydrated(page);
    await page.getByLabel('마감된 공고 포함').check();
    await expect.poll(() => search(page.url())).toBe('?expired=1');
    await close();
  });

  test('without JavaScript, a ticked box applies with 검색', async () => {
    const t = await openPage(suite.browser, suite.server, { javaScriptEnabled: false });
    await t.page.goto('/jobs');
    await t.page.getByLabel('마감된 공고 포함').check();
    expect(search(t.page.url())).toBe('');
    await t.page.getByRole('button', { name: '검색', exact: true }).last().click();
    await t.page.waitForURL(/expired=1/);
    expect(await t.page.getByLabel('마감된 공고 포함').isChecked()).toBe(true);
    await t.close();
  });
});
