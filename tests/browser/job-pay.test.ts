import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  hydrated,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// PRODUCT.md "Jobs say pay and visa" in the browser: the write form's pay and visa fields in
// Korean (with and without JavaScript), the minimum wage refused at its field, the list's pay
// range on one line, and its 비자 and 최저 시급 filters in the address, behind 필터 on a phone.

const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0', MIN_WAGE_HOURLY: '16.90' } });
let member: Account;

beforeAll(async () => {
  member = await createAccount(suite.server, 1);
});

const search = (url: string) => new URLSearchParams(new URL(url).search);

/** How many lines a piece of text takes where the page draws it. */
const linesOf = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .first()
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });

describe('jobs say pay and visa', () => {
  test.each(WIDTHS)('a member writes a 구인 with a pay range and visa terms; its page shows them (%i px)', async (width) => {
    const { page, errors, close } = await suite.visit('/jobs/write', { token: member.token, width, status: 200 });
    await page.getByLabel('제목', { exact: true }).fill(`${width} 주방 보조 구합니다`);
    await page.getByLabel('급여 단위').selectOption({ label: '시급' });
    // The minimum wage is refused at its field, in Korean, keeping what was typed.
    await page.getByLabel('최소 급여 ($)').fill('15');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect.poll(() => page.locator('#write-paymin-error').textContent()).toBe('최소 급여는 최저임금 시급 $16.90 이상이어야 합니다');
    await page.getByLabel('최소 급여 ($)').fill('18');
    await page.getByLabel(/최대 급여/).fill('22.5');
    await page.getByLabel('비자 스폰서 가능').check();
    await page.getByLabel('OPT/CPT 가능').check();
    await saveScreenshot(page, `job-pay-write-${width}`);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    await hydrated(page);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const main = page.locator('main');
    await expect.poll(() => main.textContent()).toContain('시급 $18 ~ $22.50');
    expect(await main.textContent()).toContain('비자 스폰서 가능');
    const { item } = await apiGet<{ item: Record<string, unknown> }>(suite.server, `/api/jobs/${id}`);
    expect(item).toMatchObject({ paymin: 18, paymax: 22.5, payunit: 1, visa: [2, 3] });
    // The minimum wage's 400, asked for above, is the one answer Chromium logs.
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  test('without JavaScript the form posts the pay and the ticked visa terms', async () => {
    const body = new URLSearchParams([
      ['type', '1'],
      ['title', '자바스크립트 없이 쓴 공고'],
      ['content', '주 5일 근무'],
      ['payunit', '4'],
      ['paymin', '3,500'],
      ['paymax', '4,000'],
      ['visa', '1'],
      ['visa', '5'],
    ]);
    const sent = await fetchPage(suite.server, '/jobs/write', { token: member.token, method: 'POST', body });
    expect(sent.status, sent.html.slice(0, 300)).toBeGreaterThanOrEqual(300);
    const id = Number(sent.location?.split('/').pop());
    const { item } = await apiGet<{ item: Record<string, unknown> }>(suite.server, `/api/jobs/${id}`);
    expect(item).toMatchObject({ paymin: 3500, paymax: 4000, payunit: 4, visa: [1, 5] });
    // Below the minimum: the form comes back with the reason at 최소 급여.
    body.set('paymin', '2,000');
    const refused = await fetchPage(suite.server, '/jobs/write', { token: member.token, method: 'POST', body });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('최소 급여는 최저임금 시급 $16.90 이상이어야 합니다 (월급 $2,929.28 이상)');
  });

  test.each(WIDTHS)('the list shows each pay range on one line, and filters by visa and 최저 시급 (%i px)', async (width) => {
    const tag = `급여${width}`;
    for (const [title, fields] of [
      [`${tag} 스폰서 식당`, { paymin: 18, paymax: 22, payunit: 1, visa: [2] }],
      [`${tag} 영주권 사무실`, { paymin: 65000, paymax: 80000, payunit: 5, visa: [1] }],
      [`${tag} 협의 매장`, {}],
    ] as const) {
      const res = await apiCall(suite.server, 'POST', '/api/jobs', member.token, { title, ...fields });
      expect(res.status).toBe(200);
    }
    const { page, errors, close } = await suite.visit(`/jobs?keyword=${tag}`, { width, status: 200 });
    for (const pay of ['시급 $18 ~ $22', '연봉 $65,000 ~ $80,000', '급여 협의']) expect(await linesOf(page, pay), pay).toBe(1);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `job-pay-list-${width}`);
    if (width === 360) await page.getByText('필터', { exact: true }).click();
    await page.getByLabel('비자', { exact: true }).selectOption({ label: '비자 스폰서 가능' });
    await expect.poll(() => search(page.url()).get('visa')).toBe('2');
    await expect.poll(() => page.locator('main').textContent()).not.toContain(`${tag} 영주권 사무실`);
    expect(await page.locator('main').textContent()).toContain(`${tag} 스폰서 식당`);

    await page.goto(`/jobs?keyword=${tag}`);
    await hydrated(page);
    if (width === 360) await page.getByText('필터', { exact: true }).click();
    await page.getByLabel('최저 시급($)').fill('25');
    await page.getByLabel('최저 시급($)').press('Enter');
    await expect.poll(() => search(page.url()).get('minpay')).toBe('25');
    // $80,000 a year is $38.46 an hour; $22 an hour is not $25.
    await expect.poll(() => page.locator('main').textContent()).not.toContain(`${tag} 스폰서 식당`);
    expect(await page.locator('main').textContent()).toContain(`${tag} 영주권 사무실`);
    expect(errors).toEqual([]);
    await close();
  });
});
