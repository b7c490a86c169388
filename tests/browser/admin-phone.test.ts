import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// The admin tables on a phone (PRODUCT.md, Screens; issue: admin tables usable at 360 px): a
// table scrolls inside its box with the column that names each row kept in view, nothing is cut
// off, and every control can be reached and pressed.

const suite = setUpServerAndBrowser();
let root: string;

beforeAll(async () => {
  root = await rootToken(suite.server);
  // Members with long names, mixed scripts and emoji, so the identity column has to wrap.
  for (const nickname of ['국제운전면허증발급대행전문가', 'Kim민수😀', '山田太郎テスト']) {
    const made = await createAccount(suite.server, 1);
    await apiCall(suite.server, 'PUT', '/api/user', root, { id: made.id, remark: `${nickname}: 메모 남김 🙏` });
  }
});

const TABLES = ['/admin', '/admin/user', '/admin?section=community', '/admin?section=business', '/admin?section=comment'];

/** Every control in the main content that a person can press, as the browser lays it out. */
function controls(page: Page): Locator {
  return page.locator('main').locator('a[href], button, input:not([type="hidden"]), select, textarea, summary');
}

/** Scrolls each of the page's table boxes to its far right and answers, per table, whether the
 * cells of its first columns stayed in view inside the box. */
function stickyAfterScroll(page: Page): Promise<{ rows: number; hidden: number }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main table')).map((table) => {
      const box = table.parentElement as HTMLElement;
      box.scrollLeft = box.scrollWidth;
      const edge = box.getBoundingClientRect().left;
      // The check box and the cell that names the row (rows of notes and editors span the table).
      const firsts = Array.from(table.querySelectorAll('tbody tr'))
        .filter((tr) => tr.children.length > 2)
        .flatMap((tr) => Array.from(tr.children).slice(0, 2));
      const hidden = firsts.filter((cell) => cell.getBoundingClientRect().left < edge - 1).length;
      box.scrollLeft = 0;
      return { rows: firsts.length, hidden };
    }),
  );
}

describe('admin tables at 360 px', () => {
  for (const path of TABLES) {
    test(`${path}: no page-wide scroll, every control reachable, the first column stays while the table scrolls`, async () => {
      for (const width of WIDTHS) {
        const { page, close } = await suite.visit(path, { token: root, width, status: 200 });
        await expectNoHorizontalScroll(page);
        await saveScreenshot(page, `admin-phone${path.replace(/[/?=]/g, '-')}`);
        for (const table of await stickyAfterScroll(page)) expect(table.hidden, path).toBe(0);
        // The desk layout has room for everything; what a phone must reach is checked at 360.
        if (width !== 360) {
          await close();
          continue;
        }
        // Each control, brought into view the way a person scrolls to it, lies inside the screen
        // and is the element a tap at its centre reaches.
        const all = controls(page);
        const count = await all.count();
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const control = all.nth(i);
          if (!(await control.isVisible())) continue;
          await control.scrollIntoViewIfNeeded();
          const box = await control.boundingBox();
          if (!box) continue;
          const what = `${path} at ${width}: ${await control.evaluate((el) => el.outerHTML.slice(0, 120))}`;
          expect(box.x, what).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, what).toBeLessThanOrEqual(width + 0.5);
          const reached = await control.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return (
              hit !== null &&
              (el === hit || el.contains(hit) || hit.contains(el) || (el as HTMLInputElement).labels?.[0]?.contains(hit) === true)
            );
          });
          expect(reached, what).toBe(true);
        }
        await close();
      }
    });
  }

  test('a member’s editor opens in view on a phone, and its save button can be pressed', async () => {
    const { page, close } = await suite.visit('/admin/user', { token: root, width: 360, status: 200 });
    const edit = page.getByRole('button', { name: /편집$/ }).first();
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    const save = page.getByRole('button', { name: '저장', exact: true });
    await save.scrollIntoViewIfNeeded();
    const box = await save.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await saveScreenshot(page, 'admin-phone-user-editor', { fullPage: false });
    await close();
  });
});
