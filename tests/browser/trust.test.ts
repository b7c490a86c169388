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

// Trust between members as they meet it: a seller closes a sale from its page choosing the buyer
// among those who wrote about it, both leave a review (with JavaScript and without), and the
// reviews show on the profiles; an admin suspends a member, who reads why on their page and
// cannot write; at a phone's and a desktop's width.

const suite = setUpServerAndBrowser();

describe('closing a sale and reviewing', () => {
  for (const width of WIDTHS) {
    test(`the seller picks the buyer and both review each other, at ${width} px`, async () => {
      const [seller, buyer] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
      const title = `캠핑 의자 두 개 팝니다 🏕️ ${width}`;
      const item = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', seller.token, {
        topcategory: 4,
        title,
        content: '<p>한 번 썼어요</p>',
        price: 20,
      });
      const id = item.body.id;
      await apiCall(suite.server, 'POST', '/api/conversation', buyer.token, { target: 'board', item: id });
      const buyerName = `테스터${buyer.loginid.slice(5, 13)}`;
      const sellerName = `테스터${seller.loginid.slice(5, 13)}`;

      // The seller, with JavaScript: from the listing to 거래완료 with the buyer, then a review.
      const own = await openPage(suite.browser, suite.server, { width, token: seller.token });
      await own.page.goto(`/market/${id}`);
      await own.page.getByRole('link', { name: '거래완료 · 거래후기' }).click();
      await own.page.waitForURL(`**/trade/board/${id}`);
      await own.page.getByRole('radio', { name: buyerName }).check();
      await expectNoHorizontalScroll(own.page);
      await saveScreenshot(own.page, `trade-sold-${width}`);
      await own.page.getByRole('button', { name: '거래완료' }).click();
      await own.page.getByText('거래완료로 바꿨습니다.').waitFor();
      await own.page.getByRole('radio', { name: '최고예요' }).check();
      await own.page.getByRole('checkbox', { name: '응답이 빨라요' }).check();
      await own.page.getByLabel('후기 (선택)').fill('약속 시간에 딱 맞춰 오셨어요. 감사합니다😊');
      await own.page.getByRole('button', { name: '후기 남기기' }).click();
      await own.page.getByText('후기를 남겼습니다. 고맙습니다.').waitFor();
      await expectNoHorizontalScroll(own.page);
      expect(unexpectedErrors(own.errors)).toEqual([]);
      await own.close();

      // The buyer, without JavaScript: the notification leads to the trade page and its review.
      const told = await apiCall<{ items: { link: string }[] }>(suite.server, 'GET', '/api/notification', buyer.token);
      expect(told.body.items[0]?.link).toBe(`/trade/board/${id}`);
      const other = await openPage(suite.browser, suite.server, { width, token: buyer.token, javaScriptEnabled: false });
      await other.page.goto(`/trade/board/${id}`);
      await other.page.getByRole('heading', { name: `${sellerName}님과의 거래는 어떠셨나요?` }).waitFor();
      await other.page.getByRole('checkbox', { name: '친절해요' }).check();
      await other.page.getByRole('radio', { name: '좋아요' }).check();
      await other.page.getByRole('button', { name: '후기 남기기' }).click();
      await other.page.getByText('후기를 남겼습니다. 고맙습니다.').waitFor();
      await saveScreenshot(other.page, `trade-reviewed-${width}`);
      await other.page.goto(`/member/${seller.id}`);
      await other.page.getByText('친절해요').waitFor();
      await other.page.goto(`/member/${buyer.id}`);
      await other.page.getByText('약속 시간에 딱 맞춰 오셨어요. 감사합니다😊').waitFor();
      await expectNoHorizontalScroll(other.page);
      await saveScreenshot(other.page, `trade-profile-${width}`);
      await other.close();
    });
  }

  test('someone else reads no trade page', async () => {
    const [seller, stranger] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const item = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', seller.token, {
      topcategory: 4,
      title: '책상 팝니다',
      content: '<p>튼튼</p>',
      price: 30,
    });
    const { page, close } = await openPage(suite.browser, suite.server, { token: stranger.token });
    expect((await page.goto(`/trade/board/${item.body.id}`))?.status()).toBe(403);
    await close();
  });
});

describe('a fair suspension', () => {
  // At 360 px without JavaScript (the admin's and the member's forms go to route actions, the
  // refusal is a page of its own), at 1280 px with it (the comment goes through the API and is
  // refused there).
  for (const width of WIDTHS) {
    test(`the admin suspends a member with a reason; their page says so and a comment is refused, at ${width} px`, async () => {
      const javaScriptEnabled = width !== 360;
      const [member, writer] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
      const post = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', writer.token, {
        topcategory: 5,
        title: `주말 모임 ${width}`,
        content: '<p>토요일 오후</p>',
      });
      const nickname = `테스터${member.loginid.slice(5, 13)}`;
      const reason = `거래 게시판에 같은 광고를 반복해서올림🙅‍♀️ 신고누적으로인한일시정지조치 ${width}`;

      const admin = await openPage(suite.browser, suite.server, { width, token: await rootToken(suite.server), javaScriptEnabled });
      await admin.page.goto(`/admin/user?keyword=${encodeURIComponent(member.loginid)}`);
      await admin.page.getByRole('link', { name: `${nickname} 정지` }).click();
      const form = admin.page.getByRole('form', { name: `${nickname} 정지` });
      await form.getByRole('button', { name: '정지' }).click();
      // The reason is asked for at its field.
      await form.getByText('정지 사유를 적어 주세요').waitFor();
      await form.getByLabel('정지 기간').selectOption('7');
      await form.getByLabel('정지 사유 (회원에게 보입니다)').fill(reason);
      await form.getByRole('button', { name: '정지' }).click();
      await admin.page.getByText(`정지 사유: ${reason}`).waitFor();
      await admin.page.getByRole('button', { name: `${nickname} 정지 해제` }).waitFor();
      await expectNoHorizontalScroll(admin.page);
      await saveScreenshot(admin.page, 'suspend-admin');
      if (javaScriptEnabled) expect(unexpectedErrors(admin.errors)).toEqual([]);
      await admin.close();

      const own = await openPage(suite.browser, suite.server, { width, token: member.token, javaScriptEnabled });
      await own.page.goto('/mypage');
      await own.page.getByRole('heading', { name: /까지 활동이 정지되었습니다$/ }).waitFor();
      await own.page.getByText(`사유: ${reason}`).waitFor();
      await expectNoHorizontalScroll(own.page);
      await saveScreenshot(own.page, 'suspend-mypage');
      await own.page.goto(`/community/${post.body.id}`);
      const comment = `정지 중에 남기려는 댓글, 아주아주긴낱말이줄을넘어가는지보려는댓글입니다🙂 ${width}`;
      await own.page.getByLabel('댓글 쓰기').fill(comment);
      await own.page.getByRole('button', { name: '댓글 등록' }).click();
      if (javaScriptEnabled) {
        // The API's refusal, said as my page says it; the comment stays in its box.
        await own.page.getByText(new RegExp(`\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}까지 활동이 정지되었습니다\\. 사유: ${reason}`)).waitFor();
        expect(await own.page.getByLabel('댓글 쓰기').inputValue()).toBe(comment);
      } else {
        // The route action's refusal: the same notice, the way to my page, and the comment to copy.
        await own.page.getByRole('heading', { level: 1, name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}까지 활동이 정지되었습니다$/ }).waitFor();
        await own.page.getByText(`사유: ${reason}`).waitFor();
        expect(await own.page.getByRole('textbox', { name: '내용' }).inputValue()).toBe(comment);
        await own.page.getByRole('link', { name: '마이페이지에서 정지 내용 보기' }).waitFor();
      }
      await expectNoHorizontalScroll(own.page);
      await saveScreenshot(own.page, 'suspend-refused');
      await own.close();
      const thread = await apiCall<{ items: unknown[] }>(
        suite.server,
        'GET',
        `/api/comment?target=board&board=${post.body.id}`,
        writer.token,
      );
      expect(thread.body.items).toEqual([]);
    });
  }
});
