import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import {
  apiCall,
  createAccount,
  type Account,
  hydrated,
  launchBrowser,
  openPage,
  startServer,
  type TestServer,
} from '#tests/support/browser.ts';

// On the phone like an app (PRODUCT.md): the manifest and the service worker make the site
// installable; pages read recently stay readable offline, a page never read shows the Korean
// offline page, and nothing a member read while signed in is left after logout. A new build's
// worker waits until the reader agrees to reload (never under a form being typed), and a phone
// is told once, in the page, that the site installs like an app.

const SITE_NAME = '앱처럼 한인포털';
const OFFLINE_HEADING = '인터넷에 연결되어 있지 않습니다';

let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let member: Account;
let postId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ seedDemo: false, env: { SITE_NAME } }), launchBrowser()]);
  member = await createAccount(server);
  const created = await apiCall<{ id: number }>(server, 'POST', '/api/board', member.token, {
    title: '오프라인에서도 읽는 글',
    content: '<p>지하철에서도 읽을 수 있습니다</p>',
    topcategory: 5,
  });
  expect(created.status).toBe(200);
  postId = created.body.id;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the service worker controls the page (it claims open pages on activation). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const keptPages = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('pages')).keys()).map((r) => new URL(r.url).pathname));

test('the site meets Chromium’s install criteria: manifest, icons and an active service worker', async () => {
  const { page, errors, close } = await openPage(browser, server, { width: 360 });
  await page.goto('/');
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  // What Chromium parsed, and the manifest as served (for each icon's purpose).
  const {
    errors: manifestErrors,
    data,
    manifest,
  } = (await cdp.send('Page.getAppManifest')) as unknown as {
    errors: unknown[];
    data: string;
    manifest: { name: string; display: string; startUrl: string; icons: { url: string; sizes: string }[] };
  };
  expect(manifestErrors).toEqual([]);
  expect(manifest.name).toBe(SITE_NAME);
  expect(manifest.display).toBe('kStandalone');
  // A test's browser context is incognito, where Chromium installs nothing: that is the one
  // refusal left when the site meets every criterion of its own.
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const served = JSON.parse(data) as { icons: { purpose: string }[]; shortcuts: { name: string }[] };
  expect(served.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  expect(served.shortcuts.map((s) => s.name)).toEqual(['쪽지', '알림']);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(errors).toEqual([]);
  await close();
});

test('offline, a page read recently opens and a page never read shows the offline page', async () => {
  const { page, close } = await openPage(browser, server, { width: 360 });
  await page.goto('/');
  await controlled(page);
  await page.goto(`/community/${postId}`);
  await expect.poll(() => keptPages(page)).toContain(`/community/${postId}`);

  await page.context().setOffline(true);
  await page.goto(`/community/${postId}`);
  await expect.poll(() => page.getByRole('heading', { name: '오프라인에서도 읽는 글' }).isVisible()).toBe(true);
  await page.goto('/jobs');
  await expect.poll(() => page.getByRole('heading', { name: OFFLINE_HEADING }).isVisible()).toBe(true);
  expect(await page.title()).toContain(SITE_NAME);
  await close();
});

test('a member’s pages are never kept, and logging out drops every kept page', async () => {
  const { page, close } = await openPage(browser, server, { width: 360 });
  await page.goto(`/community/${postId}`);
  await controlled(page);
  await page.goto(`/community/${postId}`);
  await expect.poll(() => keptPages(page)).toContain(`/community/${postId}`);

  await page.context().addCookies([{ name: TOKEN_COOKIE, value: member.token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto('/mypage');
  await page.goto('/messages');
  await page.goto('/');
  const kept = await keptPages(page);
  expect(kept.filter((p) => p.startsWith('/mypage') || p.startsWith('/messages'))).toEqual([]);
  expect(kept).not.toContain('/');

  await page.evaluate(() => fetch('/api/jwt', { method: 'DELETE' }));
  await expect.poll(() => keptPages(page)).toEqual([]);
  await page.context().setOffline(true);
  for (const path of ['/mypage', '/messages', `/community/${postId}`]) {
    await page.goto(path);
    await expect.poll(() => page.getByRole('heading', { name: OFFLINE_HEADING }).isVisible()).toBe(true);
  }
  await close();
});

/** A new build's worker, as the browser finds one at a visit: a script at a new address. */
async function newBuildWaits(page: Page, build: string): Promise<void> {
  await page.evaluate((url) => navigator.serviceWorker.register(url), `/sw.js?build=${build}`);
}

/** Marks this document, so that a reload (a new document) is seen. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const reloaded = (page: Page) => page.evaluate(() => !('sameDocument' in window));

test('a new build: the page offers to reload, and a comment being typed is kept until the next page', async () => {
  // A member of their own: the test before logged `member` out.
  const reader = await createAccount(server);
  const { page, errors, close } = await openPage(browser, server, { width: 360, token: reader.token });
  await page.goto(`/community/${postId}`);
  await controlled(page);
  await hydrated(page);
  const notice = page.getByRole('region', { name: '새 버전 안내' });

  await newBuildWaits(page, 'typing');
  await expect.poll(() => notice.getByText('사이트가 새 버전으로 바뀌었습니다').isVisible()).toBe(true);
  const comment = page.getByLabel('댓글 쓰기');
  await comment.fill('아직 올리지 않은 댓글입니다 😀 가나다라마바사아자차카타파하가나다라마바사아자차카타파하');
  await markDocument(page);
  await notice.getByRole('button', { name: '새로고침' }).click();
  await expect.poll(() => notice.getByText('작성 중인 내용은 그대로 둡니다').isVisible()).toBe(true);
  // The new build serves the page now; the typed text is where it was.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('build=typing');
  expect(await reloaded(page)).toBe(false);
  await expect.poll(() => comment.inputValue()).toContain('아직 올리지 않은 댓글입니다 😀');
  // The next page is the new build's.
  await page.getByRole('link', { name: '커뮤니티' }).first().click();
  await expect.poll(() => reloaded(page)).toBe(true);
  await expect.poll(() => page.url()).toMatch(/\/community$/);

  // Nothing typed: 새로고침 reloads at once, and the page no longer says so.
  await controlled(page);
  await hydrated(page);
  await newBuildWaits(page, 'idle');
  await expect.poll(() => notice.isVisible()).toBe(true);
  await markDocument(page);
  await notice.getByRole('button', { name: '새로고침' }).click();
  await expect.poll(() => reloaded(page)).toBe(true);
  await controlled(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('build=idle');
  // The build taken is not offered again. (The page registers /sw.js itself, which to the browser
  // is another build than the test's `?build=` address, so that one may be offered next.)
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting?.scriptURL ?? '')).not.toContain('build=idle');
  expect(errors).toEqual([]);
  await close();
});

test('a visitor is told of a new build as the page opens, before any tap', async () => {
  const { page, errors, close } = await openPage(browser, server, { width: 360 });
  await page.goto(`/community/${postId}`);
  await controlled(page);
  await newBuildWaits(page, 'before-tap');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null)).toBe(true);
  // The next visit: the visitor's page waits for a tap to load the app, and none comes.
  await page.goto(`/community/${postId}`);
  const notice = page.getByRole('region', { name: '새 버전 안내' });
  // The app loads once the page has, and the new worker is found: a few seconds on a busy machine.
  await expect.poll(() => notice.getByText('사이트가 새 버전으로 바뀌었습니다').isVisible(), { timeout: 15_000 }).toBe(true);
  await markDocument(page);
  await notice.getByRole('button', { name: '새로고침' }).click();
  await expect.poll(() => reloaded(page)).toBe(true);
  expect(errors).toEqual([]);
  await close();
});

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Chromium's install offer, as it comes once the site meets the install criteria (a test's
 * incognito browser makes none): its prompt() is recorded. */
function offerInstall(page: Page) {
  return page.addInitScript(() => {
    addEventListener('load', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => Object.assign(window, { installPrompted: true }),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      dispatchEvent(offer);
    });
  });
}

test('a phone is told once, at the end of the page, that the site installs like an app; never a crawler', async () => {
  const android = await openPage(browser, server, { width: 360, userAgent: ANDROID });
  await offerInstall(android.page);
  await android.page.goto(`/community/${postId}`);
  await hydrated(android.page);
  const hint = android.page.getByRole('complementary', { name: '앱 설치 안내' });
  await expect.poll(() => hint.count()).toBe(1);
  // In the page's flow, after what is read: nothing of the page lies under it.
  const [hintTop, articleBottom] = await android.page.evaluate(() => [
    document.querySelector('aside[aria-label="앱 설치 안내"]')?.getBoundingClientRect().top ?? 0,
    document.querySelector('main')?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY,
  ]);
  expect(hintTop).toBeGreaterThanOrEqual(articleBottom);
  await hint.getByRole('button', { name: '홈 화면에 추가' }).click();
  await expect.poll(() => android.page.evaluate(() => 'installPrompted' in window)).toBe(true);
  await expect.poll(() => hint.count()).toBe(0);
  // Once is enough: the next page has none.
  await android.page.goto('/community');
  await hydrated(android.page);
  await android.page.waitForLoadState('networkidle');
  expect(await hint.count()).toBe(0);
  expect(android.errors).toEqual([]);
  await android.close();

  // An iPhone's Safari is told where its own offer is; seen once, it is not told again.
  const iphone = await openPage(browser, server, { width: 360, userAgent: IPHONE });
  await iphone.page.goto('/community');
  await hydrated(iphone.page);
  const told = iphone.page.getByRole('complementary', { name: '앱 설치 안내' });
  await expect.poll(() => told.getByText('홈 화면에 추가').isVisible()).toBe(true);
  await told.scrollIntoViewIfNeeded();
  await expect.poll(() => iphone.page.evaluate(() => localStorage.getItem('install-hint-seen') !== null)).toBe(true);
  await iphone.page.goto(`/community/${postId}`);
  await hydrated(iphone.page);
  await iphone.page.waitForLoadState('networkidle');
  expect(await told.count()).toBe(0);
  await iphone.close();

  // A crawler and a desktop browser: none.
  for (const options of [{ width: 360, userAgent: GOOGLEBOT }, { width: 1280 }] as const) {
    const other = await openPage(browser, server, options);
    await offerInstall(other.page);
    await other.page.goto(`/community/${postId}`);
    await hydrated(other.page);
    await other.page.waitForLoadState('networkidle');
    expect(await other.page.getByRole('complementary', { name: '앱 설치 안내' }).count()).toBe(0);
    await other.close();
  }
});
