import { describe, expect, test } from 'vitest';
import {
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// 키워드 알림 as a member uses it: add a keyword with its section and mail, see it listed, delete
// it, with and without JavaScript; a new matching post by someone else becomes a notification
// through the server's own background matching.

const suite = setUpServerAndBrowser();

describe('keyword alerts', () => {
  for (const width of WIDTHS) {
    test(`a keyword is added, lists and is deleted at ${width} px`, async () => {
      const member = await createAccount(suite.server);
      const { page, errors, close } = await suite.visit('/mypage/alerts', { width, token: member.token, status: 200 });
      await page.getByRole('heading', { name: '등록한 키워드가 없습니다' }).waitFor();
      const keyword = page.getByRole('textbox', { name: '키워드' });
      // A lone jamo is refused at the field, in Korean.
      await keyword.fill('ㄱ');
      await page.getByRole('button', { name: '추가' }).click();
      const jamo = '자음이나 모음만으로는 키워드를 등록할 수 없습니다. 완성된 글자로 입력하세요';
      await page.getByRole('alert').getByText(jamo).waitFor();
      await expect.poll(() => keyword.getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() => keyword.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent))
        .toBe(jamo);
      await keyword.fill('렌트');
      // The selects are named by their labels alone, not by all their options.
      await page.getByRole('combobox', { name: '섹션', exact: true }).selectOption({ label: '벼룩시장' });
      await page.getByRole('combobox', { name: '메일', exact: true }).selectOption({ label: '하루 한 번 메일' });
      await page.getByRole('button', { name: '추가' }).click();
      await page.getByText('벼룩시장 · 하루 한 번 메일').waitFor();
      await expect(page.locator('main').textContent()).resolves.toContain('등록한 키워드 1/20');
      // Added: said so, and the box is empty for the next keyword.
      await page.getByRole('status').getByText('"렌트" 키워드를 등록했습니다').waitFor();
      await expect.poll(() => keyword.inputValue()).toBe('');
      await saveScreenshot(page, 'alerts-added');
      // The same keyword again is refused in words.
      await page.getByRole('textbox', { name: '키워드' }).fill('렌트');
      await page.getByRole('main').getByLabel('섹션').selectOption({ label: '벼룩시장' });
      await page.getByRole('button', { name: '추가' }).click();
      await page.getByRole('alert').getByText('이미 등록한 키워드입니다').waitFor();
      expect(await page.getByText('"렌트" 키워드를 등록했습니다', { exact: false }).count()).toBe(0);
      await saveScreenshot(page, 'alerts');
      await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: '렌트 키워드 삭제' }).click();
      await page.getByRole('heading', { name: '등록한 키워드가 없습니다' }).waitFor();
      expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
      await close();
    });
  }

  test('without JavaScript, and a matching post becomes a notification', async () => {
    const [member, writer] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const { page, close } = await openPage(suite.browser, suite.server, { token: member.token, javaScriptEnabled: false, width: 360 });
    await page.goto('/mypage/alerts');
    // An empty keyword is refused by the site in Korean, not by the browser's bubble.
    await page.getByRole('button', { name: '추가' }).click();
    await expect.poll(() => page.locator('form p[role="alert"]').textContent()).toMatch(/[가-힣]/);
    await page.getByRole('textbox', { name: '키워드' }).fill('간호사를');
    await page.getByRole('button', { name: '추가' }).click();
    await page.getByText('전체 · 알림만').waitFor();
    await page.getByRole('status').getByText('"간호사를" 키워드를 등록했습니다').waitFor();
    expect(await page.getByRole('textbox', { name: '키워드' }).inputValue()).toBe('');

    const post = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', writer.token, {
      topcategory: 5,
      title: '간호사 모임 합니다',
      content: '<p>이번 주 토요일입니다</p>',
    });
    // The server matches new items every few seconds.
    await expect
      .poll(async () => (await apiCall<{ unread: number }>(suite.server, 'GET', '/api/notification', member.token)).body.unread, {
        timeout: 15_000,
        interval: 500,
      })
      .toBe(1);
    await page.goto('/mypage/notifications');
    // The notice says which keyword matched.
    await page.getByRole('link', { name: /키워드 "간호사를" 알림: 테스터\S+님이 새 글을 올렸습니다/ }).click();
    await page.waitForURL((u) => u.pathname === `/community/${post.body.id}`);
    await close();
  });
});
