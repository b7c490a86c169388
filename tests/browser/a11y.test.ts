import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// axe-core on every route at 360 and 1280 px, as a visitor, a member and an admin where their
// pages differ (PRODUCT.md, Screens; issue: 0 serious or critical violations), with a
// screenshot of each for a person to look at.

const suite = setUpServerAndBrowser();
let member: Account;
let admin: string;
const ids: Record<string, number> = {};

type Role = 'visitor' | 'member' | 'admin';

const PUBLIC = ['/', '/news', '/life', '/jobs', '/market', '/business', '/community', '/organizations', '/customer', '/customer/faq'];
const DETAILS = ['/news/:id', '/life/:id', '/jobs/:id', '/market/:id', '/business/:id', '/community/:id'];
const OTHER = ['/login', '/search?q=렌트는', '/no/such/page'];
const WRITE = ['/jobs/write', '/life/write', '/market/write', '/business/write', '/community/write'];
const STAFF_WRITE = ['/news/write', '/customer/write', '/organizations/write'];
const MEMBER = ['/mypage', '/mypage/like', '/mypage/myinfo', '/mypage/inquiry', '/customer/inquiry'];
const ADMIN = [
  '/admin',
  '/admin?section=community',
  '/admin?section=comment',
  '/admin/user',
  '/admin/inquiry',
  '/admin/report',
  '/admin/mainschedule',
  '/admin/mainschedule/write',
];

/** Who sees which routes: every route as the visitor (refused ones show the login dialog's page),
 * and as members and admins the pages that are theirs or that show them more. */
const CASES: [Role, string][] = [
  ...[...PUBLIC, ...DETAILS, ...OTHER, '/community/write', '/mypage', '/admin'].map((p): [Role, string] => ['visitor', p]),
  ...['/', '/community', ...DETAILS, ...WRITE, ...MEMBER, '/news/write', '/admin'].map((p): [Role, string] => ['member', p]),
  ...['/', ...DETAILS, ...STAFF_WRITE, ...ADMIN].map((p): [Role, string] => ['admin', p]),
];

beforeAll(async () => {
  [member, admin] = await Promise.all([createAccount(suite.server, 1), rootToken(suite.server)]);
  const first = async (query: string) => (await apiGet<{ items: { id: number }[] }>(suite.server, query)).items[0]?.id ?? 0;
  for (const [section, top] of Object.entries({ news: 1, life: 2, market: 4, community: 5 })) {
    ids[section] = await first(`/api/board?topcategory=${top}&size=1&sort=id`);
  }
  ids.jobs = await first('/api/jobs?size=1');
  ids.business = await first('/api/business?size=1');
  // The member's pages with something on them: a comment with a reply, a like and an inquiry,
  // in Korean with a long word, emoji and other scripts.
  const { body } = await apiCall<{ id: number }>(suite.server, 'POST', '/api/comment', member.token, {
    board: ids.community,
    content: '국제운전면허증갱신절차문의드립니다 🚗 Seoul→LA 渡美',
  });
  await apiCall(suite.server, 'POST', '/api/comment', member.token, { board: ids.community, parent: body.id, content: '답글 😀 thanks' });
  await apiCall(suite.server, 'POST', '/api/like', member.token, { target: 'board', item: ids.community });
  // Someone answers the member's own post: every page the member opens shows 알림 with one unread.
  const own = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', member.token, {
    topcategory: 5,
    title: '알림을 받을 글',
    content: '<p>본문</p>',
  });
  await apiCall(suite.server, 'POST', '/api/comment', admin, { board: own.body.id, content: '답을 드립니다' });
  await apiCall(suite.server, 'POST', '/api/inquiry', member.token, {
    title: '결제가안되는데확인부탁드립니다 💳',
    content: '<p>카드 결제 오류</p>',
  });
});

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(
    async () => (await (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run()).violations,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const tokenOf = (role: Role) => (role === 'member' ? member.token : role === 'admin' ? admin : undefined);
const resolve = (path: string) => path.replace(/^\/(\w+)\/:id$/, (_, section: string) => `/${section}/${ids[section]}`);
const slug = (role: Role, path: string) => `a11y-${role}${path === '/' ? '-index' : path.replace(/[^\w가-힣]+/g, '-')}`;

describe('axe: no serious or critical violations', () => {
  test.each(CASES)('as %s: %s at 360 and 1280', async (role, path) => {
    for (const width of WIDTHS) {
      // axe is injected as a script: the page's CSP would rightly refuse it.
      const { page, errors, close } = await suite.visit(resolve(path), { width, token: tokenOf(role), bypassCSP: true });
      expect(await seriousViolations(page), `${role} ${path} at ${width}`).toEqual([]);
      await expectNoHorizontalScroll(page, `${role} ${path} at ${width} is wider than the screen`);
      await saveScreenshot(page, slug(role, path));
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    }
  });

  test('the member’s header shows 알림 with the unread count, named as it reads', async () => {
    for (const width of WIDTHS) {
      const { page, close } = await suite.visit('/', { width, token: member.token, bypassCSP: true });
      const bell = page.getByRole('navigation', { name: '내 계정' }).getByRole('link', { name: /^알림/ });
      expect(await bell.ariaSnapshot()).toContain('link "알림 1개 읽지 않음"');
      expect(await seriousViolations(page), `the header at ${width}`).toEqual([]);
      await close();
    }
  });

  test('the login dialog and the confirm dialog, open over a page', async () => {
    for (const width of WIDTHS) {
      const visitor = await suite.visit(resolve('/community/:id'), { width, bypassCSP: true });
      await visitor.page
        .getByRole('main')
        .getByRole('link', { name: /^좋아요/ })
        .click();
      await visitor.page.getByRole('dialog').waitFor();
      expect(await seriousViolations(visitor.page), `login dialog at ${width}`).toEqual([]);
      await saveScreenshot(visitor.page, 'a11y-login-dialog', { fullPage: false });
      await visitor.close();

      const signedIn = await suite.visit(resolve('/community/:id'), { width, token: member.token, bypassCSP: true });
      await signedIn.page.getByRole('article', { name: '댓글' }).getByRole('button', { name: '삭제' }).first().click();
      await signedIn.page.getByRole('dialog').waitFor();
      expect(await seriousViolations(signedIn.page), `confirm dialog at ${width}`).toEqual([]);
      await saveScreenshot(signedIn.page, 'a11y-confirm-dialog', { fullPage: false });
      await signedIn.close();
    }
  });
});
