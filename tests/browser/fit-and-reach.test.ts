import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// Small things a person meets in the first hour (issue #32), at 360 and 1280 px: texts and
// controls that fit whole, fields that say how much they take, controls big enough for a finger
// (WCAG 2.5.8), and the admin's member list.

// A member here writes more in a minute than a newcomer's budget allows (write-limits.test.ts).
const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0' } });
let author: Account;
let reader: Account;
let postPath: string;

beforeAll(async () => {
  [author, reader] = await Promise.all([createAccount(suite.server, 1), createAccount(suite.server, 1)]);
  const post = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
    topcategory: 5,
    title: '댓글 단추 크기 확인',
    content: '<p>본문</p>',
  });
  const comment = await apiCall(suite.server, 'POST', '/api/comment', author.token, { board: post.body.id, content: '첫 댓글입니다' });
  expect(comment.status).toBe(200);
  postPath = `/community/${post.body.id}`;
});

/** Whether a control's placeholder is drawn whole in the box it has for text. */
function placeholderFits(input: Locator): Promise<boolean> {
  return input.evaluate((el) => {
    const field = el as HTMLInputElement;
    const style = getComputedStyle(field);
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return ctx.measureText(field.placeholder).width <= room;
  });
}

/** Whether a control is at least as wide as it needs to be to show its value whole (a time
 * input's hour, minute, 오전/오후 and clock button): compared with a copy sized by its content. */
function showsWhole(input: Locator): Promise<boolean> {
  return input.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLInputElement;
    copy.value = '12:45';
    copy.style.width = 'auto';
    copy.style.minWidth = '0';
    copy.style.position = 'absolute';
    document.body.append(copy);
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    return (el as HTMLElement).getBoundingClientRect().width >= needed - 0.5;
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every pair of targets at least 44 px wide and tall, none overlapping. */
function expectFingerSized(boxes: Box[], what: string): void {
  for (const b of boxes) {
    expect(b.width, `${what}: width`).toBeGreaterThanOrEqual(44);
    expect(b.height, `${what}: height`).toBeGreaterThanOrEqual(44);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${what}: targets overlap`).toBe(true);
    }
  }
}

async function boxesOf(page: Page, names: string[]): Promise<Box[]> {
  const comment = page.getByRole('article', { name: '댓글' }).filter({ hasText: '첫 댓글입니다' });
  const boxes: Box[] = [];
  for (const name of names) {
    // 신고 is a disclosure's summary, named "신고: 이 댓글 신고하기".
    const control = name === '신고' ? comment.locator('summary', { hasText: '신고' }) : comment.getByRole('button', { name, exact: true });
    const box = await control.boundingBox();
    expect(box, name).not.toBeNull();
    boxes.push(box as Box);
  }
  return boxes;
}

describe('whole at every width', () => {
  test.each(WIDTHS)('the header search field shows its placeholder whole (%i px)', async (width) => {
    const { page, close } = await suite.visit('/community', { width, status: 200 });
    const field = page.getByRole('banner').getByRole('searchbox');
    expect(await field.getAttribute('placeholder')).toBeTruthy();
    expect(await placeholderFits(field)).toBe(true);
    await saveScreenshot(page, 'fit-header-search', { fullPage: false });
    await close();
  });

  test.each(WIDTHS)('the business form’s hours show whole (%i px)', async (width) => {
    const { page, close } = await suite.visit('/business/write', { token: author.token, width, status: 200 });
    const times = page.locator('input[type="time"]');
    expect(await times.count()).toBe(6);
    for (const time of await times.all()) {
      await time.fill('12:45');
      expect(await showsWhole(time), (await time.getAttribute('name')) ?? '').toBe(true);
    }
    await expectNoHorizontalScroll(page);
    await times.first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'fit-business-hours', { fullPage: false });
    await close();
  });
});

describe('fields that say how much they take', () => {
  test.each(WIDTHS)('a title takes 200 characters and counts them as typed (%i px)', async (width) => {
    const { page, close } = await suite.visit('/community/write', { token: author.token, width, status: 200 });
    const title = page.getByLabel('제목', { exact: true });
    expect(await title.getAttribute('maxlength')).toBe('200');
    await title.fill('한인회 소식 알려드려요');
    const counter = page.getByText('12/200', { exact: true });
    expect(await counter.isVisible()).toBe(true);
    // Read politely, after typing stops, in words.
    await page.locator('[aria-live="polite"]').getByText('200자 중 12자', { exact: true }).waitFor({ state: 'attached' });
    await title.fill('가'.repeat(250));
    expect((await title.inputValue()).length).toBe(200);
    expect(await page.getByText('200/200', { exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'fit-title-counter', { fullPage: false });
    await close();
  });

  test.each(WIDTHS)('a comment takes 2,000 characters and counts them (%i px)', async (width) => {
    const { page, close } = await suite.visit(postPath, { token: reader.token, width, status: 200 });
    const box = page.getByLabel('댓글 쓰기', { exact: true });
    expect(await box.getAttribute('maxlength')).toBe('2000');
    await box.fill('좋은 글 감사합니다');
    expect(await page.getByText('10/2,000', { exact: true }).isVisible()).toBe(true);
    await box.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'fit-comment-counter', { fullPage: false });
    await close();
  });
});

describe('targets a finger can hit', () => {
  test.each(WIDTHS)('a comment’s 답글, 수정 and 삭제, and another’s 답글 and 신고, are 44 px and apart (%i px)', async (width) => {
    const own = await suite.visit(postPath, { token: author.token, width, status: 200 });
    expectFingerSized(await boxesOf(own.page, ['답글', '수정', '삭제']), 'the author');
    await own.page.getByRole('article', { name: '댓글' }).first().scrollIntoViewIfNeeded();
    await saveScreenshot(own.page, 'fit-comment-actions', { fullPage: false });
    await own.close();
    const other = await suite.visit(postPath, { token: reader.token, width, status: 200 });
    expectFingerSized(await boxesOf(other.page, ['답글', '신고']), 'another member');
    await other.close();
  });
});

describe('/admin/user', () => {
  test.each(WIDTHS)('staff states only for staff; 편집 on the screen (%i px)', async (width) => {
    const staff = await createAccount(suite.server, 2);
    const root = await rootToken(suite.server);
    const { page, close } = await suite.visit('/admin/user?sort=-id', { token: root, width, status: 200 });
    const row = (account: Account) => page.getByRole('row').filter({ hasText: account.loginid });
    const statusCell = (account: Account) => row(account).getByRole('cell').nth(4);
    expect(await statusCell(staff).innerText()).toBe('근무');
    expect(await statusCell(reader).innerText()).not.toMatch(/근무|휴가|휴직|출장/);
    const edit = row(reader).getByRole('button', { name: /편집$/ });
    const box = await edit.boundingBox();
    expect(box, '편집').not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), '편집 is on the screen').toBeLessThanOrEqual(width);
    await expectNoHorizontalScroll(page);
    await edit.click();
    const editor = page.getByRole('form', { name: /편집$/ });
    expect(await editor.getByLabel('상태').count(), 'a member has no staff state to set').toBe(0);
    await editor.getByLabel('등급').selectOption({ label: '팀장' });
    expect(await editor.getByLabel('상태').isVisible(), 'a manager has one').toBe(true);
    await saveScreenshot(page, 'fit-admin-user', { fullPage: false });
    await close();
  });
});
