import { Readable } from 'node:stream';
import zlib from 'node:zlib';

// Every page answer differs at least by its CSP nonce, so a page cannot simply be compressed once.
// A stored page (page-cache.ts) is: its gzip is made once with each nonce in an uncompressed
// ("stored") deflate block, and every answer writes its own nonce into a copy and fixes the
// checksum (microseconds, where compressing anew costs a millisecond). A page rendered for a
// member is compressed as it streams, at brotli's or gzip's fastest setting. Built assets are
// compressed at build time (vite.config.ts) and served precompressed.

export type Encoding = 'br' | 'gzip';

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };
/** A stored page's gzip is made on its first render, which is what a page the cache has never
 * seen costs: level 3 takes about half of level 6's CPU for pages 3-7% larger (measured on a list,
 * a post and the index: 0.24 against 0.42 ms; 8.5 against 7.9 KB). */
const STORED_LEVEL = 3;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json))/;

/** The encoding a client takes (Accept-Encoding), brotli first; none for an explicit q=0. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  const offered = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

function encodedHeaders(headers: Headers, encoding: Encoding): Headers {
  const out = new Headers(headers);
  out.set('Content-Encoding', encoding);
  out.append('Vary', 'Accept-Encoding');
  out.delete('Content-Length');
  return out;
}

function compressible(headers: Headers, encoding: Encoding | undefined): encoding is Encoding {
  return encoding !== undefined && !headers.has('content-encoding') && COMPRESSIBLE.test(headers.get('content-type') ?? '');
}

/** A stored page, ready to be answered with any nonce, plain or gzip. */
export interface PatchablePage {
  plain: Buffer;
  plainNonceAt: number[];
  gzip: Buffer;
  gzipNonceAt: number[];
  nonceLength: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block: stored, final, empty. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A stored (uncompressed, non-final) deflate block's header for `len` bytes. */
function storedHeader(len: number): Buffer {
  return Buffer.from([0x00, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff]);
}

/** Runs shorter than this are stored as they are: a page holds its nonce some twenty times (each
 * script and preload tag), mostly around runs of 70 bytes, which compressed on their own shrink by
 * a few bytes while each compressor costs more to set up than the page's largest run takes. */
const SHORT_RUN = 512;

/** One run between nonces, compressed on its own; a sync flush ends it byte-aligned, with nothing
 * referring back past it. */
function deflateRun(run: Buffer): Buffer[] {
  if (run.length < SHORT_RUN) return [storedHeader(run.length), run];
  return [zlib.deflateRawSync(run, { level: STORED_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH })];
}

/** The page split at each occurrence of `nonce` (ASCII, as a base64 nonce is). */
export function patchablePage(body: string, nonce: string): PatchablePage {
  const plain = Buffer.from(body);
  const plainNonceAt: number[] = [];
  for (let at = plain.indexOf(nonce); at !== -1; at = plain.indexOf(nonce, at + nonce.length)) plainNonceAt.push(at);
  const parts: Buffer[] = [GZIP_HEADER];
  const gzipNonceAt: number[] = [];
  let size = GZIP_HEADER.length;
  const push = (b: Buffer) => {
    parts.push(b);
    size += b.length;
  };
  let from = 0;
  for (const at of [...plainNonceAt, plain.length]) {
    if (at > from) for (const b of deflateRun(plain.subarray(from, at))) push(b);
    if (at === plain.length) break;
    const len = nonce.length;
    push(storedHeader(len));
    gzipNonceAt.push(size);
    push(Buffer.from(nonce, 'latin1'));
    from = at + len;
  }
  push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(plain), 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  push(trailer);
  return { plain, plainNonceAt, gzip: Buffer.concat(parts, size), gzipNonceAt, nonceLength: nonce.length };
}

/** The stored page with `nonce` in it, gzip when the client takes gzip or brotli. */
export function answerPatchable(
  page: PatchablePage,
  nonce: string,
  init: { status: number; headers: Headers },
  encoding: Encoding | undefined,
): Response {
  if (nonce.length !== page.nonceLength) throw new Error('a nonce of another length');
  if (!compressible(init.headers, encoding) || page.plain.length < MIN_BYTES) {
    const plain = Buffer.from(page.plain);
    for (const at of page.plainNonceAt) plain.write(nonce, at, 'latin1');
    return new Response(new Uint8Array(plain), init);
  }
  const gzip = Buffer.from(page.gzip);
  for (const at of page.gzipNonceAt) gzip.write(nonce, at, 'latin1');
  gzip.writeUInt32LE(patchedCrc(page, nonce), gzip.length - 8);
  return new Response(new Uint8Array(gzip), { status: init.status, headers: encodedHeaders(init.headers, 'gzip') });
}

/** The checksum of the plain page with `nonce` in it, run over its pieces: no copy of the page. */
function patchedCrc(page: PatchablePage, nonce: string): number {
  const nonceBytes = Buffer.from(nonce, 'latin1');
  let crc = 0;
  let from = 0;
  for (const at of page.plainNonceAt) {
    crc = zlib.crc32(page.plain.subarray(from, at), crc);
    crc = zlib.crc32(nonceBytes, crc);
    from = at + page.nonceLength;
  }
  return zlib.crc32(page.plain.subarray(from), crc);
}

/** A streamed body (a page rendered for a member): compressed chunk by chunk as it comes. */
export function compressStream(response: Response, encoding: Encoding | undefined): Response {
  if (!response.body || !compressible(response.headers, encoding)) return response;
  const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(GZIP);
  const source = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  source.on('error', (err) => compressor.destroy(err));
  const body = Readable.toWeb(source.pipe(compressor)) as ReadableStream;
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: encodedHeaders(response.headers, encoding),
  });
}
