import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  BROWSER_USER_AGENT,
  createAccount,
  expectNoHorizontalScroll,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  submitLogin,
  WIDTHS,
  type Width,
} from '#tests/support/browser.ts';

// Private messages as two members meet them: a buyer taps 채팅하기 on a market listing and writes,
// the seller sees it in their own browser, both see the caution a prepayment text earns; the same
// without JavaScript; at a phone's and a desktop's width, with their own User-Agents.

const suite = setUpServerAndBrowser();

const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const userAgent = (width: Width) => (width === 360 ? PHONE_USER_AGENT : BROWSER_USER_AGENT);

async function listing(seller: Account, title: string): Promise<number> {
  const answer = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', seller.token, {
    topcategory: 4,
    title,
    content: '<p>깨끗하게 썼습니다</p>',
    price: 40,
  });
  expect(answer.status).toBe(200);
  return answer.body.id;
}

/** A word longer than any phone's line, and an address of the same kind. */
const LONG_WORD = '가나다라마바사아자차카타파하'.repeat(6);
const LONG_ADDRESS = `https://example.com/${'photos/'.repeat(12)}rice-cooker.jpg`;

const log = (page: Page) => page.getByRole('log', { name: '대화 내용' });
const header = (page: Page) => page.getByRole('navigation', { name: '내 계정' });

describe('messages', () => {
  for (const width of WIDTHS) {
    test(`채팅하기 from a listing, a message read by the seller, a caution for both at ${width} px`, async () => {
      const [seller, buyer] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
      const title = `전기밥솥 팝니다 ${width}`;
      const post = await listing(seller, title);

      // A visitor's 채팅하기 asks to log in, and the page stays where it was.
      const visitor = await openPage(suite.browser, suite.server, { width, userAgent: userAgent(width) });
      await visitor.page.goto(`/market/${post}`);
      const loginLink = visitor.page.getByRole('link', { name: '채팅하기' });
      await loginLink.click();
      const dialog = visitor.page.getByRole('dialog');
      await dialog.waitFor();
      await submitLogin(dialog, buyer);
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(visitor.page.url()).pathname).toBe(`/market/${post}`);

      await expectNoHorizontalScroll(visitor.page);
      await saveScreenshot(visitor.page, 'messages-listing');
      // Now a member: 채팅하기 opens the conversation about the listing.
      await visitor.page.getByRole('button', { name: '채팅하기' }).click();
      await visitor.page.waitForURL(/\/messages\/\d+$/);
      const page = visitor.page;
      const conversation = new URL(page.url()).pathname;
      await expect(page.getByRole('link', { name: title }).getAttribute('href')).resolves.toBe(`/market/${post}`);
      await page.getByText('$40').first().waitFor();

      const first = `밥솥 아직 있나요? 🍚 ${LONG_WORD}`;
      await page.getByLabel('메시지', { exact: true }).fill(first);
      await page.getByRole('button', { name: '보내기' }).click();
      await log(page).getByText('밥솥 아직 있나요?').waitFor();
      await page.getByLabel('메시지', { exact: true }).fill(`사진 더 있나요? ${LONG_ADDRESS}`);
      await page.getByRole('button', { name: '보내기' }).click();
      const link = log(page).getByRole('link', { name: LONG_ADDRESS });
      await expect(link.getAttribute('rel')).resolves.toBe('nofollow ugc noopener');
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'messages-buyer', { fullPage: false });

      // The seller: 쪽지 1 in the header, the conversation in the list, the message in it.
      const seller$ = await openPage(suite.browser, suite.server, { width, token: seller.token, userAgent: userAgent(width) });
      const sellerPage = seller$.page;
      await sellerPage.goto('/');
      await header(sellerPage).getByRole('link', { name: '쪽지 2개 읽지 않음' }).click();
      await sellerPage.getByRole('heading', { name: '쪽지', level: 1 }).waitFor();
      const row = sellerPage.getByRole('link', { name: new RegExp(title) });
      await expect(row.textContent()).resolves.toContain('사진 더 있나요?');
      await expectNoHorizontalScroll(sellerPage);
      await saveScreenshot(sellerPage, 'messages-list');
      await row.click();
      await sellerPage.waitForURL(`**${conversation}`);
      await log(sellerPage).getByText(LONG_WORD, { exact: false }).waitFor();
      // The other member's nickname leads to their profile.
      const buyerName = sellerPage.getByRole('heading', { level: 1 }).getByRole('link');
      await expect(buyerName.getAttribute('href')).resolves.toBe(`/member/${buyer.id}`);
      // Read on opening: the header's count is gone.
      await header(sellerPage).getByRole('link', { name: '쪽지', exact: true }).waitFor();

      // The seller answers with a prepayment request: both see the caution at it.
      const prepay = 'Zelle로 계좌에 먼저 보내 주시면 택배로 보내 드릴게요';
      await sellerPage.getByLabel('메시지', { exact: true }).fill(prepay);
      await sellerPage.getByRole('button', { name: '보내기' }).click();
      const caution = (p: Page) => log(p).getByRole('note').filter({ hasText: '돈을 먼저 보내라는 요청은 사기일 수 있습니다' });
      await caution(sellerPage).waitFor();
      await expectNoHorizontalScroll(sellerPage);
      await saveScreenshot(sellerPage, 'messages-seller', { fullPage: false });

      // The buyer's open conversation shows it live, without a reload (the member's event stream).
      await log(page).getByText(prepay).waitFor({ timeout: 5000 });
      await caution(page).waitFor();
      await saveScreenshot(page, 'messages-caution', { fullPage: false });

      // Times never split; the writing box stays on the screen.
      const times = await log(page)
        .locator('time')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      for (const h of times) expect(h).toBeLessThan(24);
      const box = await page.getByRole('button', { name: '보내기' }).boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(800);

      // The buyer reports the conversation as a likely scam, and blocks the seller.
      await page.locator('summary', { hasText: '신고' }).click();
      await page.getByLabel('사기 의심').check();
      await page.getByRole('button', { name: '신고하기' }).click();
      await page.getByText('신고함').first().waitFor();
      await page.getByRole('button', { name: '차단', exact: true }).click();
      await page.getByRole('button', { name: '차단 해제' }).waitFor();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'messages-blocked', { fullPage: false });
      // Blocked, the seller can no longer write to the buyer.
      await sellerPage.getByLabel('메시지', { exact: true }).fill('아직 계신가요?');
      await sellerPage.getByRole('button', { name: '보내기' }).click();
      await sellerPage.getByRole('alert').getByText('상대방이 메시지를 받지 않습니다').waitFor();

      await Promise.all([visitor.close(), seller$.close()]);
    });

    test(`without JavaScript the form posts and the message shows at ${width} px`, async () => {
      const [seller, buyer] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
      const post = await listing(seller, `자전거 팝니다 ${width}`);
      const { page, close } = await openPage(suite.browser, suite.server, {
        width,
        token: buyer.token,
        javaScriptEnabled: false,
        userAgent: userAgent(width),
      });
      await page.goto(`/market/${post}`);
      await page.getByRole('button', { name: '채팅하기' }).click();
      await page.waitForURL(/\/messages\/\d+$/);
      await page.getByLabel('메시지', { exact: true }).fill('안녕하세요, 자전거 상태 어떤가요? 🚲');
      await page.getByRole('button', { name: '보내기' }).click();
      await page.waitForURL(/\/messages\/\d+#message-\d+$/);
      await log(page).getByText('자전거 상태 어떤가요?').waitFor();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'messages-nojs', { fullPage: false });

      // The list works too.
      await page.goto('/messages');
      await page.getByRole('link', { name: /자전거 팝니다/ }).waitFor();
      await close();
    });
  }

  test('Enter sends on a desktop, never while Korean is being composed; Shift+Enter is a new line', async () => {
    const [seller, buyer] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const post = await listing(seller, '책상 팝니다');
    const started = await apiCall<{ id: number }>(suite.server, 'POST', '/api/conversation', buyer.token, { target: 'board', item: post });
    const { page, close } = await suite.visit(`/messages/${started.body.id}`, { width: 1280, token: buyer.token, status: 200 });
    const box = page.getByLabel('메시지', { exact: true });
    await box.fill('책상 크기가 어떻게 되나');
    // The Enter that ends a syllable's composition (the IME's, keyCode 229) leaves the text in the box.
    await box.evaluate((el) => {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true }));
    });
    await box.press('Shift+Enter');
    await box.pressSequentially('요?');
    await expect(box.inputValue()).resolves.toBe('책상 크기가 어떻게 되나\n요?');
    await expect(log(page).locator('li').count()).resolves.toBe(0);
    await box.press('Enter');
    await log(page).getByText('책상 크기가 어떻게 되나').waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    await close();
  });

  test('a visitor gets the login dialog on /messages', async () => {
    const { page, close } = await suite.visit('/messages', { width: 360, status: 401 });
    await page.getByRole('dialog').waitFor();
    await close();
  });
});
