import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  hydrated,
  saveScreenshot,
  setUpServerAndBrowser,
  type Width,
  WIDTHS,
} from '#tests/support/browser.ts';

// The write pages against the built app: a member's post with formatting and a photo, its edit,
// market prices, staff-only news with an English version, a validation error that keeps what was
// typed, the question before leaving unsaved work, and how the forms look on a phone and a desk.

// One new member writes a dozen items within a minute here: write limits are another file's
// subject (tests/api/write-limits.test.ts, tests/browser/detail-nojs.test.ts).
const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0' } });
let member: Account;
let staff: Account;

beforeAll(async () => {
  [member, staff] = await Promise.all([createAccount(suite.server, 1), createAccount(suite.server, 2)]);
});

const visit = (path: string, token: string, width: Width = 1280) => suite.visit(path, { token, width, status: 200 });

/** Submits the form and answers the saved item's id from the detail page it lands on. */
async function submit(page: Page, button: string, section: string): Promise<number> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(new RegExp(`/${section}/\\d+$`));
  await hydrated(page);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

const titleField = (page: Page) => page.getByLabel('제목', { exact: true });
const editor = (page: Page) => page.getByRole('textbox', { name: '내용', exact: true });

describe('write pages', () => {
  test('a member posts to the community with bold text and a photo, then edits it', async () => {
    const { page, errors, close } = await visit('/community/write', member.token);
    await page.getByLabel('분류').selectOption('자유게시판');
    await titleField(page).fill('글쓰기 화면 시험 글');
    await editor(page).click();
    await page.keyboard.type('보통 글씨 ');
    await page.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.type('굵은 글씨');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6fd0' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByRole('img', { name: '사진 1' }).count()).toBe(1);
    await saveScreenshot(page, 'write-community');

    const id = await submit(page, '등록', 'community');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('글쓰기 화면 시험 글');
    expect(await page.locator('main :is(b, strong)', { hasText: '굵은 글씨' }).count()).toBe(1);
    const { item } = await apiGet<{ item: { images: string[]; image: string; category: string } }>(suite.server, `/api/board/${id}`);
    expect(item.images).toHaveLength(1);
    expect(item.image).toBe(item.images[0]);
    expect(item.category).toBe('자유게시판');
    expect(await page.locator(`main img[src="${item.images[0]}"]`).count()).toBeGreaterThan(0);

    await page.goto(`/community/write?id=${id}`);
    await hydrated(page);
    expect(await titleField(page).inputValue()).toBe('글쓰기 화면 시험 글');
    expect(await editor(page).innerHTML()).toMatch(/<(b|strong)>굵은 글씨/);
    await titleField(page).fill('고친 시험 글');
    expect(await submit(page, '수정 완료', 'community')).toBe(id);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('고친 시험 글');
    expect(errors).toEqual([]);
    await close();
  });

  test('a market price takes dollars and cents: typed with separators, stored exactly, shown as $1,234.50', async () => {
    const { page, errors, close } = await visit('/market/write', member.token);
    await titleField(page).fill('원목 식탁 팝니다');
    await page.getByLabel('분류').selectOption('가구');
    await page.getByLabel('지역').selectOption('토런스');
    const price = page.getByLabel('가격 ($)');
    await price.pressSequentially('12345');
    expect(await price.inputValue()).toBe('12,345');
    // Typing 1234.5 once stored 12345: the point and the cents are kept, a third decimal is not.
    await price.fill('');
    await price.pressSequentially('1234.567');
    expect(await price.inputValue()).toBe('1,234.56');
    await price.press('Backspace');
    expect(await price.inputValue()).toBe('1,234.5');
    await editor(page).fill('거의 새것입니다.');
    const id = await submit(page, '등록', 'market');
    await expect.poll(() => page.locator('main').textContent()).toContain('$1,234.50');
    const { item } = await apiGet<{ item: { price: number; free: number; location: string } }>(suite.server, `/api/board/${id}`);
    expect(item).toMatchObject({ price: 1234.5, free: 1, location: '토런스' });
    await page.goto(`/market/write?id=${id}`);
    await hydrated(page);
    expect(await price.inputValue()).toBe('1,234.50');
    expect(errors).toEqual([]);
    await close();
  });

  test('a market price that is not a number, below zero or missing is refused at the field, keeping what was typed (issue #32)', async () => {
    const { page, errors, close } = await visit('/market/write', member.token);
    await titleField(page).fill('책장 팝니다');
    await page.getByLabel('분류').selectOption('가구');
    await editor(page).fill('튼튼합니다.');
    const price = page.getByLabel('가격 ($)');
    const refusals: [typed: string, problem: string][] = [
      ['abc', '숫자를 입력하세요'],
      ['-5', '0 이상이어야 합니다'],
      ['', '가격을 입력하세요. 무료로 드린다면 무료나눔을 고르세요'],
    ];
    for (const [typed, problem] of refusals) {
      await price.fill(typed);
      await page.getByRole('button', { name: '등록', exact: true }).click();
      await expect.poll(() => page.locator('#write-price-error').textContent(), { message: typed }).toBe(problem);
      expect(await price.getAttribute('aria-invalid')).toBe('true');
      expect(await price.inputValue()).toBe(typed);
      expect(new URL(page.url()).pathname).toBe('/market/write');
    }
    await price.fill('80');
    const id = await submit(page, '등록', 'market');
    const { item } = await apiGet<{ item: { price: number; free: number } }>(suite.server, `/api/board/${id}`);
    expect(item).toMatchObject({ price: 80, free: 1 });
    expect(errors).toEqual([]);
    await close();

    // Without JavaScript the page's action refuses it alike and shows the form again as typed.
    const body = new URLSearchParams({ title: '책장 팝니다', category: '가구', content: '튼튼합니다.', price: 'abc', marketstatus: '1' });
    const sent = await fetchPage(suite.server, '/market/write', { token: member.token, method: 'POST', body });
    expect(sent.status).toBe(400);
    expect(sent.html).toContain('숫자를 입력하세요');
    expect(sent.html).toMatch(/<input[^>]*name="price"[^>]*value="abc"|<input[^>]*value="abc"[^>]*name="price"/);
  });

  test('글쓰기 is offered only to those who may post; a 403 reached by address says why in Korean, under the header', async () => {
    // Each section names its write link with its own word (한인단체: 단체 등록).
    const writeLink = (page: Page) => page.getByRole('main').getByRole('link', { name: /^(글쓰기|단체 등록)$/ });
    const cases: [path: string, token: string | undefined, offered: boolean][] = [
      ['/community', undefined, true],
      ['/community', member.token, true],
      ['/news', undefined, false],
      ['/news', member.token, false],
      ['/news', staff.token, true],
      ['/customer/faq', member.token, false],
      ['/customer/faq', staff.token, true],
      ['/organizations', member.token, false],
      ['/organizations', staff.token, true],
    ];
    for (const [path, token, offered] of cases) {
      const { page, close } = await suite.visit(path, { token, width: 360, status: 200 });
      expect(await writeLink(page).count(), `${path} as ${token === staff.token ? 'staff' : token ? 'member' : 'visitor'}`).toBe(
        offered ? 1 : 0,
      );
      await close();
    }
    const refused = await fetchPage(suite.server, '/organizations/write', { token: member.token });
    expect(refused.status).toBe(403);
    const { page, close } = await suite.visit('/news/write', { token: member.token, width: 360, status: 403 });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('권한이 없습니다');
    expect(await page.getByText('운영진만 글을 쓸 수 있는 게시판입니다').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: '섹션' }).count()).toBe(1);
    expect(await page.locator('body').innerText()).not.toMatch(/Internal Server Error|\.data/);
    await saveScreenshot(page, 'write-forbidden');
    await close();
  });

  test('staff write to /organizations on its own write screen', async () => {
    const { page, errors, close } = await visit('/organizations/write', staff.token);
    await titleField(page).fill('한인회 정기 총회 안내');
    await page.getByLabel('분류').selectOption('한인회');
    await editor(page).fill('이번 달 정기 총회가 열립니다.');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await page.waitForURL(/\/organizations\/\d+$/);
    await expect.poll(() => page.locator('main').textContent()).toContain('한인회 정기 총회 안내');
    expect(errors).toEqual([]);
    await close();
  });

  test('news is for staff: a member gets 403, a level-2 account posts with an English title', async () => {
    expect((await fetchPage(suite.server, '/news/write', { token: member.token })).status).toBe(403);
    expect((await fetchPage(suite.server, '/customer/write', { token: member.token })).status).toBe(403);
    expect((await fetchPage(suite.server, '/news/write')).status).toBe(401);

    const { page, errors, close } = await visit('/news/write', staff.token);
    await titleField(page).fill('한인회 새 회장 선출');
    await page.getByLabel('분류').selectOption('사회');
    await editor(page).fill('새 회장이 뽑혔습니다.');
    await page.getByLabel(/English title/).fill('New Korean Association president');
    const id = await submit(page, '등록', 'news');
    const { item } = await apiGet<{ item: { etitle: string; english: number } }>(suite.server, `/api/board/${id}`);
    expect(item).toMatchObject({ etitle: 'New Korean Association president', english: 1 });
    // Somebody else's post cannot be edited by a member.
    expect((await fetchPage(suite.server, `/news/write?id=${id}`, { token: member.token })).status).toBe(403);
    expect(errors).toEqual([]);
    await close();
  });

  test('an empty title is refused next to the field, the typed content stays, and leaving asks first', async () => {
    const { page, errors, close } = await visit('/life/write', member.token);
    await editor(page).click();
    await page.keyboard.type('제목 없이 쓴 내용');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect.poll(() => page.locator('#write-title-error').textContent()).toBe('제목을 입력하세요');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '제목을 입력하세요' }).count()).toBe(1);
    expect(await titleField(page).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/life/write');
    expect(await editor(page).textContent()).toBe('제목 없이 쓴 내용');

    await page.getByRole('link', { name: '취소' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('저장되지 않았습니다');
    await dialog.getByRole('button', { name: '취소' }).click();
    expect(new URL(page.url()).pathname).toBe('/life/write');
    expect(await editor(page).textContent()).toBe('제목 없이 쓴 내용');
    expect(errors).toEqual([]);
    await close();
  });

  test('a job (a wrong e-mail is caught first) and a business listing with hours and a photo', async () => {
    const { page, errors, close } = await visit('/jobs/write', member.token);
    await page.getByLabel('구분').selectOption('1');
    await titleField(page).fill('주방 보조 구합니다');
    await page.getByLabel('고용 형태').selectOption('파트타임');
    await page.getByLabel(/마감일/).fill('2030-01-31');
    await page.getByLabel('이메일').fill('not-an-email');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect.poll(() => page.locator('#write-email-error').textContent()).toBe('이메일 형식이 올바르지 않습니다');
    await page.getByLabel('이메일').fill('cook@example.com');
    const jobId = await submit(page, '등록', 'jobs');
    const job = await apiGet<{ item: Record<string, unknown> }>(suite.server, `/api/jobs/${jobId}`);
    expect(job.item).toMatchObject({ type: 1, employmenttype: '파트타임', limitdate: '2030-01-31', email: 'cook@example.com' });

    await page.goto('/business/write');
    await hydrated(page);
    await page.getByLabel('업소명').fill('서울 설렁탕');
    await page.getByLabel('분류', { exact: true }).selectOption('식당');
    await page.getByLabel('평일 시작').fill('09:00');
    await page.getByLabel('평일 종료').fill('21:00');
    await page.getByLabel('브레이크 시작').fill('15:00');
    await page.getByLabel('브레이크 종료').fill('16:30');
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#cc8833' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByRole('img', { name: '사진 1' }).count()).toBe(1);
    // Up to ten photos for a listing, as for a post: the add button stays.
    expect(await page.locator('input[type=file]').count()).toBe(1);
    const shopId = await submit(page, '등록', 'business');
    const shop = await apiGet<{ item: Record<string, unknown> }>(suite.server, `/api/business/${shopId}`);
    expect(shop.item).toMatchObject({ category: '식당', starttime: '09:00', endtime: '21:00', breakstarttime: '15:00', type: 1 });
    expect(String(shop.item.image)).toMatch(/^\/api\/webdata\//);
    expect(errors).toEqual([]);
    await close();
  });

  for (const width of WIDTHS) {
    test(`the forms fit and look right at ${width} px`, async () => {
      for (const path of ['/market/write', '/jobs/write', '/business/write', '/news/write']) {
        const { page, errors, close } = await visit(path, staff.token, width);
        await expectNoHorizontalScroll(page, path);
        await saveScreenshot(page, `write${path.replaceAll('/', '-')}`);
        expect(errors, path).toEqual([]);
        await close();
      }
    });
  }
});
