import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCall, createAccount, saveScreenshot, setUpServerAndBrowser, WIDTHS } from '#tests/support/browser.ts';

// A form's problems are read at their fields, and no message box ever lies over the field a person
// must fix (issue #32): the field that takes focus stays uncovered, at a desk and on a phone.

const suite = setUpServerAndBrowser();

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The message boxes drawn on the screen (a box read only to screen readers draws nothing). */
function drawnToasts(page: Page): Promise<Box[]> {
  return page.$$eval('[data-kind]', (els) =>
    els
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 1 && r.height > 1)
      .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
  );
}

function focusedBox(page: Page): Promise<Box | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectFocusedUncovered(page: Page): Promise<void> {
  const focused = await focusedBox(page);
  expect(focused, 'a field has focus').not.toBeNull();
  for (const toast of await drawnToasts(page))
    expect(overlaps(toast, focused as Box), 'a message box covers the focused field').toBe(false);
}

/** Scrolls the field to the top edge of the screen and puts the caret in it, as a person who
 * scrolled down and tapped it has it. */
async function focusAtTop(field: Locator): Promise<void> {
  await field.evaluate((el) => {
    window.scrollBy(0, el.getBoundingClientRect().top - 12);
    (el as HTMLElement).focus({ preventScroll: true });
  });
}

describe('messages and the focused field', () => {
  test.each(WIDTHS)('a problem is shown at its field, which no message box covers (%i px)', async (width) => {
    const member = await createAccount(suite.server, 1);
    const { page, errors, close } = await suite.visit('/community/write', { token: member.token, width, status: 200 });
    const title = page.getByLabel('제목', { exact: true });
    await focusAtTop(title);
    await title.press('Enter');
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    // Still read out at once to screen readers, as an alert.
    await page.getByRole('alert').getByText('제목을 입력하세요', { exact: true }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    await expectFocusedUncovered(page);
    const problem = page.locator('#write-title-error');
    const box = await problem.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 800, 'the problem under the field is on the screen').toBe(true);
    await saveScreenshot(page, 'toast-field-problem', { fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('a refusal from the server is shown clear of the field that has focus (%i px)', async (width) => {
    const member = await createAccount(suite.server, 1);
    // A newcomer's posts a minute (rate-limit.ts): the form's post is one too many.
    for (let i = 0; i < 3; i++) {
      const res = await apiCall(suite.server, 'POST', '/api/board', member.token, {
        topcategory: 5,
        title: `글 ${i}`,
        content: '<p>내용</p>',
      });
      expect(res.status).toBe(200);
    }
    const { page, close } = await suite.visit('/community/write', { token: member.token, width, status: 200 });
    await page.getByRole('textbox', { name: '내용', exact: true }).fill('한 번 더 씁니다');
    const title = page.getByLabel('제목', { exact: true });
    await title.fill('네 번째 글');
    await focusAtTop(title);
    await title.press('Enter');
    const refusal = page.getByRole('alert').locator('[data-kind="error"]');
    await refusal.waitFor();
    expect(await refusal.isVisible()).toBe(true);
    await expectFocusedUncovered(page);
    await saveScreenshot(page, 'toast-server-refusal', { fullPage: false });
    await close();
  });
});
