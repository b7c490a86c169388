import { describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  createAccount,
  expectMessage,
  expectNoHorizontalScroll,
  fetchPage,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// A reported conversation (PRODUCT.md "Messages", safety) as the admin reads it on
// /admin/report, the only admin page that shows messages: its two members (탈퇴한 회원 once an
// account is gone) and its messages, folded behind 대화 보기, escaped and wrapped on a phone;
// clearing its reports takes it off the list. With and without JavaScript.

const suite = setUpServerAndBrowser({ seedDemo: false, env: { WRITE_LIMITS: '0' } });

// A long word and a long address must wrap on a phone; markup must show as typed.
const LONG_WORD = '가나다라마바사아자차카타파하'.repeat(6);
const LONG_URL = `https://example.com/${'a'.repeat(120)}`;
const MARKUP = '<b>굵게</b> <script>alert(1)</script>';

/** Two members talk (the first starts), then `reporter` reports it; answers its id. */
async function reportedTalk(a: Account, b: Account, lines: [Account, string][], reporter: Account): Promise<number> {
  const started = await apiCall<{ id: number }>(suite.server, 'POST', '/api/conversation', a.token, { user: b.id });
  expect(started.status).toBe(200);
  const id = started.body.id;
  for (const [who, content] of lines) {
    expect((await apiCall(suite.server, 'POST', `/api/conversation/${id}/message`, who.token, { content })).status).toBe(200);
  }
  const report = { target: 'conversation', item: id, reason: 'fraud' };
  expect((await apiCall(suite.server, 'POST', '/api/report', reporter.token, report)).status).toBe(200);
  return id;
}

/** The nickname createAccount gave. */
const nickname = (a: Account) => `테스터${a.loginid.slice(5, 13)}`;

describe('a reported conversation on /admin/report', () => {
  for (const width of WIDTHS) {
    test(`the admin opens 대화 보기 and reads it, then clears its reports (${width} px)`, async () => {
      const [seller, buyer, admin] = await Promise.all([
        createAccount(suite.server),
        createAccount(suite.server),
        createAccount(suite.server, 3),
      ]);
      const first = `선입금 해주시면 바로 보내드려요 ${nickname(seller)}`;
      const id = await reportedTalk(
        seller,
        buyer,
        [
          [seller, first],
          [buyer, `직접 만나서 거래하고 싶어요\n${LONG_WORD}`],
          [seller, `${LONG_URL} ${MARKUP}`],
        ],
        buyer,
      );

      const { page, errors, close } = await suite.visit('/admin/report', { width, token: admin.token, status: 200 });
      const card = page.locator(`#report-conversation-${id}`);
      const heading = card.getByRole('heading', { level: 3 });
      const [one, two] = seller.id < buyer.id ? [seller, buyer] : [buyer, seller];
      await expect(heading.textContent()).resolves.toBe(`쪽지 대화: ${nickname(one)} ↔ ${nickname(two)}`);
      await expect(heading.getByRole('link', { name: nickname(seller) }).getAttribute('href')).resolves.toBe(
        `/admin/user?keyword=${encodeURIComponent(nickname(seller))}`,
      );
      // Folded: the list stays short until the admin asks.
      const messages = card.getByRole('list', { name: '대화 내용' });
      expect(await messages.isVisible()).toBe(false);
      // Nothing to delete, nothing hidden: the one decision is clearing the reports.
      expect(await card.getByRole('button', { name: /^삭제/ }).count()).toBe(0);
      await expectNoHorizontalScroll(page);

      await card.getByText('대화 보기').click();
      await messages.waitFor();
      const items = messages.getByRole('listitem');
      await expect(items.count()).resolves.toBe(3);
      await expect(items.nth(0).textContent()).resolves.toContain(first);
      await expect(items.nth(0).locator('strong').textContent()).resolves.toBe(nickname(seller));
      await expect(items.nth(1).locator('strong').textContent()).resolves.toBe(nickname(buyer));
      // Plain text as typed: the markup is text, the address no link.
      await expect(items.nth(2).textContent()).resolves.toContain(MARKUP);
      expect(await messages.locator('b, script, a').count()).toBe(0);
      // Times in the site's time zone, to the minute, never split.
      const time = items.nth(0).locator('time');
      await expect(time.textContent()).resolves.toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      const box = await time.boundingBox();
      expect(box?.height).toBeLessThan(30);
      await expectNoHorizontalScroll(page, 'an open conversation is wider than the screen');
      await saveScreenshot(page, 'report-conversation');

      await card.getByRole('button', { name: /^신고 해제\s*:/ }).click();
      await expectMessage(page, 'status', '신고를 해제했습니다');
      await card.waitFor({ state: 'detached' });
      // Cleared: nothing of it is left on the admin's pages, and the members still have it.
      expect((await fetchPage(suite.server, '/admin/report', { token: admin.token })).html).not.toContain(first);
      const kept = await apiCall<{ messages: unknown[] }>(suite.server, 'GET', `/api/conversation/${id}`, buyer.token);
      expect(kept.body.messages).toHaveLength(3);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  test('without JavaScript: 대화 보기 opens, a removed member is 탈퇴한 회원, the reports are cleared', async () => {
    const [leaves, stays, admin] = await Promise.all([
      createAccount(suite.server),
      createAccount(suite.server),
      createAccount(suite.server, 3),
    ]);
    const line = '계좌로 먼저 보내주세요 (스크립트 없이)';
    const id = await reportedTalk(leaves, stays, [[leaves, line]], stays);
    expect((await apiCall(suite.server, 'DELETE', '/api/user', leaves.token, { id: leaves.id, passwd: leaves.passwd })).status).toBe(200);

    const { page, close } = await openPage(suite.browser, suite.server, { width: 360, token: admin.token, javaScriptEnabled: false });
    expect((await page.goto('/admin/report'))?.status()).toBe(200);
    const card = page.locator(`#report-conversation-${id}`);
    // The lower id is named first.
    const names = leaves.id < stays.id ? ['탈퇴한 회원', nickname(stays)] : [nickname(stays), '탈퇴한 회원'];
    await expect(card.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(`쪽지 대화: ${names.join(' ↔ ')}`);
    expect(await card.getByRole('heading', { level: 3 }).getByRole('link').count()).toBe(1);
    await card.getByText('대화 보기').click();
    const item = card.getByRole('list', { name: '대화 내용' }).getByRole('listitem');
    await expect(item.textContent()).resolves.toContain(line);
    await expect(item.locator('strong').textContent()).resolves.toBe('탈퇴한 회원');
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'report-conversation-nojs');
    await card.getByRole('button', { name: /^신고 해제\s*:/ }).click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'cleared');
    await page.getByRole('status').getByText('신고를 해제했습니다').waitFor();
    expect(await page.locator(`#report-conversation-${id}`).count()).toBe(0);
    await close();
  });

  test('no other page shows it: members get 403 on /admin/report, the other admin pages carry no message', async () => {
    const [a, b, admin] = await Promise.all([createAccount(suite.server), createAccount(suite.server), createAccount(suite.server, 3)]);
    const line = '다른 관리 화면에는 없어야 할 메시지';
    await reportedTalk(a, b, [[a, line]], b);
    for (const member of [a, b]) {
      const answer = await fetchPage(suite.server, '/admin/report', { token: member.token });
      expect(answer.status).toBe(403);
      expect(answer.html).not.toContain(line);
    }
    expect((await fetchPage(suite.server, '/admin/report')).status).toBe(401);
    expect((await fetchPage(suite.server, '/admin/report', { token: admin.token })).html).toContain(line);
    for (const path of ['/admin', '/admin/user', `/admin/user?keyword=${encodeURIComponent(nickname(a))}`, '/admin/inquiry']) {
      const answer = await fetchPage(suite.server, path, { token: admin.token });
      expect(answer.status).toBe(200);
      expect(answer.html).not.toContain(line);
    }
  });
});
