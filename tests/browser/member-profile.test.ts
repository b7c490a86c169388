import { describe, expect, test } from 'vitest';
import {
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// A member's profile as members meet it: from an author's nickname on a post or a list card to their page (posts,
// listings, reviews), 쪽지 보내기 for others and not for its owner; my own posts and comments on my
// page; at a phone's and a desktop's width.

const suite = setUpServerAndBrowser();

describe('member profile', () => {
  for (const width of WIDTHS) {
    test(`an author's nickname leads to their profile, and 쪽지 보내기 to a conversation, at ${width} px`, async () => {
      const [author, reader] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
      const title = `주말 한인 축구 모임 ${width}`;
      const post = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
        topcategory: 5,
        title,
        content: '<p>토요일 오전</p>',
      });
      const listing = `아기 유모차 팝니다 ${width}`;
      await apiCall(suite.server, 'POST', '/api/board', author.token, {
        topcategory: 4,
        title: listing,
        content: '<p>깨끗</p>',
        price: 50,
      });
      await apiCall(suite.server, 'POST', '/api/comment', reader.token, { board: post.body.id, content: '저도 참가하고 싶어요' });

      const { page, errors, close } = await openPage(suite.browser, suite.server, { width, token: reader.token });
      await page.goto(`/community/${post.body.id}`);
      const nickname = `테스터${author.loginid.slice(5, 13)}`;
      await page.getByRole('link', { name: nickname }).first().click();
      await page.waitForURL(`**/member/${author.id}`);
      await page.getByRole('heading', { level: 1, name: nickname }).waitFor();
      await page.getByRole('region', { name: '쓴 글' }).getByRole('link', { name: title }).waitFor();
      await page.getByRole('region', { name: '판매·구인 글' }).getByRole('link', { name: listing }).waitFor();
      await page.getByText('아직 받은 거래후기가 없습니다.').waitFor();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `member-profile-${width}`);
      await page.getByRole('button', { name: '쪽지 보내기' }).click();
      await page.waitForURL(/\/messages\/\d+$/);

      // My page: my comment under 내 댓글, a link to where it is read.
      await page.goto('/mypage/writings?show=comments');
      await page.getByRole('link', { name: '저도 참가하고 싶어요' }).waitFor();
      await page.goto('/mypage/writings');
      await page.getByText('쓴 글이 없습니다.').waitFor();
      await expectNoHorizontalScroll(page);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();

      // The owner sees their profile without 쪽지 보내기.
      const own = await openPage(suite.browser, suite.server, { width, token: author.token });
      await own.page.goto(`/member/${author.id}`);
      await own.page.getByRole('heading', { level: 1, name: nickname }).waitFor();
      expect(await own.page.getByRole('button', { name: '쪽지 보내기' }).isVisible()).toBe(false);
      await own.close();
    });
  }

  test('on a list card at 360 px, the nickname opens the profile and the rest of the card the item', async () => {
    const author = await createAccount(suite.server);
    const title = '전기밥솥 나눔합니다 거의새것이에요😀';
    const listing = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
      topcategory: 4,
      title,
      content: '<p>이사 가요</p>',
      free: 2,
    });
    const nickname = `테스터${author.loginid.slice(5, 13)}`;
    const { page, errors, close } = await openPage(suite.browser, suite.server, { width: 360 });
    await page.goto('/market');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    const name = card.getByRole('link', { name: nickname });
    expect((await name.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'list-card-author', { fullPage: false });
    await name.click();
    await page.waitForURL(`**/member/${author.id}`);
    await page.getByRole('heading', { level: 1, name: nickname }).waitFor();

    // Anywhere else on the card, its thumbnail and its price included, opens the listing.
    await page.goBack();
    const price = await card.getByText('무료나눔').boundingBox();
    expect(price).not.toBeNull();
    if (price) await page.mouse.click(price.x + price.width / 2, price.y + price.height / 2);
    await page.waitForURL(`**/market/${listing.body.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  test('a member who left is not found', async () => {
    const gone = await createAccount(suite.server);
    await apiCall(suite.server, 'DELETE', '/api/user', gone.token, { id: gone.id, passwd: gone.passwd });
    const { page, close } = await openPage(suite.browser, suite.server);
    const answer = await page.goto(`/member/${gone.id}`);
    expect(answer?.status()).toBe(404);
    await close();
  });
});
