import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  createAccount,
  expectMessage,
  expectNoHorizontalScroll,
  fetchPage,
  openPage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// Reports (신고) as people meet them: a member reports a post and a comment from its page, with
// and without JavaScript; the author sees their held post marked 검토 중; an admin restores and
// deletes on /admin/report, with and without JavaScript, at a phone's and a desktop's width.

// Two members' reports hide an item here; members report many items a minute.
const suite = setUpServerAndBrowser({ seedDemo: false, env: { REPORT_HIDE_AT: '2', WRITE_LIMITS: '0' } });

const DONE = '신고가 접수되었습니다. 검토 후 조치하겠습니다';

async function newPost(author: Account, title: string): Promise<number> {
  const answer = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
    topcategory: 5,
    title,
    content: '<p>본문입니다</p>',
  });
  expect(answer.status).toBe(200);
  return answer.body.id;
}

async function reportByMembers(n: number, item: number, reason = 'spam'): Promise<void> {
  for (let i = 0; i < n; i++) {
    const member = await createAccount(suite.server);
    const answer = await apiCall(suite.server, 'POST', '/api/report', member.token, { target: 'board', item, reason });
    expect(answer.status).toBe(200);
  }
}

/** An admin button's accessible name: its action and, for assistive tech, what it acts on. */
const named = (action: string, title: string) => new RegExp(`^${action}\\s*:\\s*${title}$`);

/** The post's own 신고 control (comments have theirs under each comment). */
const postReport = (page: Page, item: number) => page.locator(`#report-board-${item}`);

describe('reporting from an item’s page', () => {
  test('with nothing reported, /admin/report says so', async () => {
    const admin = await createAccount(suite.server, 3);
    const { page, errors, close } = await suite.visit('/admin/report', { width: 360, token: admin.token, status: 200 });
    await page.getByText('신고된 항목이 없습니다.').waitFor();
    await expect(
      page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '신고' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
    await close();
  });

  for (const width of WIDTHS) {
    test(`a member reports a post with JavaScript at ${width} px; visitors and the author get no 신고`, async () => {
      const [author, member] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
      const post = await newPost(author, `신고할 글 ${width}`);
      // The page is shared: the control is in it for everyone and shown to the members it serves.
      for (const reader of [undefined, author]) {
        const seen = await suite.visit(`/community/${post}`, { width, token: reader?.token, status: 200 });
        expect(await postReport(seen.page, post).isVisible()).toBe(false);
        await seen.close();
      }

      const { page, errors, close } = await suite.visit(`/community/${post}`, { width, token: member.token, status: 200 });
      const control = postReport(page, post);
      await control.locator('summary').click();
      await control.getByRole('group', { name: '신고 사유' }).waitFor();
      await expectNoHorizontalScroll(page, 'the open report form is wider than the screen');
      await saveScreenshot(page, 'report-form', { fullPage: false });
      // 기타 needs its text: said before anything is sent.
      await control.getByLabel('기타', { exact: true }).check();
      await control.getByRole('button', { name: '신고하기' }).click();
      await expectMessage(page, 'alert', '기타 사유를 입력하세요');
      await control.getByLabel('욕설/비방').check();
      await control.getByRole('button', { name: '신고하기' }).click();
      await expectMessage(page, 'status', DONE);
      await control.getByText('신고함').waitFor();

      // Stored: the page says 신고함 when it is loaded again.
      await page.reload();
      await postReport(page, post).getByText('신고함').waitFor();
      expect(await postReport(page, post).locator('summary').count()).toBe(0);
      // A state, not a button: no outline, no rounded box, no fill.
      const look = await postReport(page, post)
        .getByText('신고함')
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return { border: s.borderTopWidth, radius: s.borderTopLeftRadius, fill: s.backgroundColor };
        });
      expect(look).toEqual({ border: '0px', radius: '0px', fill: 'rgba(0, 0, 0, 0)' });
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  test('without JavaScript a member reports a post and a comment; a refusal keeps the form open', async () => {
    const [author, member] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const post = await newPost(author, '스크립트 없이 신고');
    const comment = await apiCall<{ id: number }>(suite.server, 'POST', '/api/comment', author.token, {
      board: post,
      content: '신고될 댓글',
    });

    const { page, close } = await openPage(suite.browser, suite.server, { width: 360, token: member.token, javaScriptEnabled: false });
    expect((await page.goto(`/community/${post}`))?.status()).toBe(200);
    const control = postReport(page, post);
    await control.locator('summary').click();
    await control.getByLabel('기타', { exact: true }).check();
    await control.getByRole('button', { name: '신고하기' }).click();
    await postReport(page, post).getByRole('alert').getByText('기타 사유를 입력하세요').waitFor();
    // Open again with the choice kept.
    await expect(postReport(page, post).getByLabel('기타', { exact: true }).isChecked()).resolves.toBe(true);
    await postReport(page, post).getByLabel('상세 내용').fill('같은 광고를 여러 번 올립니다');
    await postReport(page, post).getByRole('button', { name: '신고하기' }).click();
    await page.waitForURL((u) => u.searchParams.get('reported') === `board-${post}`);
    await postReport(page, post).getByRole('status').getByText(DONE).waitFor();
    await postReport(page, post).getByText('신고함').waitFor();
    await expectNoHorizontalScroll(page);

    const commentControl = page.locator(`#report-comment-${comment.body.id}`);
    await commentControl.locator('summary').click();
    await commentControl.getByLabel('개인정보 노출').check();
    await expectNoHorizontalScroll(page, "a comment's open report form is wider than the screen");
    await saveScreenshot(page, 'report-comment-form-nojs', { fullPage: false });
    await commentControl.getByRole('button', { name: '신고하기' }).click();
    await page.waitForURL((u) => u.searchParams.get('reported') === `comment-${comment.body.id}`);
    await page.locator(`#report-comment-${comment.body.id}`).getByText('신고함').waitFor();
    await close();

    const list = await apiCall<{ items: { target: string; item: number; reasons: { label: string; detail: string }[] }[] }>(
      suite.server,
      'GET',
      '/api/admin/report?size=100',
      await rootToken(suite.server),
    );
    const reported = list.body.items.find((e) => e.target === 'board' && e.item === post);
    expect(reported?.reasons).toEqual([expect.objectContaining({ label: '기타', detail: '같은 광고를 여러 번 올립니다' })]);
  });

  test('the author of a post that reports hid still reads it, marked 검토 중; others get 404', async () => {
    const author = await createAccount(suite.server);
    const post = await newPost(author, '검토 중이 될 글');
    // A visitor's list and the post's page, stored by the page cache, are renewed by the hiding.
    expect((await fetchPage(suite.server, '/community')).html).toContain('검토 중이 될 글');
    expect((await fetchPage(suite.server, `/community/${post}`)).status).toBe(200);
    await reportByMembers(1, post);
    expect((await fetchPage(suite.server, '/community')).html).toContain('검토 중이 될 글');
    await reportByMembers(1, post);
    expect((await fetchPage(suite.server, '/community')).html).not.toContain('검토 중이 될 글');
    expect((await fetchPage(suite.server, `/community/${post}`)).status).toBe(404);
    expect((await fetchPage(suite.server, '/sitemap.xml')).html).not.toContain(`/community/${post}<`);
    const { page, errors, close } = await suite.visit(`/community/${post}`, { width: 360, token: author.token, status: 200 });
    await page.getByRole('note').getByText('검토 중', { exact: true }).waitFor();
    await saveScreenshot(page, 'report-under-review', { fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a held post’s link', () => {
  for (const width of WIDTHS) {
    test(`says the post is under review, without its content, and stays a 404 (${width} px)`, async () => {
      const author = await createAccount(suite.server);
      const title = `검토 대기 글 ${width}`;
      const post = await newPost(author, title);
      await reportByMembers(2, post);
      // Crawlers and anyone else still get a 404, and nothing of the post.
      const answer = await fetchPage(suite.server, `/community/${post}`);
      expect(answer.status).toBe(404);
      expect(answer.html).toContain('검토 중인 게시물입니다');
      expect(answer.html).not.toContain(title);
      expect(answer.html).not.toContain('본문입니다');
      const other = await createAccount(suite.server);
      for (const token of [undefined, other.token]) {
        const { page, errors, close } = await suite.visit(`/community/${post}`, { width, token, status: 404 });
        await page.getByRole('heading', { level: 1, name: '검토 중인 게시물입니다' }).waitFor();
        expect(await page.getByRole('main').textContent()).not.toContain(title);
        await saveScreenshot(page, `report-held-link-${token ? 'member' : 'visitor'}`);
        await expectNoHorizontalScroll(page);
        expect(unexpectedErrors(errors)).toEqual([]);
        await close();
      }
      // A post that is simply not there says so, as before.
      expect((await fetchPage(suite.server, '/community/99999999')).html).not.toContain('검토 중인 게시물입니다');
    });
  }
});

describe('/admin/report', () => {
  for (const width of WIDTHS) {
    test(`an admin restores a held post with JavaScript at ${width} px`, async () => {
      const [author, admin] = await Promise.all([createAccount(suite.server), createAccount(suite.server, 3)]);
      const title = `복구할 글 ${width}`;
      const post = await newPost(author, title);
      await reportByMembers(2, post, 'abuse');
      const { page, errors, close } = await suite.visit('/admin/report', { width, token: admin.token, status: 200 });
      const card = page.locator(`#report-board-${post}`);
      await card.getByRole('link', { name: title }).waitFor();
      await expect(card.textContent()).resolves.toContain('신고 2건');
      await expect(card.textContent()).resolves.toContain('검토 중 (숨김)');
      await expect(card.getByRole('list', { name: '신고 사유' }).getByText('욕설/비방').count()).resolves.toBe(2);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'report-admin');
      await card.getByRole('button', { name: named('복구', title) }).click();
      await expectMessage(page, 'status', '복구했습니다');
      await card.waitFor({ state: 'detached' });
      expect((await fetchPage(suite.server, `/community/${post}`)).status).toBe(200);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  test('without JavaScript an admin deletes after being asked, and restores', async () => {
    const [author, admin] = await Promise.all([createAccount(suite.server), createAccount(suite.server, 3)]);
    const gone = await newPost(author, '삭제할 신고 글');
    const back = await newPost(author, '다시 보일 신고 글');
    await reportByMembers(2, gone, 'fraud');
    await reportByMembers(1, back);
    const { page, close } = await openPage(suite.browser, suite.server, { width: 360, token: admin.token, javaScriptEnabled: false });
    expect((await page.goto('/admin/report'))?.status()).toBe(200);

    await page
      .locator(`#report-board-${gone}`)
      .getByRole('button', { name: named('삭제', '삭제할 신고 글') })
      .click();
    const asked = page.locator(`#report-board-${gone}`);
    await asked.getByRole('alert').getByText('신고된 항목을 삭제할까요?').waitFor();
    await asked.getByRole('button', { name: '삭제', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'deleted');
    await page.getByRole('status').getByText('삭제했습니다').waitFor();
    expect(await page.locator(`#report-board-${gone}`).count()).toBe(0);

    await page
      .locator(`#report-board-${back}`)
      .getByRole('button', { name: named('복구', '다시 보일 신고 글') })
      .click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'restored');
    expect(await page.locator(`#report-board-${back}`).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await close();

    const told = await apiCall<{ items: { kind: string; title: string }[] }>(suite.server, 'GET', '/api/notification', author.token);
    expect(told.body.items[0]).toMatchObject({ kind: 'removed', title: '삭제할 신고 글' });
  });

  test('members get 403; the root admin’s seven tabs fit a phone', async () => {
    const member = await createAccount(suite.server);
    expect((await fetchPage(suite.server, '/admin/report', { token: member.token })).status).toBe(403);
    expect((await fetchPage(suite.server, '/admin/report')).status).toBe(401);
    const { page, close } = await suite.visit('/admin/report', { width: 360, token: await rootToken(suite.server), status: 200 });
    await page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '시스템' }).waitFor();
    await expectNoHorizontalScroll(page);
    await close();
  });
});
