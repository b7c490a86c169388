import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { acceptedEncoding, compressStream, compressText } from './compress.ts';

const html = `<!DOCTYPE html><html lang="ko"><body>${'<p>한인포털 커뮤니티 게시판 😀 mixed English text</p>'.repeat(200)}</body></html>`;
const htmlHeaders = () => new Headers({ 'content-type': 'text/html; charset=utf-8' });

describe('acceptedEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    [undefined, undefined],
    ['', undefined],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('compressing pages', () => {
  test('a stored page comes back byte for byte after brotli or gzip', async () => {
    const br = await compressText(html, { status: 200, headers: htmlHeaders() }, 'br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(Buffer.byteLength(html) / 5);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(html);

    const gz = await compressText(html, { status: 404, headers: htmlHeaders() }, 'gzip');
    expect(gz.status).toBe(404);
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
  });

  test('nothing is compressed for a client that takes nothing, for small bodies or for images', async () => {
    expect((await compressText(html, { status: 200, headers: htmlHeaders() }, undefined)).headers.get('content-encoding')).toBeNull();
    expect((await compressText('<p>짧음</p>', { status: 200, headers: htmlHeaders() }, 'br')).headers.get('content-encoding')).toBeNull();
    const png = await compressText(html, { status: 200, headers: new Headers({ 'content-type': 'image/png' }) }, 'br');
    expect(png.headers.get('content-encoding')).toBeNull();
  });

  test('a streamed page is compressed as it streams', async () => {
    const chunks = [html.slice(0, 1000), html.slice(1000)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
    const answer = compressStream(new Response(body, { headers: htmlHeaders() }), 'gzip');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(html);
  });
});
