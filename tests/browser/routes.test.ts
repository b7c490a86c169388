import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { runningScriptTags } from '#tests/support/page-scripts.ts';
import {
  type Account,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  hydrated,
  openPage,
  type PageOptions,
  rootToken,
  saveScreenshot,
  submitLogin,
  type TestPage,
  setUpServerAndBrowser,
  type Width,
  WIDTHS,
} from '#tests/support/browser.ts';

// Every route of SPEC §2 in a real browser against the built app: status codes per role, titles,
// layouts, the admin guard, security headers, reading without JavaScript and accessibility.

const SITE = '한인포털';
// The sections with 행사 after 한인단체 (PRODUCT.md's Sections table).
const SECTION_LABELS = ['뉴스', '생활정보', '구인구직', '벼룩시장', '부동산', '커뮤니티', '업소록', '한인단체', '행사', '고객센터'];

/** Who may see a route: everyone, members (visitors go to /login), staff of level 2 and up or
 * admins (visitors go to /login, members of level 1 get 403). */
type Access = 'public' | 'member' | 'staff' | 'admin';
type Layout = 'common' | 'index' | 'own';
interface RouteCase {
  /** `:id` stands for an existing demo post of the section. */
  path: string;
  access: Access;
  /** What the title names before the site; undefined: any page name (a post's title). */
  page?: string;
  layout: Layout;
}

const sectionRoutes = (section: string, label: string, write: Access = 'member', writeLabel = '글쓰기'): RouteCase[] => [
  { path: `/${section}`, access: 'public', page: label, layout: 'common' },
  { path: `/${section}/:id`, access: 'public', layout: 'common' },
  { path: `/${section}/write`, access: write, page: `${label} ${writeLabel}`, layout: 'common' },
];

const ROUTES: RouteCase[] = [
  { path: '/', access: 'public', layout: 'index' },
  ...sectionRoutes('jobs', '구인구직'),
  ...sectionRoutes('life', '생활정보'),
  // PRODUCT.md: news and the FAQ are written by staff (level 2 and up).
  ...sectionRoutes('news', '뉴스', 'staff'),
  ...sectionRoutes('market', '벼룩시장'),
  ...sectionRoutes('housing', '부동산', 'member', '매물 등록'),
  ...sectionRoutes('business', '업소록', 'member', '업소 등록'),
  ...sectionRoutes('community', '커뮤니티'),
  { path: '/customer', access: 'public', page: '고객센터', layout: 'common' },
  { path: '/customer/faq', access: 'public', page: '자주 묻는 질문', layout: 'common' },
  { path: '/customer/write', access: 'staff', page: '글쓰기', layout: 'common' },
  { path: '/customer/inquiry', access: 'member', page: '1:1 문의', layout: 'common' },
  // Organizations have pages of their own, kept by staff (and by their editors).
  ...sectionRoutes('organizations', '한인단체', 'staff', '단체 등록'),
  { path: '/search', access: 'public', page: '검색', layout: 'own' },
  { path: '/login', access: 'public', page: '로그인', layout: 'own' },
  { path: '/mypage', access: 'member', page: '마이페이지', layout: 'common' },
  { path: '/mypage/like', access: 'member', page: '좋아요한 글', layout: 'common' },
  { path: '/mypage/myinfo', access: 'member', page: '내 정보', layout: 'common' },
  { path: '/mypage/inquiry', access: 'member', page: '내 문의', layout: 'common' },
  { path: '/messages', access: 'member', page: '쪽지', layout: 'common' },
  { path: '/admin', access: 'admin', page: '관리자', layout: 'common' },
  { path: '/admin/user', access: 'admin', page: '회원 관리', layout: 'common' },
  { path: '/admin/inquiry', access: 'admin', page: '문의 관리', layout: 'common' },
  { path: '/admin/mainschedule', access: 'admin', page: '메인 일정 관리', layout: 'common' },
  { path: '/admin/mainschedule/write', access: 'admin', page: '메인 일정 등록', layout: 'common' },
];

/** Text only an admin's page shows: it must never reach anyone else's HTML. */
const ADMIN_ONLY_TEXT = {
  '/admin': '관리 현황',
  '/admin/user': '회원 목록',
  '/admin/inquiry': '문의 목록',
  '/admin/mainschedule': '첫 화면에 보이는 행사 일정',
  '/admin/mainschedule/write': '일정 등록',
} as const;

const suite = setUpServerAndBrowser();
let member: Account;
let admin: Account;
let root: string;
const postIds: Record<string, number> = {};

beforeAll(async () => {
  root = await rootToken(suite.server);
  [member, admin] = await Promise.all([createAccount(suite.server, 1), createAccount(suite.server, 3)]);
  // One existing demo post per section with a detail page.
  const first = async (query: string) => {
    const id = (await apiGet<{ items: { id: number }[] }>(suite.server, query)).items[0]?.id;
    if (!id) throw new Error(`no demo content for ${query}`);
    return id;
  };
  const boards = { life: 2, news: 1, market: 4, community: 5, organizations: 7 };
  for (const [section, top] of Object.entries(boards)) postIds[section] = await first(`/api/board?topcategory=${top}&size=1`);
  postIds.jobs = await first('/api/jobs?size=1');
  postIds.housing = await first('/api/housing?size=1');
  postIds.business = await first('/api/business?size=1');
});

const realPath = (path: string) => path.replace(':id', String(postIds[path.split('/')[1] ?? '']));
/** Screenshot names: `/` → index, `/news/:id` → news-id, `/admin/user` → admin-user. */
const shotName = (path: string) => (path === '/' ? 'index' : path.slice(1).replaceAll(':', '').replaceAll('/', '-'));
const tokenFor = (access: Access) => (access === 'admin' || access === 'staff' ? root : access === 'member' ? member.token : undefined);
const loginLink = (path: string) => `/login?next=${encodeURIComponent(path)}`;

async function expectCommonLayout(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  expect(await header.getByRole('link', { name: SITE, exact: true }).count()).toBe(1);
  expect(await page.getByRole('navigation', { name: '섹션' }).getByRole('link').allInnerTexts()).toEqual(SECTION_LABELS);
  expect(await header.getByRole('searchbox').isVisible()).toBe(true);
  expect(await header.getByRole('button', { name: '검색' }).isVisible()).toBe(true);
  expect(await page.getByRole('contentinfo').innerText()).toContain(SITE);
}

/** One page per role and width for the route walk: a context costs more than a page load. */
const rolePages = new Map<string, TestPage>();
async function pageAs(access: Access, width: Width): Promise<TestPage> {
  const key = `${access} ${width}`;
  let opened = rolePages.get(key);
  if (!opened) {
    opened = await openPage(suite.browser, suite.server, { width, token: tokenFor(access) });
    rolePages.set(key, opened);
  }
  opened.errors.length = 0;
  return opened;
}

/** A page as first served, without waiting for hydration: some of these run without JavaScript. */
async function visit(path: string, options: PageOptions) {
  const opened = await openPage(suite.browser, suite.server, options);
  const response = await opened.page.goto(path);
  return { ...opened, status: response?.status() };
}

describe('every route of SPEC §2', () => {
  test.each(ROUTES)('$path ($access): status per role, title, layout, screenshots at 360 and 1280', async (route) => {
    const path = realPath(route.path);
    const [visitorAnswer, memberAnswer, rootAnswer] = await Promise.all([
      fetchPage(suite.server, path),
      fetchPage(suite.server, path, { token: member.token }),
      fetchPage(suite.server, path, { token: root }),
    ]);
    if (path === '/login') {
      // A signed-in user has nothing to do on the login page: home, or the ?next= target.
      expect([visitorAnswer.status, memberAnswer.status, rootAnswer.status]).toEqual([200, 302, 302]);
      expect(memberAnswer.location).toBe('/');
    } else if (route.access === 'public') {
      expect([visitorAnswer.status, memberAnswer.status, rootAnswer.status]).toEqual([200, 200, 200]);
    } else {
      // A visitor: 401 with the login dialog (and, for no JavaScript, a link to the login page).
      expect(visitorAnswer.status).toBe(401);
      expect(visitorAnswer.html).toContain('로그인이 필요합니다');
      expect(visitorAnswer.html).toContain(`href="${loginLink(path)}"`);
      expect([memberAnswer.status, rootAnswer.status]).toEqual([route.access === 'admin' || route.access === 'staff' ? 403 : 200, 200]);
    }

    for (const width of WIDTHS) {
      const { page, errors } = await pageAs(route.access, width);
      expect((await page.goto(path))?.status()).toBe(200);
      await hydrated(page);
      const title = await page.title();
      if (route.page === undefined && route.layout === 'index') expect(title).toBe(SITE);
      else expect(title).toMatch(new RegExp(`^.*${route.page ?? '.+'}.* \\| ${SITE}$`));
      if (route.layout === 'common') await expectCommonLayout(page);
      else
        expect(await page.getByRole('navigation', { name: '섹션' }).count(), 'own layout, not the common one').toBe(
          route.layout === 'own' ? 0 : 1,
        );
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await expectNoHorizontalScroll(page);
      expect(errors, 'console errors or CSP violations').toEqual([]);
      await saveScreenshot(page, shotName(route.path));
    }
  });

  test('an unmatched route is a Korean 404 page that names the path, with the header and navigation', async () => {
    for (const width of WIDTHS) {
      const { page, status, close } = await visit('/no-such-page', { width });
      expect(status).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('페이지를 찾을 수 없습니다');
      expect(await page.getByText('Page not found: /no-such-page').isVisible()).toBe(true);
      expect(await page.title()).toBe(`페이지를 찾을 수 없습니다 | ${SITE}`);
      await expectCommonLayout(page);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'not-found');
      await close();
    }
  });

  test('a post id that is not a number is a 404 for everyone', async () => {
    for (const path of ['/news/abc', '/jobs/1x', '/market/-1', '/business/0']) {
      for (const token of [undefined, member.token, root]) {
        const answer = await fetchPage(suite.server, path, { token });
        expect(answer.status, path).toBe(404);
        expect(answer.html).toContain(`Page not found: ${path}`);
      }
    }
  });

  test('a search-engine bot gets a bare 404, without the error page', async () => {
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const answer = await fetchPage(suite.server, '/no-such-page', { headers: { 'user-agent': bot } });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.html).toBe('Not Found');
    // The same bot still reads real pages.
    expect((await fetchPage(suite.server, '/news', { headers: { 'user-agent': bot } })).status).toBe(200);
  });
});

describe('admin guard', () => {
  test('a visitor gets the login dialog and, after logging in, the admin page itself', async () => {
    const account = await createAccount(suite.server, 3);
    for (const width of WIDTHS) {
      const { page, status, errors, close } = await visit('/admin/user?page=1', { width });
      expect(status).toBe(401);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await page.getByRole('heading', { level: 1, name: '로그인이 필요합니다' }).count()).toBe(1);
      await saveScreenshot(page, 'login-required');
      await submitLogin(dialog, account);
      await page.getByRole('heading', { level: 1, name: '회원 관리' }).waitFor();
      expect(page.url()).toBe(`${suite.server.url}/admin/user?page=1`);
      // Chromium reports the page's own 401 as a console error; nothing else may show up.
      expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
      await close();
    }
  });

  test('the same works without JavaScript: the link leads to the login form as a plain page', async () => {
    const { page, status, close } = await visit('/admin/mainschedule', { width: 360, javaScriptEnabled: false });
    expect(status).toBe(401);
    await page.getByRole('main').getByRole('link', { name: '로그인' }).click();
    await page.waitForURL(`${suite.server.url}${loginLink('/admin/mainschedule')}`);
    await saveScreenshot(page, 'login-next');
    await submitLogin(page.getByRole('main'), await createAccount(suite.server, 3));
    await page.waitForURL(`${suite.server.url}/admin/mainschedule`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('메인 일정 관리');
    await close();
  });

  test('a member below level 3 gets 403 and none of the admin page in the HTML', async () => {
    const editor = await createAccount(suite.server, 2);
    for (const [path, adminText] of Object.entries(ADMIN_ONLY_TEXT)) {
      // The text is really the admin's: the check below would otherwise pass for nothing.
      expect((await fetchPage(suite.server, path, { token: root })).html).toContain(adminText);
      for (const token of [member.token, editor.token]) {
        const answer = await fetchPage(suite.server, path, { token });
        expect(answer.status, path).toBe(403);
        expect(answer.html).not.toContain(adminText);
      }
      // A visitor's redirect carries nothing either.
      expect((await fetchPage(suite.server, path)).html).not.toContain(adminText);
    }
    for (const width of WIDTHS) {
      const { status, page, close } = await visit('/admin', { width, token: member.token });
      expect(status).toBe(403);
      expect(await page.getByText('403', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(ADMIN_ONLY_TEXT['/admin']).count()).toBe(0);
      await saveScreenshot(page, 'forbidden');
      await close();
    }
  });

  test('a level-3 admin sees every admin page', async () => {
    for (const [path, adminText] of Object.entries(ADMIN_ONLY_TEXT)) {
      const answer = await fetchPage(suite.server, path, { token: admin.token });
      expect(answer.status, path).toBe(200);
      expect(answer.html).toContain(adminText);
    }
  });
});

describe('return-to targets', () => {
  const foreign = ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'http:/evil.example'];

  test.each(['https://evil.example', '//evil.example'])('?next=%s after logging in in the browser goes to /', async (next) => {
    const { page, close } = await visit(`/login?next=${encodeURIComponent(next)}`, { width: 1280 });
    await submitLogin(page.getByRole('main'), member);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /마이페이지/ })
      .waitFor();
    expect(page.url()).toBe(`${suite.server.url}/`);
    await close();
  });

  for (const width of WIDTHS) {
    test(`without JavaScript the header's 로그인 comes back to the page it was on, query and all (${width} px)`, async () => {
      const here = '/market?page=2';
      const { page, close } = await openPage(suite.browser, suite.server, { width, javaScriptEnabled: false });
      await page.goto(here);
      const link = page.getByRole('banner').getByRole('link', { name: '로그인', exact: true });
      expect(await link.getAttribute('href')).toBe(loginLink(here));
      await link.click();
      await page.waitForURL((u) => u.pathname === '/login');
      await saveScreenshot(page, 'login-from-header-nojs');
      await submitLogin(page.getByRole('main'), member);
      await page.waitForURL((u) => `${u.pathname}${u.search}` === here);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /마이페이지/ })
        .waitFor();
      await close();
    });
  }

  test('the login form follows only same-site paths', async () => {
    const account = await createAccount(suite.server, 1);
    const loginWith = (next: string) =>
      fetchPage(suite.server, '/login', {
        method: 'POST',
        body: new URLSearchParams({ loginid: account.loginid, passwd: account.passwd, next }),
      });
    for (const next of foreign) expect((await loginWith(next)).location, next).toBe('/');
    expect((await loginWith('/mypage/like?tab=2')).location).toBe('/mypage/like?tab=2');
  });

  test('a signed-in user on /login goes to ?next= only when it is a same-site path', async () => {
    for (const next of foreign) {
      expect((await fetchPage(suite.server, `/login?next=${encodeURIComponent(next)}`, { token: member.token })).location, next).toBe('/');
    }
    expect((await fetchPage(suite.server, '/login?next=%2Fnews', { token: member.token })).location).toBe('/news');
  });
});

describe('security of every page', () => {
  const pages: [string, 'visitor' | 'member' | 'root'][] = [
    ['/', 'visitor'],
    ['/news', 'visitor'],
    ['/login', 'visitor'],
    ['/no-such-page', 'visitor'],
    ['/mypage', 'member'],
    ['/admin', 'root'],
    ['/admin', 'member'],
  ];

  test.each(pages)('%s (%s): CSP with a fresh nonce on every script, nosniff, strict referrer, no public caching', async (path, who) => {
    const token = who === 'root' ? root : who === 'member' ? member.token : undefined;
    const [one, two] = [await fetchPage(suite.server, path, { token }), await fetchPage(suite.server, path, { token })];
    const csp = one.headers.get('content-security-policy') ?? '';
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeDefined();
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(/'nonce-([^']+)'/.exec(two.headers.get('content-security-policy') ?? '')?.[1]).not.toBe(nonce);
    const scripts = runningScriptTags(one.html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // Inline event handlers would be inline script without a nonce.
    expect(one.html).not.toMatch(/<[^>]*\son[a-z]+=/);
    expect(one.headers.get('x-content-type-options')).toBe('nosniff');
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
      one.headers.get('referrer-policy'),
    );
    const cache = one.headers.get('cache-control') ?? '';
    expect(cache).not.toContain('public');
    if (token) expect(cache).toMatch(/private|no-store/);
  });

  test('HSTS is sent when the site is served over HTTPS', async () => {
    const answer = await fetchPage(suite.server, '/', { headers: { 'x-forwarded-proto': 'https' } });
    // At least 180 days.
    expect(Number(/max-age=(\d+)/.exec(answer.headers.get('strict-transport-security') ?? '')?.[1])).toBeGreaterThanOrEqual(15_552_000);
  });

  test('a signed-in page answered to a member is never cached publicly, nor is its redirect', async () => {
    for (const path of ['/mypage', '/news', '/', '/login', '/admin']) {
      const answer = await fetchPage(suite.server, path, { token: member.token });
      expect(answer.headers.get('cache-control'), path).toMatch(/^(private|no-store)/);
    }
  });
});

describe('reading without JavaScript', () => {
  test('server-rendered pages, links and the search form work with JavaScript off', async () => {
    const { page, close } = await visit('/', { width: 360, javaScriptEnabled: false });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toBe('');
    expect(await page.locator('main a[href^="/news/"]').count(), 'links to posts').toBeGreaterThan(0);
    await page.getByRole('navigation', { name: '섹션' }).getByRole('link', { name: '뉴스' }).click();
    await page.waitForURL(`${suite.server.url}/news`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('뉴스');
    await page.goto(`/news/${postIds.news}`);
    expect(await page.getByRole('main').innerText()).not.toBe('');
    await page.getByRole('banner').getByRole('searchbox').fill('렌트');
    await page.getByRole('banner').getByRole('button', { name: '검색' }).click();
    await page.waitForURL(`${suite.server.url}/search?q=${encodeURIComponent('렌트')}`);
    expect(await page.getByRole('main').innerText()).toContain('렌트');
    await close();
  });
});

describe('accessibility (axe-core)', () => {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  interface AxeViolation {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[] }[];
  }

  test.each(['/', '/news', '/login', '/customer/faq'])('%s has no serious or critical violations at 360 and 1280', async (path) => {
    for (const width of WIDTHS) {
      // axe is injected as a script: the page's CSP would rightly refuse it.
      const { page, close } = await visit(path, { width, bypassCSP: true });
      await hydrated(page);
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(
        async () => (await (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run()).violations,
      );
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `${path} at ${width}`).toEqual([]);
      await close();
    }
  });
});
