import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runningScriptTags } from '#tests/support/page-scripts.ts';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  fetchPage,
  hydrated,
  launchBrowser,
  openPage,
  startServer,
  type TestServer,
  type Width,
} from '#tests/support/browser.ts';

// How pages reach a visitor. Anonymous pages are served from a copy while nothing they show has
// changed (page-cache.ts): every write shows at once, each answer has a fresh CSP nonce, each new
// visitor's view is counted, a signed-in member never gets the anonymous copy. Pages and built
// assets go out compressed; phones are spared the web font.

let server: TestServer;
let member: Account;
let other: Account;

beforeAll(async () => {
  server = await startServer({ seedDemo: false });
  [member, other] = [await createAccount(server), await createAccount(server)];
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** A new post by `by`: a new account may post 3 times a minute, and the file's tests post 4 times. */
async function post(title: string, by: Account = member): Promise<number> {
  const created = await apiCall<{ id: number }>(server, 'POST', '/api/board', by.token, {
    title,
    content: '<p>본문입니다 😀</p>',
    topcategory: 5,
  });
  expect(created.status).toBe(200);
  return created.body.id;
}

/** The anonymous page, asked for twice so that the second answer comes from the stored copy. */
async function anonymousTwice(path: string): Promise<string> {
  await fetchPage(server, path);
  const again = await fetchPage(server, path);
  expect(again.status).toBe(200);
  return again.html;
}

const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];
const vidOf = (headers: Headers) => /(?:^|,\s*)vid=([^;]+)/.exec(headers.get('set-cookie') ?? '')?.[1];

describe('the anonymous page cache', () => {
  test('a new, edited or deleted post shows on the list at once', async () => {
    const title = `캐시 확인 새 글 ${Date.now()}`;
    expect(await anonymousTwice('/community')).not.toContain(title);
    const id = await post(title);
    expect((await fetchPage(server, '/community')).html).toContain(title);

    const edited = `${title} (수정됨)`;
    expect(
      (await apiCall(server, 'PUT', '/api/board', member.token, { id, title: edited, content: '<p>고침</p>', topcategory: 5 })).status,
    ).toBe(200);
    expect(await anonymousTwice('/community')).toContain(edited);

    expect((await apiCall(server, 'DELETE', '/api/board', member.token, { id })).status).toBe(200);
    expect((await fetchPage(server, '/community')).html).not.toContain(title);
    expect((await fetchPage(server, `/community/${id}`)).status).toBe(404);
  });

  test('likes and comments show on the post and the list at once', async () => {
    const id = await post(`좋아요와 댓글 ${Date.now()}`);
    const before = await anonymousTwice(`/community/${id}`);
    expect(before).toMatch(/data-testid="like-count">0</);
    await anonymousTwice('/community');

    expect((await apiCall(server, 'POST', '/api/like', other.token, { target: 'board', item: id })).status).toBe(200);
    const comment = `방금 단 댓글 ${Date.now()} 👍`;
    expect((await apiCall(server, 'POST', '/api/comment', other.token, { board: id, content: comment })).status).toBe(200);

    const after = (await fetchPage(server, `/community/${id}`)).html;
    expect(after).toMatch(/data-testid="like-count">1</);
    expect(after).toContain(comment);
  });

  test('each answer has its own nonce, in every script of the stored copy too', async () => {
    const first = await fetchPage(server, '/customer/faq');
    const second = await fetchPage(server, '/customer/faq');
    const [a, b] = [nonceOf(first.headers), nonceOf(second.headers)];
    expect(a && b).toBeTruthy();
    expect(b).not.toBe(a);
    const scripts = runningScriptTags(second.html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${b}"`);
    expect(second.html).not.toContain(a as string);
    // Apart from the nonce, the same page.
    expect(second.html.replaceAll(b as string, '')).toBe(first.html.replaceAll(a as string, ''));
  });

  test('every new visitor of a stored post is counted once and gets a visitor cookie', async () => {
    const id = await post(`조회수 확인 ${Date.now()}`);
    const visits = [
      await fetchPage(server, `/community/${id}`),
      await fetchPage(server, `/community/${id}`),
      await fetchPage(server, `/community/${id}`),
    ];
    const vids = visits.map((v) => vidOf(v.headers));
    expect(new Set(vids).size).toBe(3);
    // The same visitor again, from the stored copy: not counted.
    const again = await fetchPage(server, `/community/${id}`, { headers: { cookie: `vid=${vids[0]}` } });
    expect(again.status).toBe(200);
    expect(vidOf(again.headers)).toBeUndefined();
    // Visits are written in batches a moment later.
    await expect
      .poll(async () => (await apiGet<{ item: { count: number } }>(server, `/api/board/${id}`)).item.count, { timeout: 5000 })
      .toBe(
        // The API read above is a fourth new visitor.
        4,
      );
  });

  test('a signed-in member gets the stored copy with their own header, which the visitors’ copy keeps none of', async () => {
    await anonymousTwice('/');
    const mine = await fetchPage(server, '/', { token: member.token });
    expect(mine.headers.get('cache-control')).toMatch(/private|no-store/);
    expect(mine.html).toContain('로그아웃');
    expect((await fetchPage(server, '/')).html).not.toContain('로그아웃');
  });
});

describe('compression and the first visit', () => {
  test('pages go out compressed: stored pages as gzip, pages rendered for a member as they stream', async () => {
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip', 'br']) {
      for (let i = 0; i < 2; i++) {
        const page = await fetchPage(server, '/customer/faq', { headers: { 'accept-encoding': encoding } });
        // The stored copy's gzip is made once; a brotli-only client takes gzip as well (all do).
        expect(page.headers.get('content-encoding'), encoding).toBe('gzip');
        expect(page.html).toContain('</html>');
      }
    }
    for (const encoding of ['br', 'gzip']) {
      const signedIn = await fetchPage(server, '/mypage', { token: member.token, headers: { 'accept-encoding': encoding } });
      expect(signedIn.headers.get('content-encoding')).toBe(encoding);
      expect(signedIn.html).toContain('</html>');
    }
    const plain = await fetchPage(server, '/customer/faq', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.html).toContain('</html>');
  });

  test('built scripts and styles are sent precompressed', async () => {
    const html = (await fetchPage(server, '/')).html;
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets.slice(0, 5)) {
      const res = await fetch(server.url + asset, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      expect(res.status, asset).toBe(200);
      // Tiny files are not worth compressing.
      if (Number(res.headers.get('content-length')) > 1024 || res.headers.get('content-encoding')) {
        expect(res.headers.get('content-encoding'), asset).toBe('br');
      }
    }
  });

  test('a page carries no route table of its own; a client navigation asks the server for its data only', async () => {
    const id = await post(`경로표 확인 ${Date.now()}`, other);
    // The route table comes with the app (a built, cached file), not inside every page.
    expect((await fetchPage(server, '/community')).html).not.toContain('window.__reactRouterManifest =');
    const browser = await launchBrowser();
    try {
      const { page, close } = await openPage(browser, server);
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (!url.pathname.startsWith('/assets/')) asked.push(url.pathname);
      });
      await page.goto('/community');
      await hydrated(page);
      await page.locator(`a[href="/community/${id}"]`).click();
      await page.waitForURL(`**/community/${id}`);
      await page.waitForLoadState('networkidle');
      expect(asked).toContain(`/community/${id}.data`);
      expect(asked.filter((p) => p.startsWith('/__manifest'))).toEqual([]);
      await close();
    } finally {
      await browser.close();
    }
  });

  test.each<[Width, boolean]>([
    [360, false],
    [1280, true],
  ])('at %i px the Korean web font is loaded: %s', async (width, loaded) => {
    const browser = await launchBrowser();
    try {
      const { page, close } = await openPage(browser, server, { width });
      const fonts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'font') fonts.push(r.url());
      });
      await page.goto('/community', { waitUntil: 'networkidle' });
      expect(fonts.length > 0, fonts.join(' ')).toBe(loaded);
      const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(family).toContain('Pretendard');
      await close();
    } finally {
      await browser.close();
    }
  });
});
