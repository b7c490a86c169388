import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// Notifications as a member meets them: 알림 with the unread count in the header, the list on
// my page, a click that lands on the comment and counts it read, 모두 읽음, the e-mail choices on
// 내 정보; with and without JavaScript, at a phone's and a desktop's width.

const suite = setUpServerAndBrowser();

async function newPost(author: Account, title: string): Promise<number> {
  const answer = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
    topcategory: 5,
    title,
    content: '<p>본문</p>',
  });
  expect(answer.status).toBe(200);
  return answer.body.id;
}

async function commentOn(member: Account, board: number, content = '저도 궁금합니다'): Promise<number> {
  const answer = await apiCall<{ id: number }>(suite.server, 'POST', '/api/comment', member.token, { board, content });
  expect(answer.status).toBe(200);
  return answer.body.id;
}

/** The header's 알림 link, whatever its count (the footer has a plain one too). */
const bell = (page: Page) => page.getByRole('navigation', { name: '내 계정' }).getByRole('link', { name: /^알림/ });
/** Its accessible name, as a screen reader says it. */
const bellName = async (page: Page) => (await bell(page).ariaSnapshot()).match(/link "([^"]*)"/)?.[1];

describe('notifications', () => {
  for (const width of WIDTHS) {
    test(`a comment shows as 알림 1, opens at the comment and is read at ${width} px`, async () => {
      const [author, commenter] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
      const post = await newPost(author, `알림 확인 글 ${width}`);

      // The other member comments on the post's page.
      const writer = await suite.visit(`/community/${post}`, { width, token: commenter.token, status: 200 });
      await writer.page.getByLabel('댓글 쓰기').fill('좋은 글 감사합니다');
      await writer.page.getByRole('button', { name: '댓글 등록' }).click();
      await writer.page.getByText('좋은 글 감사합니다').waitFor();
      // Nobody is told of their own comment.
      await expect(bellName(writer.page)).resolves.toBe('알림');
      await writer.close();

      const { page, errors, close } = await suite.visit('/', { width, token: author.token, status: 200 });
      await expect(bellName(page)).resolves.toBe('알림 1개 읽지 않음');
      // What it shows: 알림 and the count on its badge.
      await expect(bell(page).locator('[aria-hidden="true"]').textContent()).resolves.toBe('1');
      await saveScreenshot(page, 'notifications-header', { fullPage: false });
      await expectNoHorizontalScroll(page);

      await bell(page).click();
      await page.waitForURL('**/mypage/notifications');
      const entry = page.getByRole('link', { name: /내 글에 댓글을 남겼습니다/ });
      await expect(entry.textContent()).resolves.toContain(`알림 확인 글 ${width}`);
      await expect(entry.textContent()).resolves.toContain('방금 전');
      await saveScreenshot(page, 'notifications-list');
      await expectNoHorizontalScroll(page);

      await entry.click();
      await page.waitForURL((u) => u.pathname === `/community/${post}` && u.hash.startsWith('#comment-'));
      const anchored = page.locator(new URL(page.url()).hash);
      await expect(anchored.textContent()).resolves.toContain('좋은 글 감사합니다');
      await expect(anchored.evaluate((el) => el.matches(':target'))).resolves.toBe(true);
      // Read: the count is gone from the header.
      await expect(bellName(page)).resolves.toBe('알림');
      await saveScreenshot(page, 'notifications-landed', { fullPage: false });
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('the count changes without a reload, within a second of the comment and of reading it elsewhere', async () => {
    const [author, commenter] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const post = await newPost(author, '실시간 알림 글');
    const { page, errors, close } = await suite.visit('/', { token: author.token, status: 200 });
    await expect(bellName(page)).resolves.toBe('알림');
    await commentOn(commenter, post);
    await bell(page).getByText('1', { exact: true }).waitFor({ timeout: 1500 });
    await expect(bellName(page)).resolves.toBe('알림 1개 읽지 않음');
    // Read in another tab (here, through the API): this page's count goes too.
    expect((await apiCall(suite.server, 'PUT', '/api/notification/read', author.token, { all: true })).status).toBe(200);
    await bell(page).locator('[aria-hidden="true"]').waitFor({ state: 'detached', timeout: 1500 });
    await expect(bellName(page)).resolves.toBe('알림');
    expect(errors).toEqual([]);
    await close();
  });

  test('모두 읽음 clears the count; pages and an empty list say so', async () => {
    const [author, a, b] = await Promise.all([createAccount(suite.server), createAccount(suite.server), createAccount(suite.server)]);
    const empty = await suite.visit('/mypage/notifications', { token: author.token, status: 200 });
    await empty.page.getByRole('heading', { name: '알림이 없습니다' }).waitFor();
    await saveScreenshot(empty.page, 'notifications-empty');
    await empty.close();

    const post = await newPost(author, '모두 읽음 글');
    await commentOn(a, post);
    await commentOn(b, post);
    const { page, errors, close } = await suite.visit('/mypage/notifications', { token: author.token, status: 200 });
    await page.getByRole('link', { name: '알림 2개 읽지 않음' }).waitFor();
    await page.getByRole('button', { name: '모두 읽음' }).click();
    await page.getByRole('button', { name: '모두 읽음' }).waitFor({ state: 'detached' });
    await expect(bellName(page)).resolves.toBe('알림');
    await expect(page.locator('main').textContent()).resolves.toContain('읽지 않은 알림 0건');
    expect(errors).toEqual([]);
    await close();
  });

  test('without JavaScript: the count, opening one and 모두 읽음 all work', async () => {
    const [author, commenter] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const post = await newPost(author, '스크립트 없이');
    const first = await commentOn(commenter, post, '첫 댓글');
    await commentOn(commenter, post, '둘째 댓글');
    await commentOn(commenter, post, '셋째 댓글');

    const { page, close } = await openPage(suite.browser, suite.server, { token: author.token, javaScriptEnabled: false });
    expect((await page.goto('/mypage/notifications'))?.status()).toBe(200);
    await page.getByRole('link', { name: '알림 3개 읽지 않음' }).waitFor();
    // The oldest is the last entry.
    await page
      .getByRole('link', { name: /내 글에 댓글을 남겼습니다/ })
      .last()
      .click();
    await page.waitForURL((u) => u.hash === `#comment-${first}`);
    await page.getByRole('link', { name: '알림 2개 읽지 않음' }).waitFor();

    await page.goto('/mypage/notifications');
    await page.getByRole('button', { name: '모두 읽음' }).click();
    await page.waitForURL('**/mypage/notifications');
    await expect(bellName(page)).resolves.toBe('알림');
    await close();
  });

  test('visitors get no 알림, and a member cannot open another member’s notification', async () => {
    const [author, other] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const post = await newPost(author, '남의 알림');
    await commentOn(other, post);
    // A visitor's header has no 알림 (the footer's link to my pages asks for a login first).
    const visitorHome = await fetchPage(suite.server, '/');
    expect(visitorHome.html).toContain('로그인');
    expect(visitorHome.html).not.toMatch(/aria-label="알림/);

    const list = await apiCall<{ items: { id: number }[] }>(suite.server, 'GET', '/api/notification', author.token);
    const id = list.body.items[0]?.id;
    expect((await fetchPage(suite.server, `/mypage/notifications/${id}`, { token: other.token })).status).toBe(404);
    expect((await fetchPage(suite.server, `/mypage/notifications/${id}`)).status).toBe(401);
    expect((await fetchPage(suite.server, '/mypage/notifications/abc', { token: author.token })).status).toBe(404);
    // Still unread for its owner.
    const unread = await apiCall<{ unread: number }>(suite.server, 'GET', '/api/notification', author.token);
    expect(unread.body.unread).toBe(1);
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`the e-mail choices on 내 정보 are saved ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const member = await createAccount(suite.server);
      const { page, close } = javaScriptEnabled
        ? await suite.visit('/mypage/myinfo', { token: member.token, width: 360, status: 200 })
        : await openPage(suite.browser, suite.server, { token: member.token, width: 360, javaScriptEnabled });
      if (!javaScriptEnabled) expect((await page.goto('/mypage/myinfo'))?.status()).toBe(200);
      const box = page.getByRole('group', { name: /고른 알림은 메일로도/ });
      await expect(box.getByLabel('1:1 문의 답변').isChecked()).resolves.toBe(true);
      await box.getByLabel('내 글에 달린 댓글').check();
      await box.getByLabel('1:1 문의 답변').uncheck();
      await page.getByRole('button', { name: '메일 설정 변경' }).click();
      await page.getByRole('status').getByText('메일 설정을 바꾸었습니다').waitFor();
      await expect(box.getByLabel('내 글에 달린 댓글').isChecked()).resolves.toBe(true);
      await expect(box.getByLabel('1:1 문의 답변').isChecked()).resolves.toBe(false);
      if (javaScriptEnabled) await saveScreenshot(page, 'notifications-settings');
      const saved = await apiCall<{ mail: string[] }>(suite.server, 'GET', '/api/notification/settings', member.token);
      expect(saved.body.mail).toEqual(['comment', 'message']);
      await close();
    });
  }
});
