import fs from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatFileSize } from '#shared/format.ts';
import {
  type Account,
  apiCall,
  createAccount,
  expectMessage,
  expectNoHorizontalScroll,
  openPage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// SPEC §7: every call of the page goes to the configured API base, and a file download is a GET
// with the auth header through the API client; SPEC §8: a failed one shows 파일 다운로드 실패.
// Seen with the admin's CSV export of the user list and a post's attachments (SPEC §9 sizes).

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

interface Uploaded {
  id: number;
  path: string;
  filename: string;
  size: number;
}

/** POST /api/upload from Node, as the write page's photo picker does. */
async function upload(token: string, files: { data: Buffer; name: string }[]): Promise<Uploaded[]> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)]), f.name);
  const res = await fetch(`${suite.server.url}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Uploaded[] }).items;
}

/** How many line boxes the browser laid an element's text out over. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  });
}

describe('a post’s attachments', () => {
  let seller: Account;
  let files: Uploaded[];
  let postPath: string;
  beforeAll(async () => {
    seller = await createAccount(suite.server, 1);
    // Noise does not compress: sizes in KB, as a phone's photos are.
    const photo = (width: number) =>
      sharp({ create: { width, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
    files = await upload(seller.token, [
      { data: await photo(1200).jpeg({ quality: 95 }).toBuffer(), name: '캠핑 의자 두 개 세트 정면 사진 2026년 11월.jpg' },
      { data: await photo(300).png().toBuffer(), name: 'chair.png' },
    ]);
    const created = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', seller.token, {
      topcategory: 4,
      title: '캠핑 의자 팝니다',
      price: 45,
      images: files.map((f) => f.path),
      content: '<p>두 번 썼습니다</p>',
    });
    expect(created.status).toBe(200);
    postPath = `/market/${created.body.id}`;
  });

  test.each(WIDTHS)('list each file’s name and size on one line, and a member downloads it (%i px)', async (width) => {
    const member = await createAccount(suite.server, 1);
    const { page, errors, close } = await suite.visit(postPath, { token: member.token, width, status: 200 });
    const list = page.getByRole('region', { name: /첨부파일/ });
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBe(2);
    for (const [i, file] of files.entries()) {
      const row = rows.nth(i);
      await expect.poll(() => row.textContent()).toContain(file.filename);
      const size = row.getByTestId('attachment-size');
      expect(await size.textContent()).toBe(formatFileSize(file.size));
      expect(await size.textContent()).toMatch(/^\d+\.\d (KB|MB)$/);
      expect(await lineCount(size), `${file.filename}: ${formatFileSize(file.size)}`).toBe(1);
    }
    await expectNoHorizontalScroll(page);
    await list.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'attachments', { fullPage: false });

    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows
        .nth(0)
        .getByRole('link', { name: `${files[0]?.filename} 내려받기` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(files[0]?.filename);
    expect((await fs.stat(await download.path())).size).toBe(files[0]?.size);
    // Through the post, by the file's stored name (never a counted id).
    expect(asked).toContain(`/api/board/${postPath.split('/').pop()}/files/${files[0]?.path.split('/').pop()}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  test('a visitor sees the list and is asked to log in to download', async () => {
    const { page, close } = await suite.visit(postPath, { width: 360, status: 200 });
    const list = page.getByRole('region', { name: /첨부파일/ });
    expect(await list.getByTestId('attachment-size').allTextContents()).toEqual(files.map((f) => formatFileSize(f.size)));
    await list
      .getByRole('link', { name: /내려받기/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('tab', { name: '로그인' }).waitFor();
    await close();
  });

  test('after the session has ended, 내려받기 shows 파일 다운로드 실패 and saves nothing', async () => {
    const member = await createAccount(suite.server, 1);
    const { page, close } = await suite.visit(postPath, { token: member.token, width: 360, status: 200 });
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    expect((await apiCall(suite.server, 'DELETE', '/api/jwt/all', member.token)).status).toBe(200);
    await page.getByRole('link', { name: `${files[1]?.filename} 내려받기` }).click();
    await expectMessage(page, 'alert', '파일 다운로드 실패');
    expect(downloads).toEqual([]);
    await close();
  });

  test('without JavaScript, 내려받기 is a plain link that downloads with the session', async () => {
    const member = await createAccount(suite.server, 1);
    const { page, close } = await openPage(suite.browser, suite.server, { token: member.token, width: 1280, javaScriptEnabled: false });
    await page.goto(postPath);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `${files[1]?.filename} 내려받기` }).click(),
    ]);
    expect((await fs.stat(await download.path())).size).toBe(files[1]?.size);
    await close();
  });
});
