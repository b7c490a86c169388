import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { apiCall, createAccount, type Account, launchBrowser, openPage, startServer, type TestServer } from '#tests/support/browser.ts';

// On the phone like an app (PRODUCT.md): the manifest and the service worker make the site
// installable; pages read recently stay readable offline, a page never read shows the Korean
// offline page, and nothing a member read while signed in is left after logout.

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
