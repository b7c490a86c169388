import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { type Account, createAccount, message, saveScreenshot, setUpServerAndBrowser, WIDTHS } from '#tests/support/browser.ts';

// A phone's photo is often larger than the server takes (10 MB): the photo picker shrinks it in
// the browser to what the server keeps anyway (2000 px on the long side), and says by the picker,
// naming the file, when one is still too large (issue #32, defect 2).

const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0' } });
let member: Account;
/** A 6000×4000 photo of noise, which JPEG cannot make small: over 10 MB. */
let bigPhoto: Buffer;

beforeAll(async () => {
  member = await createAccount(suite.server);
  bigPhoto = await sharp(crypto.randomBytes(6000 * 4000 * 3), { raw: { width: 6000, height: 4000, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  expect(bigPhoto.length).toBeGreaterThan(10 * 1024 * 1024);
});

/** The picker: the part of the form with 사진 추가. */
const picker = (page: Page) => page.locator('div', { has: page.getByText('사진 추가', { exact: true }) }).last();

describe('the photo picker', () => {
  test.each(WIDTHS)('a 6000×4000 photo over 10 MB is shrunk before it is sent, and shows (%i px)', async (width) => {
    const { page, errors, close } = await suite.visit('/market/write', { token: member.token, width, status: 200 });
    // The limit is said where photos are added.
    await expect.poll(() => picker(page).textContent()).toContain('한 장에 10MB까지');
    const sent: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/upload')) sent.push(r.postDataBuffer()?.length ?? 0);
    });
    await page.locator('input[type=file]').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: bigPhoto });
    await page.getByRole('img', { name: '사진 1' }).waitFor({ timeout: 20_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(10 * 1024 * 1024);
    // Stored as the server keeps photos: 2000 px on the long side.
    const src = (await page.getByRole('img', { name: '사진 1' }).getAttribute('src')) as string;
    const stored = Buffer.from(await (await fetch(`${suite.server.url}${src}`)).arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ width: 2000, height: 1333, format: 'jpeg' });
    expect(await picker(page).getByRole('alert').count()).toBe(0);
    await picker(page).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'photo-upload-shrunk', { fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('a file over 10 MB that is no photo it can shrink is refused by the picker, naming it (%i px)', async (width) => {
    const { page, close } = await suite.visit('/market/write', { token: member.token, width, status: 200 });
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/upload')) sent.push(r.url());
    });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '동영상.jpg', mimeType: 'image/jpeg', buffer: crypto.randomBytes(11 * 1024 * 1024) });
    const refusal = '동영상.jpg: 사진은 한 장에 10MB까지 올릴 수 있습니다';
    await picker(page).getByRole('alert').getByText(refusal).waitFor({ timeout: 10_000 });
    expect(sent).toEqual([]);
    // Not the general failure at the top of the screen.
    expect(await message(page, 'alert', '처리중 오류가 발생했습니다').count()).toBe(0);
    await picker(page).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'photo-upload-refused', { fullPage: false });
    // The next photo clears it.
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6fd0' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: small });
    await page.getByRole('img', { name: '사진 1' }).waitFor();
    expect(await picker(page).getByRole('alert').count()).toBe(0);
    await close();
  });
});
