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
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;
/** A stored page's gzip is made once, on its first render, and answered to every visitor after:
 * level 6 takes some 0.2 ms more of that render than level 3 (0.42 against 0.24 ms on a list, a
 * post and the index) for answers 5% smaller. That is what keeps a post page's first answer, with
 * its headers, within the 14.6 KB a new connection carries in its first round trip (TCP's initial
 * window of ten segments): past it, a phone on a slow network waits a round trip more for the
 * page (Lighthouse's simulation: 150 ms more to the first paint). */
const STORED_LEVEL = 6;
/** Runs shorter than this are stored as they are: a page holds its nonce some twenty times (each
 * script and preload tag), mostly around runs of 70 bytes, which compressed on their own shrink by
 * a few bytes while each compressor costs more to set up than the page's largest run takes. */
const SHORT_RUN = 512;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json))/;

/** Accept-Encoding values seen, with what they take: browsers send a few values over and over. */
const acceptedOf = new Map<string | undefined, Encoding | undefined>();
const MAX_ACCEPTED = 256;

/** The encoding a client takes (Accept-Encoding), brotli first; none for an explicit q=0. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (acceptedOf.has(header)) return acceptedOf.get(header);
  const found = readAccepted(header);
  if (acceptedOf.size >= MAX_ACCEPTED) acceptedOf.clear();
  acceptedOf.set(header, found);
  return found;
}

function readAccepted(header: string | undefined): Encoding | undefined {
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

export function encodedHeaders(headers: Headers, encoding: Encoding): Headers {
  const out = new Headers(headers);
  out.set('Content-Encoding', encoding);
  out.append('Vary', 'Accept-Encoding');
  out.delete('Content-Length');
  return out;
}

/** Whether an answer with these headers is compressed for a client that takes `encoding`. */
export function compressible(headers: Headers, encoding: Encoding | undefined): encoding is Encoding {
  return encoding !== undefined && !headers.has('content-encoding') && COMPRESSIBLE.test(headers.get('content-type') ?? '');
}

/** A stored page, ready to be answered with any nonce, plain or gzip, and with other content in
 * its holes (a member's parts of a shared page, pages.ts). Only its gzip is kept: the plain page
 * is some four times larger, and a client that takes no compression is rare (it gets the gzip
 * unzipped), so the page cache holds four times as many pages in the same memory. */
export interface PatchablePage {
  gzip: Buffer;
  gzipNonceAt: number[];
  nonceLength: number;
  /** The plain page's length. */
  length: number;
  /** The holes, in order: the byte range [start, end) of the gzip's blocks that hold one (`blocksOf`),
   * and its content as stored. */
  holes: { gzip: [number, number]; stored: Buffer }[];
  /** What its checksum with any nonce and fill-in is worked out from (`checksumOf`). Data, not a
   * function: a page drawn in a render thread crosses to the server's (pages/render-thread.ts). */
  checksum: ChecksumParts;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block: stored, final, empty. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

/** `parts` joined in memory of their own, for bytes kept past the request (a stored page, a
 * member's fill-in). Buffer.from and Buffer.concat give anything under 32 KB a slice of a shared
 * 64 KB slab, and one kept slice keeps its whole slab: a list page's 10 KB gzip kept 64 KB, and
 * with its other small copies a stored page held some 140 KB where the cache counted 10. */
function kept(...parts: Uint8Array[]): Buffer<ArrayBuffer> {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = Buffer.allocUnsafeSlow(size) as Buffer<ArrayBuffer>;
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `content` as uncompressed ("stored") deflate blocks, none of them final. */
function storedBlocks(content: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  do {
    const part = content.subarray(from, from + MAX_STORED);
    const len = part.length;
    out.push(Buffer.from([0x00, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff]), part);
    from += MAX_STORED;
  } while (from < content.length);
  return out;
}

/** Runs compressed lately, by their CRC-32: the inline scripts between a page's nonces (the theme's,
 * the one that starts the app on interaction, a route's module list) and the header before its
 * member's parts are the same in every page of a route: three of a post page's seven runs. A run
 * is kept once it comes a second time (most runs, a page's title and text, never do, and copying
 * them to keep costs more than it saves); longer runs (a page's body) are not looked for. */
const recentRuns = new Map<number, { run: Buffer; deflated: Buffer }>();
const RECENT_RUNS = 32;
const RECENT_RUN_BYTES = 8 * 1024;
/** The CRC-32s of runs seen once lately. */
const seenRuns = new Set<number>();
const SEEN_RUNS = 1024;

/** A run of a page compressed on its own: a sync flush ends it byte-aligned, with nothing referring
 * back past it. */
function compressedRun(run: Buffer): Buffer {
  if (run.length > RECENT_RUN_BYTES) return deflatedRun(run);
  const key = zlib.crc32(run);
  const recent = recentRuns.get(key);
  if (recent?.run.equals(run)) {
    recentRuns.delete(key);
    recentRuns.set(key, recent);
    return recent.deflated;
  }
  const deflated = deflatedRun(run);
  if (!seenRuns.has(key)) {
    if (seenRuns.size >= SEEN_RUNS) seenRuns.clear();
    seenRuns.add(key);
    return deflated;
  }
  recentRuns.delete(key);
  if (recentRuns.size >= RECENT_RUNS) recentRuns.delete(recentRuns.keys().next().value as number);
  recentRuns.set(key, { run: kept(run), deflated: kept(deflated) });
  return deflated;
}

/** Content as the gzip's next blocks, ending byte-aligned with nothing referring back past their
 * start, so that a stored page's holes can be replaced whole by a member's: compressed on its own
 * when long (a hole too: a post's report form, 2 KB, stored as it was, made a visitor's answer a
 * tenth larger), else in stored blocks. */
function blocksOf(content: Buffer): Buffer[] {
  return content.length >= SHORT_RUN ? [compressedRun(content)] : storedBlocks(content);
}

function deflatedRun(run: Buffer): Buffer {
  return zlib.deflateRawSync(run, { level: STORED_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

/** The page split at each occurrence of `nonce` (ASCII, as a base64 nonce is) and at `holes`
 * (byte ranges of the UTF-8 page, in order, none holding the nonce). */
export function patchablePage(body: string | Buffer, nonce: string, holes: readonly [number, number][] = []): PatchablePage {
  const plain = typeof body === 'string' ? Buffer.from(body) : body;
  const plainNonceAt: number[] = [];
  for (let at = plain.indexOf(nonce); at !== -1; at = plain.indexOf(nonce, at + nonce.length)) plainNonceAt.push(at);
  const cuts = [
    ...plainNonceAt.map((at) => ({ start: at, end: at + nonce.length, hole: false })),
    ...holes.map(([start, end]) => ({ start, end, hole: true })),
  ].sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [GZIP_HEADER];
  const gzipNonceAt: number[] = [];
  const gzipHoles: PatchablePage['holes'] = [];
  let size = GZIP_HEADER.length;
  const push = (b: Buffer) => {
    parts.push(b);
    size += b.length;
  };
  /** One run between cuts (none when empty). */
  const pushRun = (run: Buffer) => {
    if (run.length > 0) for (const b of blocksOf(run)) push(b);
  };
  let from = 0;
  for (const cut of cuts) {
    if (cut.start < from) throw new Error('overlapping holes in a page');
    pushRun(plain.subarray(from, cut.start));
    const begin = size;
    if (cut.hole) {
      for (const b of blocksOf(plain.subarray(cut.start, cut.end))) push(b);
      gzipHoles.push({ gzip: [begin, size], stored: kept(plain.subarray(cut.start, cut.end)) });
    } else {
      const blocks = storedBlocks(plain.subarray(cut.start, cut.end));
      push(blocks[0] as Buffer);
      gzipNonceAt.push(size);
      push(blocks[1] as Buffer);
    }
    from = cut.end;
  }
  pushRun(plain.subarray(from));
  push(FINAL_BLOCK);
  const checksum = checksumParts(
    plain,
    plainNonceAt,
    nonce.length,
    holes.map(([start]) => start),
    gzipHoles.map((h) => h.stored),
  );
  const trailer = Buffer.alloc(8);
  push(trailer);
  const page = { gzip: kept(...parts), gzipNonceAt, nonceLength: nonce.length, length: plain.length, holes: gzipHoles, checksum };
  // Its checksum read the page once already: the stored nonce gives the page's own CRC.
  page.gzip.writeUInt32LE(checksumOf(page)(nonce), page.gzip.length - 8);
  page.gzip.writeUInt32LE(plain.length % 2 ** 32, page.gzip.length - 4);
  return page;
}

/** A stored page as another thread sent it: structured cloning gives its buffers back as plain
 * Uint8Arrays, seen again as Buffers (no copy). */
export function receivedPage(page: PatchablePage): PatchablePage {
  const buffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength) as Buffer<ArrayBuffer>;
  const { stored } = page.checksum;
  return {
    ...page,
    gzip: buffer(page.gzip),
    holes: page.holes.map((h) => ({ gzip: h.gzip, stored: buffer(h.stored) })),
    checksum: { ...page.checksum, ...(stored && { stored: buffer(stored) }) },
  };
}

/** Contents for a page's holes, in order: as the plain page holds them, and as the gzip does
 * (`blocksOf`). Made once for the answers of one member's fill-in (the same object answer after
 * answer, which the page's checksum keeps its part of the work for). */
export interface Fill {
  plain: Buffer[];
  gzip: Buffer[];
}

export function fillOf(texts: readonly string[]): Fill {
  const plain = texts.map((text) => kept(Buffer.from(text)));
  return { plain, gzip: plain.map((b) => kept(...blocksOf(b))) };
}

/** The stored page with `nonce` in it and, given `fill`, each hole's content replaced by the one
 * at its index; gzip when the client takes gzip or brotli. */
export function answerPatchable(
  page: PatchablePage,
  nonce: string,
  init: { status: number; headers: Headers },
  encoding: Encoding | undefined,
  fill?: Fill,
): Response {
  const answer = patchedBytes(page, nonce, { compress: compressible(init.headers, encoding), ...(fill && { fill }) });
  if (!answer.gzip) return new Response(answer.bytes, init);
  return new Response(answer.bytes, { status: init.status, headers: encodedHeaders(init.headers, 'gzip') });
}

/** The stored page's bytes with `nonce` in it and, given `fill`, its holes filled: its gzip when
 * `compress` and the page is large enough to gain from it, else the plain page (unzipped). */
export function patchedBytes(
  page: PatchablePage,
  nonce: string,
  options: { compress: boolean; fill?: Fill },
): { bytes: Buffer<ArrayBuffer>; gzip: boolean } {
  if (nonce.length !== page.nonceLength) throw new Error('a nonce of another length');
  const { compress, fill } = options;
  const filled = fill?.plain;
  let length = page.length;
  if (filled) for (const [i, h] of page.holes.entries()) length += (filled[i] as Buffer).length - h.stored.length;
  // The plain page is never made to compress it, only its checksum.
  const gzip = gzipOf(page, nonce, fill);
  gzip.writeUInt32LE(checksumOf(page)(nonce, filled), gzip.length - 8);
  gzip.writeUInt32LE(length % 2 ** 32, gzip.length - 4);
  if (compress && length >= MIN_BYTES) return { bytes: gzip, gzip: true };
  return { bytes: zlib.gunzipSync(gzip) as Buffer<ArrayBuffer>, gzip: false };
}

/** The stored gzip with `nonce` in it and, given `fill`, its holes' blocks holding that; its
 * trailer is the stored page's. */
function gzipOf(page: PatchablePage, nonce: string, fill: Fill | undefined): Buffer<ArrayBuffer> {
  const holes = fill ? page.holes : [];
  return composed(
    page.gzip,
    page.gzipNonceAt,
    nonce,
    holes.map((h) => h.gzip),
    fill?.gzip ?? [],
  );
}

/** The CRC-32 of a stored page with a nonce in it and, given the holes' contents, those in them. */
export type PageChecksum = (nonce: string, filled?: readonly Buffer[]) => number;

// CRC-32 arithmetic. The CRC register is a polynomial over GF(2) (bit 31 is x^0: the reflected
// form zlib uses); reading a byte multiplies it by x^8 modulo the CRC polynomial and adds the
// byte. So the register after a text T read from state s is shift(s, |T|) + read(0, T), and
// shift(s, n) is s times x^(8n): a multiplication by a constant for a text of a known length.

const CRC_POLYNOMIAL = 0xedb88320;
/** x^0: the register's top bit. */
const ONE = 0x80000000;

/** a times b modulo the CRC polynomial. */
function mulMod(a: number, b: number): number {
  let product = 0;
  for (let bit = ONE; a !== 0 && bit !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= b;
      a ^= bit;
    }
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** The register after `text` from state `state` (zlib's crc32 conditions its input and output). */
const read = (state: number, text: Uint8Array | string): number => ~zlib.crc32(text, ~state >>> 0) >>> 0;

/** x^(8·2^k) for k = 0..31: x^8 is one zero byte read, and each is the square of the one before. */
const SQUARES: number[] = [];
for (let k = 0, factor = read(ONE, Buffer.alloc(1)); k < 32; k++, factor = mulMod(factor, factor)) SQUARES.push(factor);

/** x^(8n): the factor a register is multiplied by as n zero bytes are read. Made from n's bits
 * (a few multiplications) rather than by reading n zero bytes, which for each nonce place of a
 * page being stored came to several times the page. */
function shiftFactor(n: number): number {
  let factor = ONE;
  for (let k = 0, left = n; left > 0; k++, left >>>= 1) if (left & 1) factor = mulMod(factor, SQUARES[k] as number);
  return factor;
}

/** What a page's checksum with any nonce and any contents in its holes is worked out from, in
 * under a microsecond where reading the page takes some ten; making it costs about two such
 * reads, and once per fill-in a reading of that. The page is cut at its holes into fixed runs,
 * each known by its register, the factor its length moves the register before it by, and the sum
 * of x^(8d) over its nonce places (d: the bytes after each to the run's end). Read through with
 * a fill-in in the holes, those give the page's checksum with the stored nonce S and the same sum
 * over the whole page; a page with nonce N differs from it by N xor S at each nonce place, so its
 * register differs by read(0, N xor S) times that sum. */
export interface ChecksumParts {
  /** The stored nonce's bytes; none when the page holds no nonce. */
  stored: Buffer | undefined;
  runs: { register: number; shift: number; nonces: number }[];
}

function checksumParts(
  plain: Buffer,
  nonceAt: readonly number[],
  length: number,
  holesAt: readonly number[],
  holes: readonly Buffer[],
): ChecksumParts {
  const first = nonceAt[0];
  const stored = first === undefined ? undefined : kept(plain.subarray(first, first + length));
  const runs: ChecksumParts['runs'] = [];
  let from = 0;
  let n = 0;
  for (const end of [...holesAt, plain.length]) {
    let nonces = 0;
    for (; n < nonceAt.length && (nonceAt[n] as number) < end; n++) nonces ^= shiftFactor(end - (nonceAt[n] as number) - length);
    runs.push({ register: read(0, plain.subarray(from, end)), shift: shiftFactor(end - from), nonces });
    from = end + (holes[runs.length - 1]?.length ?? 0);
  }
  return { stored, runs };
}

/** Each stored page's checksum function, made on its first answer in this thread. */
const checksums = new WeakMap<PatchablePage, PageChecksum>();

/** The page's checksum with any nonce and, given them, any contents in its holes. */
export function checksumOf(page: PatchablePage): PageChecksum {
  let made = checksums.get(page);
  if (!made) {
    made = checksumFunction(
      page.checksum,
      page.nonceLength,
      page.holes.map((h) => h.stored),
    );
    checksums.set(page, made);
  }
  return made;
}

function checksumFunction({ stored, runs }: ChecksumParts, length: number, holes: readonly Buffer[]): PageChecksum {
  /** The checksum with the stored nonce and `filled` in the holes, and the sum of x^(8d) over the
   * nonce places to the page's end. */
  const withFill = (filled: readonly Buffer[]) => {
    let state = 0xffffffff;
    let nonces = 0;
    runs.forEach((run, i) => {
      state = (mulMod(run.shift, state) ^ run.register) >>> 0;
      nonces = (mulMod(run.shift, nonces) ^ run.nonces) >>> 0;
      const hole = filled[i];
      if (hole) {
        state = read(state, hole);
        nonces = mulMod(shiftFactor(hole.length), nonces);
      }
    });
    return { crc: ~state >>> 0, nonces };
  };
  const asStored = withFill(holes);
  // A member's fill-in is the same object answer after answer (pages/member-fill.ts).
  const fills = new WeakMap<readonly Buffer[], ReturnType<typeof withFill>>();
  const difference = Buffer.alloc(length);
  return (nonce, filled) => {
    let fixed = filled ? fills.get(filled) : asStored;
    if (!fixed) {
      fixed = withFill(filled as readonly Buffer[]);
      fills.set(filled as readonly Buffer[], fixed);
    }
    if (!stored || fixed.nonces === 0) return fixed.crc;
    difference.write(nonce, 'latin1');
    for (let i = 0; i < length; i++) difference[i] = (difference[i] as number) ^ (stored[i] as number);
    return (fixed.crc ^ mulMod(fixed.nonces, read(0, difference))) >>> 0;
  };
}

/** `source` with `nonce` written at each of `nonceAt` (none inside a range) and each range
 * replaced by the content at its index, made in one copy (an answer's one allocation). */
function composed(
  source: Buffer,
  nonceAt: readonly number[],
  nonce: string,
  ranges: readonly [number, number][],
  contents: readonly Buffer[],
): Buffer<ArrayBuffer> {
  let size = source.length;
  ranges.forEach(([start, end], i) => {
    size += (contents[i] as Buffer).length - (end - start);
  });
  // Not from Buffer's shared pool: the answer's body keeps this memory. Not zeroed either: every
  // byte is written below.
  const out = Buffer.allocUnsafeSlow(size) as Buffer<ArrayBuffer>;
  const nonceBytes = Buffer.from(nonce, 'latin1');
  let from = 0;
  let to = 0;
  let n = 0;
  const copyTo = (end: number) => {
    source.copy(out, to, from, end);
    for (; n < nonceAt.length && (nonceAt[n] as number) < end; n++) out.set(nonceBytes, to + (nonceAt[n] as number) - from);
    to += end - from;
    from = end;
  };
  ranges.forEach(([start, end], i) => {
    copyTo(start);
    to += (contents[i] as Buffer).copy(out, to);
    from = end;
  });
  copyTo(source.length);
  return out;
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
