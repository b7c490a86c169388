import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Pages are compressed as they are sent, since every answer differs at least by its CSP nonce.
// Brotli at quality 4 costs about what gzip at its fastest does and makes smaller pages; gzip
// serves clients without brotli. Built assets are compressed once, at build time (vite.config.ts),
// and served precompressed.

export type Encoding = 'br' | 'gzip';

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 5 };
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json))/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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

/** A whole body held as text (a stored page). */
export async function compressText(
  body: string,
  init: { status: number; headers: Headers },
  encoding: Encoding | undefined,
): Promise<Response> {
  if (!compressible(init.headers, encoding) || body.length < MIN_BYTES) return new Response(body, init);
  const bytes = encoding === 'br' ? await brotli(body, BROTLI) : await gzip(body, GZIP);
  return new Response(new Uint8Array(bytes), { status: init.status, headers: encodedHeaders(init.headers, encoding) });
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
