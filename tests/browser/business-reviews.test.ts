import { describe, expect, test } from 'vitest';
import {
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  openPage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// Business reviews as members meet them (PRODUCT.md "Members and trust"): a member reviews a
// business from its page, sees their review 검토 중 while it waits (a new account), and once an
// admin lets it count, its rating and the average are on the page and the list's card; the form
// posts without JavaScript too, keeping what was typed when refused; the owner answers once. At a
// phone's and a desktop's width.

const suite = setUpServerAndBrowser();

describe('reviewing a business', () => {
  for (const width of WIDTHS) {
    test(`a member reviews, the average shows on the card, the owner answers; without JavaScript too, at ${width} px`, async () => {
      const [owner, fan, plain] = await Promise.all([
        createAccount(suite.server),
        createAccount(suite.server),
        createAccount(suite.server),
      ]);
      const title = `한양 순두부 🍲 ${width}`;
      const made = await apiCall<{ id: number }>(suite.server, 'POST', '/api/business', owner.token, {
        title,
        category: '식당',
        content: '<p>매일 아침 끓이는 순두부</p>',
      });
      const id = made.body.id;
      const text = '순두부가 정말 부드럽고 반찬도 푸짐해요 😋 다음에또올게요정말로요';

      // With JavaScript: the empty state, then a review, which waits for an admin (a new account).
      const fanPage = await openPage(suite.browser, suite.server, { width, token: fan.token });
      await fanPage.page.goto(`/business/${id}`);
      await fanPage.page.getByText('아직 후기가 없습니다').waitFor();
      await fanPage.page.getByRole('radio', { name: '5점' }).check();
      await fanPage.page.getByLabel('후기', { exact: true }).fill(text);
      await fanPage.page.getByRole('button', { name: '후기 남기기' }).click();
      const mine = fanPage.page.getByRole('listitem').filter({ hasText: text });
      await mine.getByText('검토 중').waitFor();
      await expect.poll(() => fanPage.page.getByRole('button', { name: '후기 남기기' }).count()).toBe(0);
      await expectNoHorizontalScroll(fanPage.page);
      await saveScreenshot(fanPage.page, `business-review-held`);
      expect(unexpectedErrors(fanPage.errors)).toEqual([]);
      await fanPage.close();

      const admin = await rootToken(suite.server);
      const queue = await apiCall<{ items: { target: string; item: number; title: string }[] }>(
        suite.server,
        'GET',
        '/api/admin/queue',
        admin,
      );
      const held = queue.body.items.find((q) => q.target === 'review' && q.title.startsWith(title));
      expect(held).toBeDefined();
      await apiCall(suite.server, 'PUT', '/api/admin/queue', admin, { target: 'review', item: held?.item, action: 'approve' });

      // Without JavaScript: a text too short comes back under its field, kept; then it is taken.
      const noJs = await openPage(suite.browser, suite.server, { width, token: plain.token, javaScriptEnabled: false });
      await noJs.page.goto(`/business/${id}`);
      await noJs.page.getByText(text).waitFor();
      await noJs.page.getByRole('radio', { name: '4점' }).check();
      const short = '짧아요          ';
      await noJs.page.getByLabel('후기', { exact: true }).fill(short);
      await noJs.page.getByRole('button', { name: '후기 남기기' }).click();
      await noJs.page.getByText('10자 이상 써 주세요').waitFor();
      expect(await noJs.page.getByLabel('후기', { exact: true }).inputValue()).toBe(short);
      await expect.poll(() => noJs.page.getByRole('radio', { name: '4점' }).isChecked()).toBe(true);
      await saveScreenshot(noJs.page, `business-review-refused`);
      await noJs.page.getByLabel('후기', { exact: true }).fill('주차가 편하고 직원분들이 친절했어요 👍');
      await noJs.page.getByRole('button', { name: '후기 남기기' }).click();
      await noJs.page.getByRole('listitem').filter({ hasText: '주차가 편하고 직원분들이 친절했어요 👍' }).getByText('검토 중').waitFor();
      await noJs.close();

      // The owner answers the counted review, once.
      const ownPage = await openPage(suite.browser, suite.server, { width, token: owner.token, javaScriptEnabled: false });
      await ownPage.page.goto(`/business/${id}`);
      const counted = ownPage.page.getByRole('listitem').filter({ hasText: text });
      await counted.getByLabel('사장님 답글').fill('찾아 주셔서 고맙습니다 🙏 또 오세요');
      await counted.getByRole('button', { name: '답글 달기' }).click();
      await ownPage.page.getByText('찾아 주셔서 고맙습니다 🙏 또 오세요').waitFor();
      expect(await ownPage.page.getByRole('button', { name: '답글 달기' }).count()).toBe(0);
      await ownPage.close();

      // A visitor sees the review, the answer, and the average on the page and on the list's card.
      const visitor = await openPage(suite.browser, suite.server, { width });
      await visitor.page.goto(`/business/${id}`);
      await visitor.page.getByText('찾아 주셔서 고맙습니다 🙏 또 오세요').waitFor();
      expect(await visitor.page.getByText('주차가 편하고').count()).toBe(0);
      // 신고 is for members.
      expect(await visitor.page.getByRole('listitem').filter({ hasText: text }).getByText('신고', { exact: true }).isVisible()).toBe(false);
      await expectNoHorizontalScroll(visitor.page);
      await saveScreenshot(visitor.page, `business-review-page`);
      // The card is the list item; its link holds the title only (the link covers the card).
      const card = visitor.page.getByRole('listitem').filter({ has: visitor.page.getByRole('link', { name: title }) });
      await expect
        .poll(async () => {
          await visitor.page.goto('/business?sort=rating');
          return (await card.textContent()) ?? '';
        })
        .toMatch(/5\.0\s*\(후기 1\)/);
      await saveScreenshot(visitor.page, `business-review-card`);
      await visitor.close();
    });
  }
});
