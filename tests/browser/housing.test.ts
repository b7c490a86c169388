import type { Page } from 'playwright-core';
import sharp from 'sharp';
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
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// 부동산 against the built app, at 360 and 1280 px: a member writes a home in Korean with
// photos; the list's filters and sorts live in the address; the safety box is on every page; the
// address and contact are for members only, never in the page a visitor is sent; and all of it
// (comments too) works without JavaScript.

const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0' } });
let member: Account;
let reader: Account;

const ADDRESS = '3700 Wilshire Blvd #808';
const TEL = '(213) 555-0188';

beforeAll(async () => {
  [member, reader] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
});

/** Submits the form and answers the saved item's id from the page it lands on. */
async function submit(page: Page): Promise<number> {
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await page.waitForURL(/\/housing\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** How many lines the rent takes on the page (one: it never splits). */
const rentLines = (page: Page) =>
  page
    .locator('main span', { hasText: /\/월$/ })
    .first()
    .evaluate((el) => {
      const rects = Array.from(el.getClientRects());
      return new Set(rects.map((r) => Math.round(r.top))).size;
    });

describe('writing a home', () => {
  test.each(WIDTHS)('a member writes a 렌트 in Korean with photos, and its page shows them (%i px)', async (width) => {
    const { page, errors, close } = await suite.visit('/housing/write', { token: member.token, width, status: 200 });
    await page.getByLabel('종류').selectOption({ label: '룸메이트/쉐어' });
    await page.getByLabel('제목', { exact: true }).fill(`한인타운 방 쉐어 ${width}`);
    await page.getByLabel('지역').selectOption('LA');
    await page.getByLabel('월세 ($)').fill('1234.56');
    // Money is typed as the market's price is: the thousands separated as it is typed.
    await expect.poll(() => page.getByLabel('월세 ($)').inputValue()).toBe('1,234.56');
    await page.getByLabel('보증금 ($)').fill('500');
    await page.getByLabel('입주일 (비우면 즉시)').fill('2027-01-15');
    await page.getByLabel('방 개수').fill('1');
    await page.getByLabel('욕실 수').fill('1.5');
    await page.getByLabel('반려동물 가능').selectOption({ label: '예' });
    await page.getByLabel('성별').selectOption({ label: '여성' });
    await page.getByLabel('주소 (회원에게만 보입니다)').fill(ADDRESS);
    await page.getByLabel('전화번호').fill(TEL);
    await page.getByRole('textbox', { name: '내용', exact: true }).fill('햇빛 잘 드는 방입니다. 직장인 여성분 환영합니다.');
    // Three photos of the home, chosen at once as a phone's picker gives them.
    const photos = await Promise.all(
      ['#2f6fd0', '#d06f2f', '#2fd06f'].map(async (background, i) => ({
        name: `room-${i + 1}.png`,
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background } })
          .png()
          .toBuffer(),
      })),
    );
    await page.locator('input[type=file]').setInputFiles(photos);
    await expect.poll(() => page.getByRole('img', { name: /^사진 \d$/ }).count()).toBe(3);
    const id = await submit(page);
    await hydrated(page);

    const main = page.locator('main');
    await expect.poll(() => main.textContent()).toContain('$1,234.56/월');
    const text = (await main.textContent()) ?? '';
    for (const fact of [
      '룸메이트/쉐어',
      '보증금$500',
      '입주 2027-01-15',
      '욕실1.5개',
      '여성',
      '보지 않은 집에 송금하지 마세요',
      ADDRESS,
      TEL,
    ]) {
      expect(text.replace(/\s+/g, ''), fact).toContain(fact.replace(/\s+/g, ''));
    }
    expect(await rentLines(page)).toBe(1);
    const { item } = await apiGet<{ item: Record<string, unknown> }>(suite.server, `/api/housing/${id}`, reader.token);
    expect(item).toMatchObject({ kind: 2, rent: 1234.56, deposit: 500, bathrooms: 1.5, pets: 1, gender: 2, address: ADDRESS, tel: TEL });
    expect((item.images as string[]).length).toBe(3);
    // The page's gallery holds the three and moves between them.
    const gallery = page.getByRole('region', { name: '사진' });
    for (const n of [1, 2, 3]) {
      await expect.poll(() => gallery.getByRole('img', { name: new RegExp(`사진 ${n}/3$`) }).count()).toBe(1);
    }
    await gallery.getByRole('button', { name: '다음 사진' }).click();
    await expect.poll(() => gallery.getByRole('button', { name: '이전 사진' }).isEnabled()).toBe(true);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `housing-detail-${width}`);

    // Its card on the list: the rent a month on one line, the deposit, the kind, the move-in.
    await page.goto('/housing');
    await hydrated(page);
    const card = page.locator('main li').filter({ has: page.locator(`a[href="/housing/${id}"]`) });
    const cardText = (await card.textContent()) ?? '';
    for (const part of ['$1,234.56/월', '보증금 $500', '룸메이트/쉐어', 'LA', '입주 2027-01-15']) expect(cardText).toContain(part);
    expect(await card.locator('img').count()).toBe(1);
    expect(await rentLines(page)).toBe(1);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `housing-list-${width}`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the list', () => {
  test('its filters and sorts are in the address, and the page lists what the API lists', async () => {
    for (const query of ['kind=2', 'kind=1&sort=rent', 'maxrent=1500&sort=-rent', 'gender=2', 'pets=1&bedrooms=1']) {
      // The page's 최신순 is the listing order (sort=fresh).
      const apiQuery = query.includes('sort=') ? query : `${query}&sort=fresh`;
      const api = (await apiGet<{ items: { id: number }[] }>(suite.server, `/api/housing?${apiQuery}`)).items.map((i) => i.id);
      const { page, close } = await suite.visit(`/housing?${query}`, { status: 200 });
      const shown = await page
        .locator('main a[href^="/housing/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => Number(a.getAttribute('href')?.split('/')[2])).filter((n) => n > 0))]);
      expect(shown, query).toEqual(api.slice(0, shown.length));
      expect(shown.length, query).toBe(Math.min(api.length, 20));
      await close();
    }
  });

  test('on a phone the filters fold behind 필터 and the first home is on the first screen', async () => {
    const { page, close } = await suite.visit('/housing', { width: 360, status: 200 });
    await expect.poll(() => page.getByText('필터', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByLabel('최저 월세($)').isVisible()).toBe(false);
    const first = page.locator('main a[href^="/housing/"]').first();
    const box = await first.boundingBox();
    expect(box && box.y < 800).toBe(true);
    await close();
  });
});

describe('members-only contact', () => {
  test('a visitor sees 로그인하고 연락처 보기, and the page sent to them holds no address, phone or e-mail', async () => {
    const created = await apiCall<{ id: number }>(suite.server, 'POST', '/api/housing', member.token, {
      title: '연락처 시험 렌트',
      kind: 1,
      rent: 2000,
      address: ADDRESS,
      tel: TEL,
      email: 'owner-contact@example.com',
    });
    expect(created.status).toBe(200);
    const path = `/housing/${created.body.id}`;
    // A member first, then a visitor: the stored copy never carries the member's page.
    const mine = await fetchPage(suite.server, path, { token: reader.token });
    expect(mine.html).toContain(ADDRESS);
    expect(mine.html).toContain('owner-contact@example.com');
    for (let i = 0; i < 2; i++) {
      const visitor = await fetchPage(suite.server, path);
      expect(visitor.status).toBe(200);
      expect(visitor.html).toContain('로그인하고 연락처 보기');
      expect(visitor.html).toContain('보지 않은 집에 송금하지 마세요');
      expect(visitor.html).not.toContain('Wilshire');
      expect(visitor.html).not.toContain('555-0188');
      expect(visitor.html).not.toContain('owner-contact@example.com');
    }
    const { page, close } = await suite.visit(path, { width: 360, status: 200 });
    await page.getByRole('link', { name: '로그인하고 연락처 보기' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await close();
  });
});

describe('without JavaScript', () => {
  const COMMENT = '주차공간은따로있나요문의드립니다 🚗 parking?';

  test('a member writes a home and comments on it, and a visitor filters the list and reads both', async () => {
    const { page, close } = await openPage(suite.browser, suite.server, { token: member.token, javaScriptEnabled: false });
    expect((await page.goto('/housing/write'))?.status()).toBe(200);
    await page.getByLabel('종류').selectOption({ label: '하숙' });
    await page.getByLabel('제목', { exact: true }).fill('자바스크립트 없이 쓴 하숙');
    await page.getByLabel('월세 ($)').fill('1100.5');
    await page.getByLabel('보증금 ($)').fill('2,200');
    await page.getByLabel('욕실 수').fill('0.5');
    await page.getByLabel('주소 (회원에게만 보입니다)').fill(ADDRESS);
    await page.getByRole('textbox', { name: '내용', exact: true }).fill('아침 저녁 드립니다.');
    const id = await submit(page);
    expect(await page.locator('main').textContent()).toContain('$1,100.50/월');
    // A comment on it posts to the page and shows there, at its place.
    await page.getByLabel('댓글 쓰기').fill(COMMENT);
    await page.getByRole('button', { name: '댓글 등록' }).click();
    await page.getByRole('article').filter({ hasText: COMMENT }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/housing/${id}`);
    expect(new URL(page.url()).hash).toMatch(/^#comment-\d+$/);
    await close();
    const { item } = await apiGet<{ item: Record<string, unknown> }>(suite.server, `/api/housing/${id}`, reader.token);
    expect(item).toMatchObject({ kind: 3, rent: 1100.5, deposit: 2200, bathrooms: 0.5, address: ADDRESS });

    const visitor = await openPage(suite.browser, suite.server, { javaScriptEnabled: false });
    expect((await visitor.page.goto('/housing'))?.status()).toBe(200);
    await visitor.page.getByLabel('종류').selectOption({ label: '하숙' });
    await visitor.page.getByRole('search', { name: '목록 검색' }).getByRole('button', { name: '검색', exact: true }).click();
    await visitor.page.waitForURL(/kind=3/);
    expect(await visitor.page.locator(`main a[href="/housing/${id}"]`).count()).toBeGreaterThan(0);
    await visitor.page.goto(`/housing/${id}`);
    const text = (await visitor.page.locator('main').textContent()) ?? '';
    expect(text).toContain('로그인하고 연락처 보기');
    expect(text).not.toContain('Wilshire');
    expect(text).toContain(COMMENT);
    await visitor.close();
  });
});
