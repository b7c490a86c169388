import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  hydrated,
  openPage,
  type PageOptions,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// The section lists and post pages against the built app with demo content: what each list
// shows, filters in the URL, pages, keyword search, a post with its photos and comments, likes,
// comments and replies by a member, the English version, real 404s, and how it all looks.

const suite = setUpServerAndBrowser();
let member: Account;

interface Listed {
  id: number;
  title: string;
  name?: string;
  etitle?: string;
  images?: string[];
  comment?: number;
  topcategory?: number;
}
const list = async (query: string) => (await apiGet<{ items: Listed[]; total: number }>(suite.server, query)).items;

beforeAll(async () => {
  member = await createAccount(suite.server, 1);
});

/** Opens a page, which must answer 200, and answers it once hydrated with the console errors seen. */
const visit = (path: string, options: PageOptions = {}) => suite.visit(path, { ...options, status: 200 });

const LISTS = ['/news', '/life', '/jobs', '/market', '/business', '/community', '/organizations', '/customer/faq'];

describe('the index page', () => {
  test('its panels show dates, the market’s prices and thumbnails, and the schedule in date order', async () => {
    const { page, errors, close } = await visit('/');
    const panel = (name: string) => page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name }) });
    expect(await panel('뉴스').locator('li').first().textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
    const market = panel('벼룩시장');
    expect(await market.locator('li').first().textContent()).toMatch(/\$[\d,]+(\.\d{2})?|무료나눔/);
    const sources = await market.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/-t\.webp$/);
    const starts = (await panel('다가오는 일정').locator('li').allTextContents())
      .map((text) => /\d{4}-\d{2}-\d{2}/.exec(text)?.[0])
      .filter((d): d is string => d !== undefined);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts).toEqual(starts.toSorted());
    expect(errors).toEqual([]);
    await close();
  });
});

describe('lists', () => {
  for (const width of WIDTHS) {
    test(`every list shows its demo items at ${width} px`, async () => {
      for (const path of LISTS) {
        const { page, errors, close } = await visit(path, { width });
        // Entries, not the filters' own fold (a details element without an id).
        const items = page.locator('main ul > li, main details[id]');
        expect(await items.count(), path).toBeGreaterThan(0);
        await expect(page.getByText(/총 \d+건/).textContent()).resolves.toMatch(/총 \d+건/);
        // Nothing wider than the screen on a phone.
        await expectNoHorizontalScroll(page, path);
        await saveScreenshot(page, `sections${path.replaceAll('/', '-')}`);
        expect(errors, path).toEqual([]);
        await close();
      }
    });
  }

  test('market filters live in the URL: 무료나눔 only, 거래완료 only, price order', async () => {
    const free = await fetchPage(suite.server, '/market?free=2');
    expect(free.status).toBe(200);
    const { page, close } = await visit('/market?free=2');
    const cards = page.locator('main ul > li');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allTextContents()) expect(text).toContain('무료나눔');
    await page.goto('/market?marketstatus=2');
    for (const text of await cards.allTextContents()) expect(text).toContain('거래완료');
    await page.goto('/market?sort=price&free=1');
    const prices = (await cards.allTextContents()).map((t) => Number(/\$([\d,.]+)/.exec(t)?.[1]?.replaceAll(',', '')));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.some((p) => p >= 1000)).toBe(true);
    expect(await page.getByText(/\$\d{1,3}(,\d{3})+/).count()).toBeGreaterThan(0);
    await close();
  });

  test('market cards show the seller’s nickname and load thumbnails, not the full photos', async () => {
    const [first] = await list('/api/board?topcategory=4&size=1&sort=fresh');
    const { page, close } = await visit('/market');
    const card = page.locator('main ul > li').first();
    expect(await card.textContent()).toContain(first?.name);
    const sources = await page.locator('main ul > li img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/^\/api\/webdata\/[0-9a-f]{32}-t\.webp$/);
    await close();
  });

  test('changing a filter updates the URL and the back button returns', async () => {
    const { page, close } = await visit('/market');
    const before = await page.locator('main ul > li').count();
    await page.getByLabel('판매/나눔').selectOption('2');
    // Only the filled-in control goes into the address.
    await expect.poll(() => new URL(page.url()).search).toBe('?free=2');
    await expect.poll(() => page.locator('main ul > li').first().textContent()).toContain('무료나눔');
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.locator('main ul > li').count()).toBe(before);
    await close();
  });

  test('filters work without JavaScript', async () => {
    const t = await openPage(suite.browser, suite.server, { javaScriptEnabled: false });
    await t.page.goto('/life');
    await t.page.getByLabel('분류').selectOption('건강');
    await t.page.getByRole('button', { name: '검색', exact: true }).last().click();
    await t.page.waitForURL(/category=%EA%B1%B4%EA%B0%95/);
    const rows = t.page.locator('main ul > li').filter({ has: t.page.locator('a[href^="/life/"]') });
    for (const text of await rows.allTextContents()) expect(text).toContain('[건강]');
    await t.close();
  });

  test('jobs show D-day; expired postings only when asked, as 마감', async () => {
    const { page, close } = await visit('/jobs');
    const rows = await page.locator('main ul > li').allTextContents();
    expect(rows.some((r) => /D-(\d+|day)|상시 모집/.test(r))).toBe(true);
    expect(rows.every((r) => !r.includes('마감'))).toBe(true);
    await page.goto('/jobs?expired=1');
    expect(await page.getByLabel('마감된 공고 포함').isChecked()).toBe(true);
    const all = await page.locator('main ul > li').allTextContents();
    expect(all.length).toBeGreaterThan(rows.length);
    expect(all.some((r) => r.includes('마감'))).toBe(true);
    await page.goto('/jobs?type=2');
    const seeking = page.locator('main ul > li').filter({ has: page.locator('a[href^="/jobs/"]') });
    for (const r of await seeking.allTextContents()) expect(r).toContain('구직');
    await close();
  });

  test('business: premium first, badges, open now, thumbnails', async () => {
    const { page, close } = await visit('/business');
    await expect(page.locator('main ul > li').first().textContent()).resolves.toContain('프리미엄');
    const img = page.locator('main ul > li img').first();
    expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await img.getAttribute('width')).toBe('96');
    expect(await img.getAttribute('src')).toMatch(/^\/api\/webdata\//);
    await page.goto('/business?open=1');
    // The listings only: with more than a page open (mid-day), the page numbers are list items too.
    const open = await page
      .locator('main ul > li')
      .filter({ has: page.locator('a[href^="/business/"]') })
      .allTextContents();
    // Open now: every listing shown is 영업중 (the demo has late-night places, so rarely none).
    for (const text of open) expect(text).toContain('영업중');
    if (open.length === 0) await expect(page.getByText('조건에 맞는 업소가 없습니다').isVisible()).resolves.toBe(true);
    await close();
  });

  test('numbered pages: links, aria-current, page 2 has other posts', async () => {
    const { page, close } = await visit('/community');
    const nav = page.getByRole('navigation', { name: '페이지' });
    // The number a person sees, named in full for a screen reader.
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('1페이지');
    const first = await page.locator('main ul > li a').first().textContent();
    await nav.getByRole('link', { name: /^2\s?페이지$/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
    await expect.poll(() => nav.locator('[aria-current="page"]').textContent()).toBe('2페이지');
    const second = page.locator('main ul > li a').first();
    expect(await second.textContent()).not.toBe(first);
    // On to a post by a client navigation.
    // A row's link is its title.
    const title = (await second.textContent()) ?? '';
    await second.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await close();
  });

  test('keyword search within the section', async () => {
    const [post] = await list('/api/board?topcategory=2&size=1');
    const word = post?.title.split(' ')[0] ?? '';
    const { page, close } = await visit('/life');
    await page.getByLabel('이 게시판에서 검색').fill(word);
    await page.getByLabel('이 게시판에서 검색').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(word);
    await expect.poll(() => page.locator('main ul > li').first().textContent()).toContain(word);
    await page.goto('/life?keyword=%EC%97%86%EB%8A%94%EB%A7%90zzqx');
    expect(await page.getByText('조건에 맞는 글이 없습니다').isVisible()).toBe(true);
    await close();
  });

  test('FAQ answers open in place', async () => {
    const { page, close } = await visit('/customer/faq');
    // The FAQ's entries; the list's filters fold into a details element of their own on a phone.
    const item = page.locator('main details[id^="faq-"]').first();
    expect(await item.getAttribute('open')).toBeNull();
    await item.locator('summary').click();
    expect(await item.getAttribute('open')).not.toBeNull();
    await close();
  });
});

describe('post pages', () => {
  test('missing, hidden-like and other sections’ ids are 404', async () => {
    const [news] = await list('/api/board?topcategory=1&size=1');
    expect((await fetchPage(suite.server, '/news/999999')).status).toBe(404);
    expect((await fetchPage(suite.server, `/market/${news?.id}`)).status).toBe(404);
    expect((await fetchPage(suite.server, '/jobs/999999')).status).toBe(404);
    const ok = await fetchPage(suite.server, `/news/${news?.id}`);
    expect(ok.status).toBe(200);
    expect(ok.html).toContain('rel="canonical"');
    expect(ok.html).toContain('property="og:title"');
    expect(ok.html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    // The section's feed is advertised on its list and its posts; a section without item pages
    // (the FAQ opens in place) has none.
    const feed = /<link rel="alternate" type="application\/rss\+xml" title="[^"]+ 뉴스" href="\/news\/rss.xml"/;
    expect(ok.html).toMatch(feed);
    expect((await fetchPage(suite.server, '/news')).html).toMatch(feed);
    expect((await fetchPage(suite.server, '/jobs')).html).toContain('href="/jobs/rss.xml"');
    expect((await fetchPage(suite.server, '/customer/faq')).html).not.toContain('application/rss+xml');
  });

  test('a market post shows content, a photo gallery, comments and an og:image', async () => {
    const posts = await list('/api/board?topcategory=4&size=50');
    const post = posts.find((p) => (p.images?.length ?? 0) > 1 && (p.comment ?? 0) > 0) ?? posts.find((p) => (p.images?.length ?? 0) > 1);
    if (!post) throw new Error('no market post with photos');
    const html = (await fetchPage(suite.server, `/market/${post.id}`)).html;
    expect(html).toContain('property="og:image"');
    const { page, errors, close } = await visit(`/market/${post.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(post.title);
    const photos = page.locator('main img');
    expect(await photos.count()).toBe(post.images?.length);
    await page.getByRole('button', { name: '다음 사진' }).click();
    await expect.poll(() => page.getByText(`2 / ${post.images?.length}`).isVisible()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('heading', { name: /댓글/ }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  test('a visitor’s like opens the login dialog', async () => {
    const [post] = await list('/api/board?topcategory=5&size=1');
    const { page, close } = await visit(`/community/${post?.id}`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /^좋아요/ })
      .click();
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await close();
  });

  test('a member likes (exact count), comments, replies and deletes with the confirm dialog', async () => {
    const [post] = await list('/api/board?topcategory=5&size=1&sort=id');
    const path = `/community/${post?.id}`;
    const { page, errors, close } = await visit(path, { token: member.token });
    const count = page.getByTestId('like-count');
    const before = Number(await count.textContent());
    await page.getByRole('button', { name: /좋아요/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Number(await count.textContent())).toBe(before + 1);
    const stored = await apiGet<{ item: { like: number } }>(suite.server, `/api/board/${post?.id}`);
    expect(stored.item.like).toBe(before + 1);

    const comment = `브라우저 댓글 ${Date.now()}`;
    await page.getByLabel('댓글 쓰기').fill(comment);
    await page.getByRole('button', { name: '댓글 등록' }).click();
    const mine = page.getByRole('article', { name: '댓글' }).filter({ hasText: comment });
    await mine.waitFor();
    await mine.getByRole('button', { name: '답글' }).click();
    await page.getByLabel('답글 쓰기').fill('브라우저 답글');
    await page.getByRole('button', { name: '답글 등록' }).click();
    await page.getByRole('article', { name: '답글' }).filter({ hasText: '브라우저 답글' }).waitFor();
    await saveScreenshot(page, 'sections-community-id-member');

    // Deleting the comment that has a reply leaves the placeholder.
    await mine.getByRole('button', { name: '삭제' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('댓글을 삭제할까요?');
    await dialog.getByRole('button', { name: '확인' }).click();
    await page.getByText('삭제된 댓글입니다').waitFor();
    expect(await page.getByText(comment).count()).toBe(0);
    // The reply goes too; with it the placeholder.
    await page.getByRole('article', { name: '답글' }).filter({ hasText: '브라우저 답글' }).getByRole('button', { name: '삭제' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await expect.poll(() => page.getByText('삭제된 댓글입니다').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  test('the author edits and deletes a post of their own', async () => {
    const { id } = (
      await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', member.token, {
        topcategory: 5,
        category: '자유게시판',
        title: '지울 글',
        content: '<p>곧 지웁니다</p>',
      })
    ).body;
    const { page, close } = await visit(`/community/${id}`, { token: member.token });
    expect(await page.getByRole('link', { name: '수정' }).getAttribute('href')).toBe(`/community/write?id=${id}`);
    await page.getByRole('button', { name: '삭제', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await page.waitForURL((url) => url.pathname === '/community');
    expect((await fetchPage(suite.server, `/community/${id}`)).status).toBe(404);
    await close();
  });

  test('a news post with an English version switches language', async () => {
    const posts = await list('/api/board?topcategory=1&size=100');
    const post = posts.find((p) => p.etitle);
    if (!post?.etitle) throw new Error('no English news in the demo');
    const { page, close } = await visit(`/news/${post.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe(post.title);
    await page.getByRole('button', { name: 'English' }).click();
    expect(await heading.textContent()).toBe(post.etitle);
    await page.getByRole('button', { name: '한국어' }).click();
    expect(await heading.textContent()).toBe(post.title);
    await close();
  });

  test('jobs and business pages show their facts', async () => {
    const [job] = await list('/api/jobs?type=1&size=1');
    const jobs = await visit(`/jobs/${job?.id}`);
    for (const label of ['회사', '고용형태', '지역', '마감일', '전화'])
      expect(await jobs.page.getByText(label, { exact: true }).count()).toBe(1);
    await jobs.close();
    const [biz] = await list('/api/business?size=1');
    const business = await visit(`/business/${biz?.id}`);
    expect(await business.page.getByRole('link', { name: /전화하기/ }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    for (const label of ['평일', '주말', '브레이크']) expect(await business.page.getByRole('rowheader', { name: label }).count()).toBe(1);
    await business.close();
  });

  test('a visitor’s views count once a day, crawlers’ not at all', async () => {
    const [post] = await list('/api/board?topcategory=2&size=1');
    // Read as a crawler, which is not counted, once the queued visits are written (200 ms).
    const stored = async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      const res = await fetch(`${suite.server.url}/api/board/${post?.id}`, { headers: { 'user-agent': 'Googlebot/2.1' } });
      return ((await res.json()) as { item: { count: number } }).item.count;
    };
    const before = await stored();
    const t = await openPage(suite.browser, suite.server);
    await t.page.goto(`/life/${post?.id}`);
    // Shown once, in the facts under the title.
    const views = t.page.getByText(/^조회 [\d,]+$/);
    expect(await views.count()).toBe(1);
    expect(await views.textContent()).toBe(`조회 ${(before + 1).toLocaleString('en-US')}`);
    await stored();
    await t.page.reload();
    expect(await stored()).toBe(before + 1);
    await fetchPage(suite.server, `/life/${post?.id}`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(await stored()).toBe(before + 1);
    await t.close();
  });

  for (const width of WIDTHS) {
    test(`post pages at ${width} px`, async () => {
      const ids = {
        news: (await list('/api/board?topcategory=1&size=1'))[0]?.id,
        life: (await list('/api/board?topcategory=2&size=1'))[0]?.id,
        market: (await list('/api/board?topcategory=4&size=1'))[0]?.id,
        community: (await list('/api/board?topcategory=5&size=1'))[0]?.id,
        jobs: (await list('/api/jobs?size=1'))[0]?.id,
        business: (await list('/api/business?size=1'))[0]?.id,
      };
      for (const [section, id] of Object.entries(ids)) {
        const { page, errors, close } = await visit(`/${section}/${id}`, { width });
        await expectNoHorizontalScroll(page, section);
        await saveScreenshot(page, `sections-${section}-id`);
        expect(errors, section).toEqual([]);
        await close();
      }
    });
  }
});

describe('FAQ anchors', () => {
  /** The FAQ entries' ids on the server-rendered first page, in page order. */
  async function faqIds(): Promise<number[]> {
    const { html } = await fetchPage(suite.server, '/customer/faq');
    return [...html.matchAll(/<details[^>]* id="faq-(\d+)"/g)].map((m) => Number(m[1]));
  }

  /** The entry is open, inside the viewport, and its question has focus. */
  async function expectOpenedInView(page: Page, id: number, height = 800): Promise<void> {
    const entry = page.locator(`#faq-${id}`);
    await expect.poll(() => entry.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    const question = await entry.locator('summary').boundingBox();
    expect(question?.y).toBeGreaterThanOrEqual(0);
    expect((question?.y ?? height) + (question?.height ?? 0)).toBeLessThanOrEqual(height);
    expect(await page.evaluate(() => document.activeElement?.closest('details')?.id)).toBe(`faq-${id}`);
    // Only the linked entry: the others stay closed.
    expect(await page.locator('main details[open]').count()).toBe(1);
  }

  test('every FAQ entry on the server-rendered list has its anchor id', async () => {
    const ids = await faqIds();
    const listed = await list('/api/board?topcategory=8&size=20');
    expect(ids.length).toBeGreaterThan(3);
    expect(new Set(ids)).toEqual(new Set(listed.map((i) => i.id)));
  });

  for (const width of WIDTHS) {
    test(`/customer/faq#faq-N opens that entry and scrolls it into view at ${width} px`, async () => {
      const last = (await faqIds()).at(-1) as number;
      const { page, errors, close } = await visit(`/customer/faq#faq-${last}`, { width });
      await expectOpenedInView(page, last);
      await saveScreenshot(page, 'sections-faq-anchor', { fullPage: false });
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('a search result for an FAQ answer opens it on the FAQ page', async () => {
    const ids = await faqIds();
    const target = ids.at(-2) as number;
    const { item } = await apiGet<{ item: { title: string } }>(suite.server, `/api/board/${target}`);
    const { page, errors, close } = await visit(`/search?q=${encodeURIComponent(item.title)}`);
    await page.locator(`main a[href="/customer/faq?entry=${target}#faq-${target}"]`).first().click();
    await page.waitForURL((u) => u.pathname === '/customer/faq' && u.hash === `#faq-${target}`);
    await expectOpenedInView(page, target);
    expect(errors).toEqual([]);
    await close();
  });

  test('a link to an entry past the list’s first page opens the page that has it', async () => {
    const staff = await createAccount(suite.server, 2);
    // More entries than a page, so that the oldest is on a later one.
    const { total } = await apiGet<{ total: number }>(suite.server, '/api/board/count?topcategory=8');
    for (let i = total; i <= 20; i++) {
      const res = await apiCall(suite.server, 'POST', '/api/board', staff.token, {
        topcategory: 8,
        category: '기타',
        title: `추가 질문 ${i}`,
        content: '<p>추가 답변</p>',
      });
      expect(res.status).toBe(200);
    }
    const oldest = (await list('/api/board?topcategory=8&size=100')).at(-1)?.id as number;
    expect((await fetchPage(suite.server, '/customer/faq')).html).not.toContain(`id="faq-${oldest}"`);
    expect((await fetchPage(suite.server, `/customer/faq?entry=${oldest}`)).html).toContain(`id="faq-${oldest}"`);
    const { page, errors, close } = await visit(`/customer/faq?entry=${oldest}#faq-${oldest}`);
    await expectOpenedInView(page, oldest);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the editor’s link dialog', () => {
  const editor = (page: Page) => page.getByRole('textbox', { name: '내용', exact: true });
  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

  for (const width of WIDTHS) {
    test(`a link is added through the dialog; other schemes are refused; Escape cancels at ${width} px`, async () => {
      const { page, errors, close } = await visit('/community/write', { token: member.token, width });
      await page.getByLabel('분류').selectOption('자유게시판');
      await page.getByLabel('제목', { exact: true }).fill(`링크 시험 ${width}`);
      await editor(page).click();
      await page.keyboard.type('안내 페이지');
      await page.keyboard.press('ControlOrMeta+A');
      const editorId = await focusedId(page);

      await page.getByRole('button', { name: '링크' }).click();
      const dialog = page.getByRole('dialog', { name: '링크 넣기' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('선택한 글자에 링크를 겁니다.');
      await expect.poll(() => focusedId(page)).toBe('link-dialog-href');
      await dialog.getByLabel('링크 주소').fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: '확인' }).click();
      expect(await dialog.getByRole('alert').textContent()).toBe('http://, https:// 또는 mailto:로 시작하는 주소만 넣을 수 있습니다');
      expect(await dialog.getByLabel('링크 주소').getAttribute('aria-invalid')).toBe('true');
      const box = await dialog.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.width ?? 0) <= width).toBe(true);
      await saveScreenshot(page, 'sections-link-dialog', { fullPage: false });

      // Enter confirms; the selected words become the link and focus is back in the editor.
      await dialog.getByLabel('링크 주소').fill('https://example.com/guide');
      await dialog.getByLabel('링크 주소').press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedId(page)).toBe(editorId);
      expect(await editor(page).innerHTML()).toContain('<a href="https://example.com/guide">안내 페이지</a>');

      // Escape cancels: nothing is linked, focus returns to the editor.
      await page.keyboard.press('End');
      await page.keyboard.type(' 메일: ');
      await page.getByRole('button', { name: '링크' }).click();
      await dialog.getByLabel('링크 주소').fill('mailto:help@example.com');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedId(page)).toBe(editorId);
      expect(await editor(page).innerHTML()).not.toContain('mailto:');

      // With nothing selected, the address itself goes in as the link; 취소 is not needed.
      await page.getByRole('button', { name: '링크' }).click();
      expect(await dialog.textContent()).toContain('입력한 주소가 본문에 링크로 들어갑니다.');
      await dialog.getByLabel('링크 주소').fill('mailto:help@example.com');
      await dialog.getByRole('button', { name: '확인' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await editor(page).innerHTML()).toContain('<a href="mailto:help@example.com">mailto:help@example.com</a>');

      await page.getByRole('button', { name: '등록', exact: true }).click();
      await page.waitForURL(/\/community\/\d+$/);
      await hydrated(page);
      expect(await page.locator('main a[href="https://example.com/guide"]').textContent()).toBe('안내 페이지');
      expect(await page.locator('main a[href="mailto:help@example.com"]').count()).toBe(1);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
