import crypto from 'node:crypto';

// The headers a page answer carries beyond its own: the CSP with the answer's nonce, whether a
// shared cache may keep it, and that it differs by cookie. pages.ts's answers and the page cache's
// direct answers (stored-hit.ts) take them from here.

/** The Content-Security-Policy for a nonce: the text around the nonce is made once. */
export function contentSecurityPolicy(dev: boolean, apiBase: string): (nonce: string) => string {
  // An API_BASE on another origin must be reachable from the page's scripts.
  const api = URL.canParse(apiBase) ? ` ${new URL(apiBase).origin}` : '';
  const [before, after] = [
    "default-src 'self'",
    // Development adds Vite's inline preamble and its HMR socket.
    `script-src 'self' 'nonce-\0'${dev ? " 'unsafe-inline'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${api}${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .join('; ')
    .split('\0') as [string, string];
  return (nonce) => before + nonce + after;
}

/** A page's own headers with the page rules added: a member's page is never stored by a shared
 * (HTTP) cache, a visitor's is revalidated; both differ by cookie. */
export function pageHeaders(own: HeadersInit, page: { csp?: string; member: boolean; setCookie?: string }): Headers {
  const headers = new Headers(own);
  if (page.csp !== undefined) headers.set('Content-Security-Policy', page.csp);
  headers.set('Cache-Control', page.member ? 'private, no-store' : 'no-cache');
  headers.append('Vary', 'Cookie');
  if (page.setCookie) headers.append('Set-Cookie', page.setCookie);
  return headers;
}

/** Random bytes drawn at once for many nonces: one call to the system's generator per this many
 * bytes rather than per answer. */
const NONCE_POOL_BYTES = 4096;
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_POOL_BYTES);
let used = NONCE_POOL_BYTES;

/** A fresh CSP nonce for one answer: 128 random bits, base64 (24 characters). */
export function pageNonce(): string {
  if (used + NONCE_BYTES > NONCE_POOL_BYTES) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.toString('base64', used - NONCE_BYTES, used);
}

/** Headers as name-value pairs: how a stored page keeps them and how they cross threads. */
export function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => {
    pairs.push([name, value]);
  });
  return pairs;
}
