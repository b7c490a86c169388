import { beforeAll, describe, expect, test } from 'vitest';
import { type Account, apiCall, apiGet, createAccount, saveScreenshot, setUpServerAndBrowser, WIDTHS } from '#tests/support/browser.ts';

// Small things of the first hour (issue #32, defect 12): 업소록 speaks of 업소, not 글; a job's
// date-only deadline shows as that day, not the next midnight; a new market listing is in trade,
// so 거래완료 is offered only when editing it.

const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0' } });
let member: Account;

beforeAll(async () => {
  member = await createAccount(suite.server);
});

describe('업소록 speaks of 업소', () => {
  test.each(WIDTHS)('업소 등록, 업소가 없습니다, 이전 업소 / 다음 업소 (%i px)', async (width) => {
    const { page, close } = await suite.visit('/business', { width, token: member.token, status: 200 });
    const main = page.getByRole('main');
    await main.getByRole('link', { name: '업소 등록', exact: true }).waitFor();
    expect(await main.getByRole('link', { name: '글쓰기', exact: true }).count()).toBe(0);
    await page.goto('/business?keyword=%EC%97%86%EB%8A%94%EB%A7%90zzqx');
    await main.getByText('조건에 맞는 업소가 없습니다').waitFor();
    const { items } = await apiGet<{ items: { id: number }[] }>(suite.server, '/api/business?size=3');
    await page.goto(`/business/${items[1]?.id}`);
    const nav = page.getByRole('navigation', { name: '이전 업소, 다음 업소' });
    await expect.poll(() => nav.textContent()).toMatch(/이전 업소.*목록으로|다음 업소/);
    expect(await nav.textContent()).not.toContain('글');
    await page.goto('/business/write');
    await page.getByRole('heading', { level: 1, name: '업소록 업소 등록' }).waitFor();
    await saveScreenshot(page, 'business-write-words', { fullPage: false });
    await close();
  });
});

describe('a job’s deadline', () => {
  test.each(WIDTHS)('a deadline of 12-31 shows as 12-31, not as the next day’s 00:00 (%i px)', async (width) => {
    const year = new Date().getFullYear() + 1;
    const job = await apiCall<{ id: number }>(suite.server, 'POST', '/api/jobs', member.token, {
      title: '연말까지 모집하는 사무직',
      limitdate: `${year}-12-31`,
    });
    expect(job.status).toBe(200);
    const { page, close } = await suite.visit(`/jobs/${job.body.id}`, { width, token: member.token, status: 200 });
    const box = page.getByRole('form', { name: '끌어올리기' });
    await expect.poll(() => box.textContent()).toContain(`${year}-12-31까지 게시`);
    expect(await box.textContent()).not.toContain('00:00');
    await box.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'job-deadline', { fullPage: false });
    await close();
  });
});

describe('a market listing’s 거래 상태', () => {
  test.each(WIDTHS)('is not offered when writing a new listing, and is when editing it (%i px)', async (width) => {
    const { page, close } = await suite.visit('/market/write', { width, token: member.token, status: 200 });
    await page.getByLabel('제목', { exact: true }).waitFor();
    expect(await page.getByLabel('거래 상태').count()).toBe(0);
    const listing = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', member.token, {
      topcategory: 4,
      title: '거래 상태 시험 책상',
      content: '<p>튼튼합니다</p>',
      price: 30,
    });
    await page.goto(`/market/write?id=${listing.body.id}`);
    const status = page.getByLabel('거래 상태');
    await status.waitFor();
    expect(await status.locator('option').allTextContents()).toEqual(['거래중', '거래완료']);
    await close();
  });
});
