import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { acceptedEncoding, answerPatchable, checksumOf, compressStream, fillOf, patchablePage, patchedBytes } from './compress.ts';

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
  const nonce = crypto.randomBytes(16).toString('base64');
  const page = `<!DOCTYPE html><html lang="ko"><head><script nonce="${nonce}">1</script></head><body>${'<p>한인포털 커뮤니티 게시판 😀 mixed English text</p>'.repeat(200)}<script nonce="${nonce}">{"nonce":"${nonce}"}</script></body></html>`;

  test('the checksum worked out for a nonce is the one of the page with that nonce in it', () => {
    const stored = patchablePage(page, nonce);
    // The stored gzip is whole as it is: gunzip checks its trailer.
    expect(zlib.gunzipSync(stored.gzip).toString()).toBe(page);
    for (let i = 0; i < 20; i++) {
      const fresh = crypto.randomBytes(16).toString('base64');
      expect(checksumOf(stored)(fresh)).toBe(zlib.crc32(page.replaceAll(nonce, fresh)));
      const { bytes, gzip } = patchedBytes(stored, fresh, { compress: true });
      expect(gzip).toBe(true);
      expect(zlib.gunzipSync(bytes).toString()).toBe(page.replaceAll(nonce, fresh));
    }
    expect(checksumOf(patchablePage(html, nonce))(crypto.randomBytes(16).toString('base64'))).toBe(zlib.crc32(html));
  });

  test('a stored page is answered with each new nonce in place, as valid gzip', async () => {
    const stored = patchablePage(page, nonce);
    expect(stored.gzipNonceAt).toHaveLength(3);
    // Only the gzip is kept: the page cache counts a page by it.
    expect(stored).not.toHaveProperty('plain');
    for (let i = 0; i < 3; i++) {
      const fresh = crypto.randomBytes(16).toString('base64');
      const gz = answerPatchable(stored, fresh, { status: 200, headers: htmlHeaders() }, 'gzip');
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gz.headers.get('vary')).toContain('Accept-Encoding');
      const bytes = Buffer.from(await gz.arrayBuffer());
      expect(bytes.length).toBeLessThan(Buffer.byteLength(page) / 5);
      // gunzip checks the CRC and the length in the trailer.
      expect(zlib.gunzipSync(bytes).toString()).toBe(page.replaceAll(nonce, fresh));
    }
  });

  test('brotli-only clients get gzip from a stored page too, others the plain page', async () => {
    const stored = patchablePage(page, nonce);
    const fresh = crypto.randomBytes(16).toString('base64');
    const br = answerPatchable(stored, fresh, { status: 404, headers: htmlHeaders() }, 'br');
    expect(br.status).toBe(404);
    expect(zlib.gunzipSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(page.replaceAll(nonce, fresh));
    const plain = answerPatchable(stored, fresh, { status: 200, headers: htmlHeaders() }, undefined);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page.replaceAll(nonce, fresh));
  });

  test('a page without the nonce, a small page and an image stay as they are', async () => {
    const fresh = crypto.randomBytes(16).toString('base64');
    const without = answerPatchable(patchablePage(html, nonce), fresh, { status: 200, headers: htmlHeaders() }, 'gzip');
    expect(zlib.gunzipSync(Buffer.from(await without.arrayBuffer())).toString()).toBe(html);
    const small = answerPatchable(
      patchablePage(`<p nonce="${nonce}">짧음</p>`, nonce),
      fresh,
      { status: 200, headers: htmlHeaders() },
      'gzip',
    );
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe(`<p nonce="${fresh}">짧음</p>`);
    const png = answerPatchable(
      patchablePage(html, nonce),
      fresh,
      { status: 200, headers: new Headers({ 'content-type': 'image/png' }) },
      'gzip',
    );
    expect(png.headers.get('content-encoding')).toBeNull();
  });

  test('holes are answered as stored, or filled with other text of any length (a member’s parts)', async () => {
    const withHoles = `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script><script id="me">null</script></head><body><me-slot><a>로그인</a></me-slot>${'<p>한인포털 게시판 😀</p>'.repeat(200)}<me-slot></me-slot><script nonce="${nonce}">2</script></body></html>`;
    const bytes = Buffer.from(withHoles);
    const hole = (open: string, close: string, from = 0): [number, number] => {
      const start = bytes.indexOf(open, from) + Buffer.byteLength(open);
      return [start, bytes.indexOf(close, start)];
    };
    const first = hole('<me-slot>', '</me-slot>');
    const holes = [hole('<script id="me">', '</script>'), first, hole('<me-slot>', '</me-slot>', first[1])];
    const stored = patchablePage(withHoles, nonce, holes);
    expect(zlib.gunzipSync(stored.gzip).toString()).toBe(withHoles);
    const fresh = crypto.randomBytes(16).toString('base64');
    const unzip = async (r: Response) => zlib.gunzipSync(Buffer.from(await r.arrayBuffer())).toString();
    const init = () => ({ status: 200, headers: htmlHeaders() });
    expect(await unzip(answerPatchable(stored, fresh, init(), 'gzip'))).toBe(withHoles.replaceAll(nonce, fresh));
    const long = `<b>${'긴닉네임'.repeat(20_000)}</b>`;
    const fill = ['{"id":7,"nickname":"회원"}', long, '<form><button>좋아요</button></form>'];
    const expected = withHoles
      .replaceAll(nonce, fresh)
      .replace('<script id="me">null</script>', `<script id="me">${fill[0]}</script>`)
      .replace('<me-slot><a>로그인</a></me-slot>', `<me-slot>${long}</me-slot>`)
      .replace('<me-slot></me-slot>', `<me-slot>${fill[2]}</me-slot>`);
    expect(await unzip(answerPatchable(stored, fresh, init(), 'gzip', fillOf(fill)))).toBe(expected);
    expect(await answerPatchable(stored, fresh, init(), undefined, fillOf(fill)).text()).toBe(expected);
    // The page's checksum is worked out without the plain page.
    expect(checksumOf(stored)(fresh)).toBe(zlib.crc32(withHoles.replaceAll(nonce, fresh)));
    for (const texts of [fill, ['', '', ''], ['null', '<a>로그인</a>', '']]) {
      // One fill-in answered with several nonces, as a member's is.
      const other = fillOf(texts);
      for (let i = 0; i < 3; i++) {
        const next = crypto.randomBytes(16).toString('base64');
        const { bytes, gzip } = patchedBytes(stored, next, { compress: true, fill: other });
        expect(gzip).toBe(true);
        // gunzip checks the CRC and the length in the trailer; the plain answer is the same page.
        const plain = zlib.gunzipSync(bytes);
        expect(plain).toEqual(patchedBytes(stored, next, { compress: false, fill: other }).bytes);
        expect(plain.toString()).toContain(next);
      }
    }
  });

  test('a long hole (a post’s report form) is compressed in the gzip, and still filled for a member', () => {
    const form = `<form>${'<label><input type="radio" name="reason">스팸·광고 홍보성 글</label>'.repeat(40)}</form>`;
    const withForm = `<html><head><script nonce="${nonce}">1</script></head><body><me-slot>${form}</me-slot>${'<p>한인포털 게시판 😀</p>'.repeat(100)}<script nonce="${nonce}">2</script></body></html>`;
    const bytes = Buffer.from(withForm);
    const start = bytes.indexOf('<me-slot>') + '<me-slot>'.length;
    const stored = patchablePage(withForm, nonce, [[start, bytes.indexOf('</me-slot>')]]);
    expect(stored.gzip.length).toBeLessThan(Buffer.byteLength(form) / 2);
    const fresh = crypto.randomBytes(16).toString('base64');
    expect(zlib.gunzipSync(patchedBytes(stored, fresh, { compress: true }).bytes).toString()).toBe(withForm.replaceAll(nonce, fresh));
    for (const texts of [['<button>신고</button>'], [form.replaceAll('스팸', '욕설')], ['']]) {
      const filled = patchedBytes(stored, fresh, { compress: true, fill: fillOf(texts) });
      expect(filled.gzip).toBe(true);
      expect(zlib.gunzipSync(filled.bytes).toString()).toBe(withForm.replaceAll(nonce, fresh).replace(form, texts[0] as string));
    }
  });

  test('pages that share their scripts are each answered whole, with their own content', () => {
    // A route's inline scripts between the nonces are the same in each of its pages; its text is not.
    const script = `<script nonce="${nonce}">${'startOnInteraction();'.repeat(60)}</script>`;
    const pageOf = (text: string) => `<html><head>${script}</head><body>${text.repeat(60)}${script}</body></html>`;
    for (const text of ['<p>첫 글</p>', '<p>둘째 글</p>', '<p>첫 글</p>', '<p>셋째글!</p>']) {
      const stored = patchablePage(pageOf(text), nonce);
      const fresh = crypto.randomBytes(16).toString('base64');
      const { bytes } = patchedBytes(stored, fresh, { compress: true });
      expect(zlib.gunzipSync(bytes).toString()).toBe(pageOf(text).replaceAll(nonce, fresh));
    }
  });

  test('what a stored page keeps takes the memory of its own bytes, not a shared slab', () => {
    // The page cache counts a page by these bytes; a small buffer cut from Buffer's shared pool
    // would keep the whole 64 KB slab alive with it.
    const bytes = Buffer.from(page);
    const start = bytes.indexOf('<body>') + 6;
    const stored = patchablePage(page, nonce, [[start, start + 100]]);
    const kept = [stored.gzip, ...stored.holes.map((h) => h.stored), ...Object.values(fillOf(['{"id":7}', '<a>회원</a>'])).flat()];
    for (const b of kept) expect(b.buffer.byteLength).toBe(b.length);
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
