import { beforeAll, describe, expect, test } from 'vitest';
import { todayIn } from '#shared/format.ts';
import {
  type Account,
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  openPage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// The admin lists' period filter (SPEC §9: from 00:00:00 to 23:59:59 in the site's time zone) as
// an admin uses it, with and without JavaScript; and ADMIN_ALLOW_IPS on the /admin pages (the
// test clients' addresses are 10.x.x.x, see nextClientIp, or the socket's own).

const suite = setUpServerAndBrowser({ seedDemo: false, env: { ADMIN_ALLOW_IPS: '10.0.0.0/8,127.0.0.1,::1' } });
let root: string;
let member: Account;
const today = todayIn('America/Los_Angeles');
const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const title = `기간 검색 문의 ${Date.now()}`;

beforeAll(async () => {
  root = await rootToken(suite.server);
  member = await createAccount(suite.server, 1);
  const asked = await apiCall(suite.server, 'POST', '/api/inquiry', member.token, { title, content: '<p>기간으로 찾아 주세요</p>' });
  expect(asked.status).toBe(200);
});

describe('admin lists filtered by period', () => {
  test.each(WIDTHS)(
    'inquiries without JavaScript at %i px: the GET form filters by 시작일 and 종료일 and says a wrong range',
    async (width) => {
      const { page, close } = await openPage(suite.browser, suite.server, { token: root, width, javaScriptEnabled: false });
      await page.goto('/admin/inquiry');
      const form = page.getByRole('search', { name: '문의 기간 검색' });
      const search = async (from: string, to: string) => {
        await form.getByLabel('시작일').fill(from);
        await form.getByLabel('종료일').fill(to);
        await Promise.all([
          page.waitForURL((url) => url.search === `?from=${from}&to=${to}`, { waitUntil: 'load' }),
          form.getByRole('button', { name: '검색' }).click(),
        ]);
      };
      await search(today, today);
      expect(new URL(page.url()).search).toBe(`?from=${today}&to=${today}`);
      await expect.poll(() => page.getByText(title).count()).toBe(1);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'admin-inquiry-period');
      await search(yesterday, yesterday);
      expect(await page.getByText(title).count()).toBe(0);
      expect(await page.getByText('문의가 없습니다.').count()).toBe(1);
      // The 대기중 tab keeps the period.
      expect(await page.getByRole('link', { name: '대기중' }).getAttribute('href')).toBe(
        `/admin/inquiry?status=1&from=${yesterday}&to=${yesterday}`,
      );
      await search(today, yesterday);
      expect(await page.getByRole('alert').filter({ hasText: '종료일은 시작일과 같거나 그 뒤여야 합니다' }).count()).toBe(1);
      expect(await page.getByText(title).count()).toBe(1);
      await close();
    },
  );

  test('the user list with JavaScript: the period goes into the address and the list', async () => {
    const { page, close } = await openPage(suite.browser, suite.server, { token: root, width: 360 });
    await page.goto(`/admin/user?keyword=${encodeURIComponent(member.loginid)}`);
    const form = page.getByRole('search', { name: '회원 검색' });
    await form.getByLabel('시작일').fill(yesterday);
    await form.getByLabel('종료일').fill(yesterday);
    await form.getByRole('button', { name: '검색' }).click();
    await page.waitForURL(/to=/);
    expect(new URL(page.url()).searchParams.get('from')).toBe(yesterday);
    await expect.poll(() => page.getByText('전체 0명').count()).toBe(1);
    await form.getByLabel('종료일').fill(today);
    await form.getByRole('button', { name: '검색' }).click();
    await expect.poll(() => page.getByText('전체 1명').count()).toBe(1);
    await saveScreenshot(page, 'admin-user-period');
    await close();
  });
});

describe('the comment moderation list filtered by period', () => {
  test.each([
    [360, false],
    [1280, true],
  ] as const)(
    'at %i px (JavaScript: %s): 시작일 and 종료일 narrow the comments, a wrong range is said',
    async (width, javaScriptEnabled) => {
      const post = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', member.token, {
        topcategory: 5,
        title: '기간 댓글 글',
        content: '<p>본문</p>',
      });
      const text = `기간으로 찾을 댓글 ${width}`;
      expect(
        (await apiCall(suite.server, 'POST', '/api/comment', member.token, { board: post.body.id, parent: 0, content: text })).status,
      ).toBe(200);
      const { page, close } = await openPage(suite.browser, suite.server, { token: root, width, javaScriptEnabled });
      await page.goto('/admin?section=comment');
      const form = page.getByRole('search', { name: '댓글 기간 검색' });
      const search = async (from: string, to: string) => {
        await form.getByLabel('시작일').fill(from);
        await form.getByLabel('종료일').fill(to);
        await Promise.all([
          page.waitForURL((url) => url.search === `?section=comment&from=${from}&to=${to}`),
          form.getByRole('button', { name: '검색' }).click(),
        ]);
      };
      await search(yesterday, yesterday);
      await expect.poll(() => page.getByText('댓글에 해당하는 항목이 없습니다.').count()).toBe(1);
      await search(yesterday, today);
      await expect.poll(() => page.getByText(text).count()).toBe(1);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'admin-comment-period');
      await search(today, yesterday);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: '종료일은 시작일과 같거나 그 뒤여야 합니다' }).count()).toBe(1);
      expect(await page.getByText(text).count(), 'a wrong range is left out of the list').toBe(1);
      await close();
    },
  );
});

describe('ADMIN_ALLOW_IPS on the pages', () => {
  test('/admin and its loader data answer a Korean 403 outside the list; inside, the page', async () => {
    for (const path of ['/admin', '/admin/user', '/admin.data', '/admin/inquiry.data']) {
      const outside = await fetchPage(suite.server, path, { token: root, headers: { 'x-forwarded-for': '198.51.100.20' } });
      expect(outside.status, path).toBe(403);
      expect(outside.html).toContain('이 접속 주소에서는 관리자 기능을 사용할 수 없습니다');
      // A page keeps the site's header and navigation, as every refusal does.
      if (!path.endsWith('.data')) expect(outside.html).toContain('href="/news"');
    }
    expect((await fetchPage(suite.server, '/admin', { token: root })).status).toBe(200);
    // The rest of the site is open to everyone.
    expect((await fetchPage(suite.server, '/', { headers: { 'x-forwarded-for': '198.51.100.20' } })).status).toBe(200);
  });
});
