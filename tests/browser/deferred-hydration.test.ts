import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiGet,
  awaitsInteraction,
  createAccount,
  fetchPage,
  hydrated,
  openPage,
  openWithSlowScripts as openSlow,
  saveScreenshot,
  setUpServerAndBrowser,
  type Width,
  WIDTHS,
} from '#tests/support/browser.ts';
import { HYDRATED_EVENT } from '#web/lib/deferred-hydration.ts';

// An anonymous visitor's page downloads none of the app's scripts until the visitor interacts
// (src/web/lib/deferred-hydration.ts): the first visit stays small, and a click or text that
// comes before the app is there is not lost. A member's page hydrates at once.

const suite = setUpServerAndBrowser();

const isHydrated = (page: Page) => page.evaluate(() => '__reactRouterDataRouter' in window);

/** Every request the page makes and its body's size as gzip would send it, as
 * bench/sections.bench.ts counts a first visit. */
function recordRequests(page: Page) {
  const sizes: Promise<{ type: string; url: string; gzip: number }>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      (async () => {
        const body = (await (await request.response())?.body().catch(() => undefined)) ?? Buffer.alloc(0);
        return { type: request.resourceType(), url: request.url(), gzip: zlib.gzipSync(body).length };
      })(),
    );
  });
  return () => Promise.all(sizes);
}

const openWithSlowScripts = (path: string, width: Width) => openSlow(suite.browser, suite.server, path, width);

describe('an anonymous visitor', () => {
  test('a first visit to /community at 360 px downloads no script: at most 100 KB as gzip in at most 10 requests', async () => {
    const { page, errors, close } = await openPage(suite.browser, suite.server, { width: 360 });
    const requests = recordRequests(page);
    await page.goto('/community', { waitUntil: 'networkidle' });
    const all = await requests();
    const summary = all.map((r) => `${r.type} ${r.url} ${r.gzip}`).join('\n');
    expect(
      all.filter((r) => r.type === 'script'),
      summary,
    ).toEqual([]);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    expect(all.length, summary).toBeLessThanOrEqual(10);
    expect(all.reduce((n, r) => n + r.gzip, 0) / 1024, summary).toBeLessThanOrEqual(100);
    expect(await isHydrated(page)).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('the first interaction loads the app, which hydrates without a mismatch or a CSP violation (%i px)', async (width) => {
    const { page, errors, close } = await openPage(suite.browser, suite.server, { width });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/community', { waitUntil: 'networkidle' });
    await saveScreenshot(page, 'deferred-before-interaction', { fullPage: false });
    expect(scripts).toEqual([]);
    await page.keyboard.press('Shift');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'deferred-after-interaction', { fullPage: false });
    // The app works: a section link is now a client-side navigation.
    await page.getByRole('navigation', { name: '섹션' }).getByRole('link', { name: '뉴스' }).click();
    await page.getByRole('heading', { level: 1, name: '뉴스' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  test('a stored copy of the page (the page cache) has its own nonce in the loader and hydrates as well', async () => {
    const nonces: string[] = [];
    for (let visit = 0; visit < 2; visit++) {
      const { page, errors, close } = await openPage(suite.browser, suite.server);
      await page.goto('/jobs');
      nonces.push(await page.evaluate(() => document.querySelector<HTMLScriptElement>('body > noscript + script')?.nonce ?? ''));
      await hydrated(page);
      expect(errors).toEqual([]);
      await close();
    }
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).toBeTruthy();
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  test.each(WIDTHS)('a click on 로그인 before the app has loaded opens the login dialog once it has (%i px)', async (width) => {
    const { page, errors, close } = await openWithSlowScripts('/community', width);
    await page.getByRole('banner').getByRole('link', { name: '로그인', exact: true }).click();
    expect(await isHydrated(page)).toBe(false);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole('tab', { selected: true }).innerText()).toBe('로그인');
    // The link was not followed: the dialog is over the page the visitor was on.
    expect(new URL(page.url()).pathname).toBe('/community');
    await saveScreenshot(page, 'deferred-login-replayed', { fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });

  test('a click on 좋아요 (a link to log in) before the app has loaded asks a visitor to log in once it has', async () => {
    const [post] = (await apiGet<{ items: { id: number }[] }>(suite.server, '/api/board?topcategory=5&size=1')).items;
    const { page, errors, close } = await openWithSlowScripts(`/community/${post?.id}`, 360);
    await page
      .getByRole('main')
      .getByRole('link', { name: /^좋아요/ })
      .click();
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole('dialog').waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe(`/community/${post?.id}`);
    expect(errors).toEqual([]);
    await close();
  });

  test('text typed into the header search before the app has loaded is kept, and the search works', async () => {
    const { page, errors, close } = await openWithSlowScripts('/community', 360);
    const search = page.getByRole('banner').getByRole('searchbox', { name: '검색어' });
    await search.click();
    await search.pressSequentially('이사 업체');
    expect(await isHydrated(page)).toBe(false);
    await hydrated(page);
    expect(await search.inputValue()).toBe('이사 업체');
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === '이사 업체');
    expect(errors).toEqual([]);
    await close();
  });

  test('shortcut keys pressed before the app has loaded are replayed once it has: f, c, f opens the FAQ', async () => {
    const { page, errors, close } = await openWithSlowScripts('/community', 1280);
    await page.keyboard.press('f');
    expect(await isHydrated(page)).toBe(false);
    await page.getByText('단축키 모드: 이동할 키를 누르세요').waitFor({ timeout: 10_000 });
    await close();

    // Several keys in a row, all before the app is there.
    const second = await openWithSlowScripts('/community', 1280);
    for (const key of ['f', 'c', 'f']) await second.page.keyboard.press(key);
    expect(await isHydrated(second.page)).toBe(false);
    await second.page.waitForURL((u) => u.pathname === '/customer/faq', { timeout: 10_000 });
    expect([...errors, ...second.errors]).toEqual([]);
    await second.close();
  });

  test('a key pressed while the held keys are replayed waits its turn: f ×20 then h stays on the page', async () => {
    const { page, errors, close } = await openPage(suite.browser, suite.server, { width: 1280, serviceWorkers: 'block' });
    // Every keydown the live app's own listener (on document) sees, in order, and how many keys
    // had been replayed when the person pressed h.
    await page.addInitScript((event) => {
      const w = window as unknown as { seen: string[]; replayedAtH: number; hydratedNow: boolean };
      Object.assign(w, { seen: [], replayedAtH: -1, hydratedNow: false });
      document.addEventListener('keydown', (e) => w.hydratedNow && w.seen.push(e.key));
      addEventListener(
        'keydown',
        (e) => {
          if (e.isTrusted && e.key === 'h') w.replayedAtH = w.seen.length;
        },
        true,
      );
      document.addEventListener(event, () => Object.assign(w, { hydratedNow: true }));
    }, HYDRATED_EVENT);
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/community');
    // Twenty f: shortcut mode on and off ten times, so h after them does nothing.
    for (let i = 0; i < 20; i++) await page.keyboard.press('f');
    expect(await isHydrated(page)).toBe(false);
    await page.waitForFunction(() => (window as unknown as { hydratedNow: boolean }).hydratedNow, undefined, {
      polling: 'raf',
      timeout: 10_000,
    });
    await page.keyboard.press('h');
    await page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.length >= 21, undefined, { timeout: 5000 });
    const { seen, replayedAtH } = await page.evaluate(() => {
      const w = window as unknown as { seen: string[]; replayedAtH: number };
      return { seen: w.seen, replayedAtH: w.replayedAtH };
    });
    // h came while the replay was under way (20 keys 30 ms apart), and was replayed after them.
    expect(replayedAtH).toBeLessThan(20);
    expect(seen).toEqual([...Array<string>(20).fill('f'), 'h']);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/community');
    expect(errors).toEqual([]);
    await close();
  });

  test('a link followed before the app has loaded is an ordinary page load', async () => {
    const { page, errors, close } = await openPage(suite.browser, suite.server, { width: 360 });
    await page.goto('/community');
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    await page.getByRole('navigation', { name: '섹션' }).getByRole('link', { name: '구인구직' }).click();
    await page.waitForURL((u) => u.pathname === '/jobs');
    expect(documents).toEqual(['/jobs']);
    expect(await awaitsInteraction(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  test('when the scripts cannot be downloaded, a held click on 로그인 goes to the login page', async () => {
    const { page, close } = await openPage(suite.browser, suite.server, { width: 360, serviceWorkers: 'block' });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/community');
    await page.getByRole('banner').getByRole('link', { name: '로그인', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await close();
  });

  test('a page opened at a #fragment loads the app at once: /customer/faq#faq-N opens that entry', async () => {
    const { html } = await fetchPage(suite.server, '/customer/faq');
    const id = [...html.matchAll(/<details[^>]* id="faq-(\d+)"/g)].at(-1)?.[1];
    const { page, errors, close } = await openPage(suite.browser, suite.server, { width: 360 });
    await page.goto(`/customer/faq#faq-${id}`);
    await expect.poll(() => page.locator(`#faq-${id}`).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a member', () => {
  test('a signed-in member’s page hydrates at once, without an interaction', async () => {
    const member = await createAccount(suite.server);
    const { page, errors, close } = await openPage(suite.browser, suite.server, { width: 360, token: member.token });
    await page.goto('/community');
    // The stored copy parks the scripts as a visitor's does; its loader starts them at once when
    // the page names a member: the router is there without any interaction.
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);
    expect(errors).toEqual([]);
    await close();
  });
});
