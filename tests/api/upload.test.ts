import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isOwnUploadPath } from '#server/lib/storage.ts';
import { saveImage } from '#server/modules/upload/upload.service.ts';
import { SECURITY_DATA } from '#tests/support/security-data.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

const HOSTILE = path.join(SECURITY_DATA, 'upload');

let t: TestApp;
let member: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  member = await t.member();
});
afterAll(() => t.close());

interface Part {
  data: Uint8Array;
  name: string;
  type?: string;
}

/** `token` null: a visitor. */
async function upload(parts: Part[], token: string | null = member.token) {
  const form = new FormData();
  for (const p of parts) form.append('file', new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }), p.name);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as any };
}

async function fetchBinary(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers });
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

function solid(width: number, height: number, background = '#3366cc') {
  return sharp({ create: { width, height, channels: 3, background } });
}

async function uploadRows(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('upload')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/upload', () => {
  test('visitors get 401, before any file is read', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const res = await upload([{ data: png, name: 'a.png' }], null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'error', message: 'unauthorized' });
  });

  test('jpeg, png, webp and gif are accepted and served with their type and a long cache', async () => {
    const frames = await Promise.all(['red', 'green', 'blue'].map((c) => solid(120, 80, c).png().toBuffer()));
    const files: Part[] = [
      { data: await solid(640, 480).jpeg().toBuffer(), name: 'photo.jpg', type: 'image/jpeg' },
      { data: await solid(640, 480).png().toBuffer(), name: 'screen.png', type: 'image/png' },
      { data: await solid(640, 480).webp().toBuffer(), name: 'pic.webp', type: 'image/webp' },
      {
        data: await sharp(frames, { join: { animated: true } })
          .gif({ delay: 100 })
          .toBuffer(),
        name: 'moving.gif',
        type: 'image/gif',
      },
    ];
    const res = await upload(files);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('ok');
    expect(res.body.items.map((i: { mime: string }) => i.mime)).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
    expect(res.body.items[3]).toMatchObject({ filename: 'moving.gif', width: 120, height: 80 });

    for (const item of res.body.items) {
      expect(item).toMatchObject({ id: expect.any(Number), width: expect.any(Number), size: expect.any(Number) });
      expect(isOwnUploadPath(item.path) && isOwnUploadPath(item.thumb)).toBe(true);
      const served = await fetchBinary(item.path);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(item.mime);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(served.data.length).toBe(item.size);
      const etag = served.headers.get('etag')!;
      expect((await fetchBinary(item.path, { 'if-none-match': etag })).status).toBe(304);
    }
    // An animation stays an animation.
    const gif = await fetchBinary(res.body.items[3].path);
    expect((await sharp(gif.data, { animated: true }).metadata()).pages).toBe(3);
  });

  test('EXIF with GPS is stripped, the photo is turned upright and its long edge capped', async () => {
    const exif = { IFD0: { ImageDescription: 'home' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1' } };
    const jpeg = await solid(3000, 2000).jpeg().withExif(exif).withMetadata({ orientation: 6 }).toBuffer();
    const before = await sharp(jpeg).metadata();
    // 0x8825 (little-endian) is the EXIF tag that points to the GPS block.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);

    const res = await upload([{ data: jpeg, name: 'gps.jpg' }]);
    expect(res.status).toBe(200);
    // Orientation 6 stands the 3000×2000 photo up; the long edge is then capped at 2000.
    expect(res.body.items[0]).toMatchObject({ width: 1333, height: 2000 });
    const stored = await fetchBinary(res.body.items[0].path);
    const after = await sharp(stored.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect([after.width, after.height]).toEqual([1333, 2000]);
  });

  test('a thumbnail exists: webp, at most 400 px wide, smaller than the image', async () => {
    const res = await upload([{ data: await solid(1600, 1200).png().toBuffer(), name: 'big.png' }]);
    const image = await fetchBinary(res.body.items[0].path);
    const thumb = await fetchBinary(res.body.items[0].thumb);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(thumb.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300]);
    expect(thumb.data.length).toBeLessThan(image.data.length);
  });

  test('the type comes from the content: a PNG named .jpg is stored as PNG, its name kept', async () => {
    const png = await solid(50, 50).png().toBuffer();
    const res = await upload([{ data: png, name: '가짜.jpg', type: 'image/jpeg' }]);
    expect(res.body.items[0]).toMatchObject({ mime: 'image/png', filename: '가짜.jpg' });
    expect(res.body.items[0].path).toMatch(/\.png$/);
    const post = await t.call('POST', '/api/board', {
      token: member.token,
      body: { topcategory: 2, title: '가짜 확장자', content: '<p>사진</p>', images: [res.body.items[0].path] },
    });
    const [file] = (await t.call('GET', `/api/board/${post.body.id}`)).body.attachments;
    const download = await fetchBinary(`/api${file.download}`, { authorization: `Bearer ${member.token}` });
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('가짜.png')}`);
  });

  test('SVG, HTML and fake image headers are refused with 400 naming the field', async () => {
    const names = (await fs.readdir(HOSTILE)).filter((n) => /\.(svg|html)$/.test(n));
    expect(names.length).toBeGreaterThanOrEqual(6);
    const fakes: Part[] = [
      ...(await Promise.all(
        names.map(async (n) => ({ data: await fs.readFile(path.join(HOSTILE, n)), name: n.replace(/\.\w+$/, '.png') })),
      )),
      { data: Buffer.from('GIF89a<script>alert(1)</script>'), name: 'polyglot.gif' },
      { data: Buffer.from('\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>', 'latin1'), name: 'broken.png' },
      { data: Buffer.alloc(0), name: 'empty.jpg' },
    ];
    for (const f of fakes) {
      const res = await upload([f]);
      expect(res.status, f.name).toBe(400);
      expect(res.body).toMatchObject({ code: 'error', message: 'invalid', field: 'file', detail: expect.any(String) });
    }
  });

  test('hostile metadata is dropped: an ImageMagick profile chunk, XSS in a PNG comment, HTML appended', async () => {
    const withHtml = Buffer.concat([await solid(20, 20).png().toBuffer(), Buffer.from('<script>alert(1)</script>')]);
    const files: Part[] = [
      { data: await fs.readFile(path.join(HOSTILE, 'pat_imagemagick_CVE-2022-44268.png')), name: 'cve.png' },
      { data: await fs.readFile(path.join(HOSTILE, 'pat_xss_comment_exif_metadata.png')), name: 'comment.png' },
      { data: withHtml, name: 'appended.png' },
    ];
    const res = await upload(files);
    expect(res.status).toBe(200);
    for (const item of res.body.items) {
      const stored = await fetchBinary(item.path);
      expect((await sharp(stored.data).metadata()).comments).toBeUndefined();
      for (const needle of ['/etc/passwd', 'alert', 'script', 'tEXt']) expect(stored.data.includes(needle), needle).toBe(false);
    }
  });

  test('more than 40 megapixels or 10 MB is refused with 413, and nothing is stored', async () => {
    const before = await uploadRows();
    const huge = await solid(9000, 5000).png().toBuffer();
    const tooMany = await upload([{ data: huge, name: '45mp.png' }]);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ code: 'error', message: 'too large' });

    // Noise does not compress: an 11 MB PNG.
    const noise = await sharp(crypto.randomBytes(2000 * 1900 * 3), { raw: { width: 2000, height: 1900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(10 * 1024 * 1024);
    const heavy = await upload([{ data: noise, name: 'noise.png' }]);
    expect(heavy.status).toBe(413);
    // The member reads which file and the limit, in Korean, by the photo picker.
    expect(heavy.body).toMatchObject({
      code: 'error',
      message: 'too large',
      field: 'file',
      detail: 'noise.png: 사진은 한 장에 10MB까지 올릴 수 있습니다',
    });
    expect(tooMany.body.detail).toBe('45mp.png: 사진이 너무 큽니다 (4000만 화소까지)');
    expect(await uploadRows()).toBe(before);
  });

  test('a body declared larger than ten full images is refused before it is read', async () => {
    const res = await t.app.request('/api/upload', {
      method: 'POST',
      body: 'x',
      headers: {
        authorization: `Bearer ${member.token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(200 * 1024 * 1024),
      },
    });
    expect(res.status).toBe(413);
  });

  test('11 files are refused; one bad file among good ones stores none of them', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const eleven = await upload(Array.from({ length: 11 }, (_, i) => ({ data: png, name: `${i}.png` })));
    expect(eleven.status).toBe(400);
    expect(eleven.body).toMatchObject({ message: 'invalid', field: 'file' });

    const before = await uploadRows();
    const svg = await fs.readFile(path.join(HOSTILE, 'pat_SVG_XSS_nested_svg.svg'));
    const mixed = await upload([
      { data: png, name: 'ok.png' },
      { data: svg, name: 'bad.png' },
    ]);
    expect(mixed.status).toBe(400);
    expect(await uploadRows()).toBe(before);
  });

  test('a body that is not multipart, or has no file, is a 400', async () => {
    const json = await t.call('POST', '/api/upload', { token: member.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ message: 'invalid', field: 'file' });
    const form = new FormData();
    form.append('file', 'just text');
    const text = await t.app.request('/api/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${member.token}` } });
    expect(text.status).toBe(400);
    expect((await upload([])).status).toBe(400);
  });

  test('other API calls keep the 1 MB JSON limit', async () => {
    const res = await t.call('POST', '/api/user', { raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
  });
});

describe('GET /api/webdata/:name', () => {
  test('unknown names and traversal attempts are 404 JSON', async () => {
    const res = await upload([{ data: await solid(10, 10).png().toBuffer(), name: 'a.png' }]);
    const name = res.body.items[0].path.split('/').pop();
    const attempts = [
      '/api/webdata/0123456789abcdef0123456789abcdef.png',
      '/api/webdata/..%2f..%2fpackage.json',
      '/api/webdata/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/webdata/..%5c..%5cpackage.json',
      '/api/webdata/%2fetc%2fpasswd',
      `/api/webdata/${name}%00.png`,
      `/api/webdata/${name}%2f..%2f${name}`,
      `/api/webdata/${name.toUpperCase()}`,
      `/api/webdata/./${name}/x`,
      '/api/webdata/',
    ];
    for (const url of attempts) {
      const answer = await t.call('GET', url);
      expect(answer.status, url).toBe(404);
      expect(answer.body, url).toEqual({ code: 'error', message: 'not found' });
      expect(answer.headers.get('cache-control'), url).toBe('no-store');
    }
    // The URL parser folds a literal `..` before routing: it leaves /api and finds no page.
    expect((await t.call('GET', '/api/webdata/../../package.json')).status).toBe(404);
    expect(isOwnUploadPath('https://evil.example/x.png')).toBe(false);
    expect(isOwnUploadPath('/api/webdata/../x.png')).toBe(false);
  });
});

describe('GET /api/<name>/{id}/files/{file}', () => {
  test('a signed-in reader of the item gets the file with its Korean name per RFC 6266; visitors get 401', async () => {
    // A Mac sends decomposed Hangul; some browsers send the whole path, control characters stay out.
    const sent = `C:\\fakepath\\${'서울 사진.jpg'.normalize('NFD')}`.replace('.jpg', '\u202e.jpg');
    const res = await upload([{ data: await solid(300, 200).jpeg().toBuffer(), name: sent }]);
    const item = res.body.items[0];
    expect(item.filename).toBe('서울 사진.jpg');
    const post = await t.call('POST', '/api/board', {
      token: member.token,
      body: { topcategory: 2, title: '서울 여행', content: '<p>사진</p>', images: [item.path] },
    });
    const [file] = (await t.call('GET', `/api/board/${post.body.id}`)).body.attachments;
    const reader = await t.member();

    const download = await fetchBinary(`/api${file.download}`, { authorization: `Bearer ${reader.token}` });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-length')).toBe(String(item.size));
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="__ __.jpg"; filename*=UTF-8''%EC%84%9C%EC%9A%B8%20%EC%82%AC%EC%A7%84.jpg`,
    );
    expect(download.data.equals((await fetchBinary(item.path)).data)).toBe(true);

    const visitor = await t.call('GET', `/api${file.download}`);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ code: 'error', message: 'unauthorized' });
    for (const url of [
      `/api/board/${post.body.id}/files/${'0'.repeat(32)}.jpg`,
      `/api/board/${post.body.id}/files/abc`,
      `/api/board/999999/files/${file.path.split('/').pop()}`,
      `/api/upload/${item.id}/download`,
    ]) {
      expect((await t.call('GET', url, { token: reader.token })).status, url).toBe(404);
    }
  });
});

describe('saveImage, for server-side callers such as the demo data', () => {
  test('stores a checked image like an upload', async () => {
    const item = await saveImage(t.deps, { data: await solid(800, 600).webp().toBuffer(), filename: '데모.webp', user: member.id });
    expect(item).toMatchObject({ filename: '데모.webp', mime: 'image/webp', width: 800, height: 600 });
    expect((await fetchBinary(item.thumb)).status).toBe(200);
    await expect(saveImage(t.deps, { data: Buffer.from('<svg/>'), filename: 'x.svg', user: member.id })).rejects.toMatchObject({
      status: 400,
    });
  });
});
