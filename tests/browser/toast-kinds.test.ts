import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  message,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// The message box's kinds as a person sees them: an error is red with a "!" mark, a done outcome
// (copied, saved) is green with a check mark, so a success no longer looks like a grey notice.

const suite = setUpServerAndBrowser();
let member: Account;
let postPath: string;

beforeAll(async () => {
  member = await createAccount(suite.server, 1);
  const first = await apiGet<{ items: { id: number }[] }>(suite.server, '/api/board?topcategory=5&size=1');
  postPath = `/community/${first.items[0]?.id}`;
  // A newcomer's comments a minute (rate-limit.ts): the next one is refused by the server, an
  // error the message box shows (a form's own problems are shown at their fields).
  for (let i = 0; i < 5; i++) {
    const res = await apiCall(suite.server, 'POST', '/api/comment', member.token, { board: first.items[0]?.id, content: `댓글 ${i}` });
    expect(res.status).toBe(200);
  }
});

/** A toast's background as sRGB channels (the stylesheet's colours are oklch: a canvas converts). */
function background(toast: Locator): Promise<[number, number, number]> {
  return toast.evaluate((el) => {
    const color = getComputedStyle(el).backgroundColor;
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  });
}

/** The toast box around a message's text. */
const boxOf = (text: Locator) => text.locator('xpath=ancestor::div[@data-kind][1]');

describe('toast kinds', () => {
  test.each(WIDTHS)('an error is red with its mark, the success after it green with a check and replaces it (%i px)', async (width) => {
    const { page, close } = await suite.visit(postPath, { token: member.token, width, status: 200 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.getByLabel('댓글 쓰기', { exact: true }).fill('한 번 더');
    await page.getByRole('button', { name: '댓글 등록' }).click();
    const error = page.getByRole('alert').locator('[data-kind="error"] p');
    await error.waitFor();
    const [er, eg, eb] = await background(boxOf(error));
    expect(er, 'the error is red').toBeGreaterThan(eg + 80);
    expect(er).toBeGreaterThan(eb + 80);
    expect(await boxOf(error).getAttribute('data-kind')).toBe('error');
    expect(await boxOf(error).locator('svg[data-mark="error"]').isVisible()).toBe(true);
    // Kept on screen while the pointer rests on it, until the success replaces it.
    await error.hover();

    await page.getByRole('button', { name: '공유하기' }).click();
    const done = message(page, 'status', '주소를 복사했습니다');
    await done.waitFor();
    const [sr, sg, sb] = await background(boxOf(done));
    expect(sg, 'the success is green').toBeGreaterThan(sr + 60);
    expect(sg).toBeGreaterThan(sb);
    expect(await boxOf(done).getAttribute('data-kind')).toBe('success');
    expect(await boxOf(done).locator('svg[data-mark="success"]').isVisible()).toBe(true);
    expect(await done.innerText(), 'the mark is no part of the text').toBe('주소를 복사했습니다');
    expect(await error.count(), 'the success replaced the error').toBe(0);
    await saveScreenshot(page, 'toast-success', { fullPage: false });
    await close();
  });
});
