import fs from 'node:fs/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  createAccount,
  expectMessage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// SPEC §7: every call of the page goes to the configured API base, and a file download is a GET
// with the auth header through the API client; SPEC §8: a failed one shows 파일 다운로드 실패.
// Seen with the admin's CSV export of the user list.

const suite = setUpServerAndBrowser();
let root: string;
let staff: Account;

beforeAll(async () => {
  [root, staff] = await Promise.all([rootToken(suite.server), createAccount(suite.server, 3)]);
});

const csvButton = { name: 'CSV 내려받기' } as const;

describe('the user list’s CSV export', () => {
  test.each(WIDTHS)('downloads the current filter’s users under the server’s file name (%i px)', async (width) => {
    const { page, errors, close } = await suite.visit('/admin/user?level=3', { token: root, width, status: 200 });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', csvButton).click()]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await fs.readFile(await download.path(), 'utf8');
    const rows = text.split('\r\n').slice(1, -1);
    expect(rows.some((line) => line.includes(staff.loginid))).toBe(true);
    expect(rows.every((line) => line.includes(',관리자,'))).toBe(true);
    expect(asked).toContain('/api/admin/users.csv?level=3');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('after the session has ended, it shows 파일 다운로드 실패 and saves nothing (%i px)', async (width) => {
    const admin: Account = await createAccount(suite.server, 3);
    const { page, close } = await suite.visit('/admin/user', { token: admin.token, width, status: 200 });
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    // Logged out everywhere (another device): the page is still open, its token no longer valid.
    expect((await apiCall(suite.server, 'DELETE', '/api/jwt/all', admin.token)).status).toBe(200);
    await page.getByRole('button', csvButton).click();
    await expectMessage(page, 'alert', '파일 다운로드 실패');
    await saveScreenshot(page, 'download-failed', { fullPage: false });
    expect(downloads).toEqual([]);
    await close();
  });
});

describe('the configured API base', () => {
  test('the page carries the server’s API base, and its calls go there', async () => {
    const { page, close } = await suite.visit('/admin/user', { token: root, width: 1280, status: 200 });
    const meta = page.locator('meta[name="api-base"]');
    expect(await meta.getAttribute('content')).toBe('/api');
    // Another base (as a proxy would serve the API under): the page's next call goes to it.
    await meta.evaluate((m) => m.setAttribute('content', '/elsewhere/api'));
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/elsewhere/api/admin/users.csv');
    await page.getByRole('button', csvButton).click();
    await request;
    // Nothing answers there: the download fails as any other would.
    await expectMessage(page, 'alert', '파일 다운로드 실패');
    await close();
  });
});
