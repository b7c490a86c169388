import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiCall,
  apiGet,
  createAccount,
  expectMessage,
  expectNoHorizontalScroll,
  fetchPage,
  hydrated,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// Scam defence as people meet it: the market's write form asks before publishing a text that
// scams use (계속 올리기 / 고치기, everything typed kept); without JavaScript the post goes through
// and its page says the caution; an admin approves and rejects waiting listings on /admin/queue,
// with and without JavaScript, at a phone's and a desktop's width.

const suite = setUpServerAndBrowser({ seedDemo: false, env: { WRITE_LIMITS: '0' } });

const CONFIRM_TITLE = '사기 피해로 이어질 수 있는 내용이 있습니다';
const titleField = (page: Page) => page.getByLabel('제목', { exact: true });
const editor = (page: Page) => page.getByRole('textbox', { name: '내용', exact: true });

/** A money-mule offer, which always waits on the queue. */
async function muleJob(title: string): Promise<number> {
  const author = await createAccount(suite.server);
  const answer = await apiCall<{ id: number; held: boolean }>(suite.server, 'POST', '/api/jobs', author.token, {
    title,
    content: '<p>통장 대여만 하면 하루 30만원</p>',
  });
  expect(answer.body.held).toBe(true);
  return answer.body.id;
}

describe('the write form’s warning', () => {
  for (const width of WIDTHS) {
    test(`a market listing with 선입금 asks first at ${width} px: 고치기 keeps the text, 계속 올리기 publishes`, async () => {
      const member = await createAccount(suite.server);
      const { page, errors, close } = await suite.visit('/market/write', { width, token: member.token, status: 200 });
      await hydrated(page);
      await titleField(page).fill(`아이폰 팝니다 ${width}`);
      await page.getByLabel('분류').selectOption('전자제품');
      await page.getByLabel('가격 ($)').fill('300');
      await editor(page).fill('Zelle로 선입금 주시면 바로 보내드립니다.');
      await page.getByRole('button', { name: '등록', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: CONFIRM_TITLE });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('“Zelle”');
      await expectNoHorizontalScroll(page, 'the warning is wider than the screen');
      await saveScreenshot(page, `scam-warning-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: '고치기' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/market/write');
      expect(await titleField(page).inputValue()).toBe(`아이폰 팝니다 ${width}`);

      await page.getByRole('button', { name: '등록', exact: true }).click();
      await dialog.getByRole('button', { name: '계속 올리기' }).click();
      await page.waitForURL(/\/market\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const { item } = await apiGet<{ item: { title: string } }>(suite.server, `/api/board/${id}`);
      expect(item.title).toBe(`아이폰 팝니다 ${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('an ordinary listing is published without a question', async () => {
    const member = await createAccount(suite.server);
    const { page, errors, close } = await suite.visit('/market/write', { width: 360, token: member.token, status: 200 });
    await hydrated(page);
    await titleField(page).fill('원목 책장 팝니다');
    await page.getByLabel('분류').selectOption('가구');
    await page.getByLabel('가격 ($)').fill('80');
    await editor(page).fill('직접 보고 가져가세요.');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await page.waitForURL(/\/market\/\d+$/);
    expect(errors).toEqual([]);
    await close();
  });

  test('without JavaScript the listing is saved and its page says the caution', async () => {
    const member = await createAccount(suite.server);
    const body = new URLSearchParams({
      title: '노트북 팝니다',
      category: '전자제품',
      content: '선입금 후 배송합니다',
      price: '500',
      marketstatus: '1',
    });
    const sent = await fetchPage(suite.server, '/market/write', { token: member.token, method: 'POST', body });
    expect(sent.location).toMatch(/^\/market\/\d+\?warned=prepay$/);
    const saved = await fetchPage(suite.server, sent.location ?? '', { token: member.token });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain('저장했습니다. 글에 사기 피해로 이어질 수 있는 내용이 있습니다');
    expect(saved.html).toContain('만나기 전에 돈을 먼저 보내라는 요청은 사기일 수 있습니다');
  });
});

describe('/admin/queue', () => {
  for (const width of WIDTHS) {
    test(`an admin sees why a listing waits and approves it with JavaScript at ${width} px`, async () => {
      const admin = await createAccount(suite.server, 3);
      const id = await muleJob(`고수익 재택 ${width}`);
      expect((await fetchPage(suite.server, `/jobs/${id}`)).status).toBe(404);
      const { page, errors, close } = await suite.visit('/admin/queue', { width, token: admin.token, status: 200 });
      await hydrated(page);
      const card = page.locator(`#queue-jobs-${id}`);
      await card.getByText('통장·계좌 대여 의심').waitFor();
      expect(await card.locator('mark').first().textContent()).toBe('통장 대여');
      await expect(
        page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '검토' }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `admin-queue-${width}`, { fullPage: false });
      await card.getByRole('button', { name: new RegExp(`^승인\\s*:\\s*고수익 재택 ${width}$`) }).click();
      await expectMessage(page, 'status', '승인했습니다. 게시물이 공개되었습니다');
      await card.waitFor({ state: 'detached' });
      expect((await fetchPage(suite.server, `/jobs/${id}`)).status).toBe(200);
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('without JavaScript an admin rejects a listing: it stays hidden', async () => {
    const admin = await createAccount(suite.server, 3);
    const id = await muleJob('반려될 알바');
    const { page, close } = await openPage(suite.browser, suite.server, { width: 360, token: admin.token, javaScriptEnabled: false });
    expect((await page.goto('/admin/queue'))?.status()).toBe(200);
    await page
      .locator(`#queue-jobs-${id}`)
      .getByRole('button', { name: /^반려\s*:\s*반려될 알바$/ })
      .click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'reject');
    await page.getByRole('status').getByText('반려했습니다. 게시물은 숨겨진 채로 남습니다').waitFor();
    expect(await page.locator(`#queue-jobs-${id}`).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await close();
    expect((await fetchPage(suite.server, `/jobs/${id}`)).status).toBe(404);
  });

  test('members get 403, visitors 401', async () => {
    const member = await createAccount(suite.server);
    expect((await fetchPage(suite.server, '/admin/queue', { token: member.token })).status).toBe(403);
    expect((await fetchPage(suite.server, '/admin/queue')).status).toBe(401);
  });
});
