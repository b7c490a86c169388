import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service for tests, on 127.0.0.1 over http (the server allows it with PUSH_ALLOW_LOCAL=1):
// it takes what the site posts to a subscription's endpoint, checks the VAPID signature
// (RFC 8292) and decrypts the payload (aes128gcm, RFC 8188 with RFC 8291's keys) with the keys
// of a browser the test made, as the browser itself would.

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface TestBrowser {
  ecdh: crypto.ECDH;
  auth: Buffer;
  /** What POST /api/push/subscription takes. */
  subscription: (endpoint: string) => { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function newTestBrowser(): TestBrowser {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: (endpoint) => ({ endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } }),
  };
}

/** One push as the service received it, checked and decrypted. */
export interface ReceivedPush {
  /** The endpoint's path. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims and the key it named (`k=`), once its signature checked out. */
  vapid: { key: string; claims: { aud: string; exp: number; sub: string } };
  payload: unknown;
}

const hmac = (key: Buffer, ...data: Buffer[]) => crypto.createHmac('sha256', key).update(Buffer.concat(data)).digest();
const ONE = Buffer.from([1]);

/** RFC 8291 §3.4 and RFC 8188 §2: the payload of one aes128gcm record. */
export function decryptPush(body: Buffer, browser: TestBrowser): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(browser.auth, shared), keyInfo, ONE);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), ONE).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), ONE).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292 §3: `vapid t=<ES256 JWT>, k=<the public key>`; throws unless the JWT is signed by k. */
export function checkVapid(authorization: string | undefined): ReceivedPush['vapid'] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt = '', key = ''] = m;
  const point = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const signed = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return { key, claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) };
}

export interface PushReceiver {
  /** http://127.0.0.1:port */
  origin: string;
  /** A new endpoint on this service for `browser`; `status` is what the service answers there. */
  endpoint: (browser: TestBrowser, status?: number) => string;
  received: ReceivedPush[];
  /** Refusals: posts that failed the checks (bad signature, undecryptable). */
  failures: string[];
  /** Resolves with the pushes to `endpoint` once there are `count`, or rejects after `ms`. */
  waitFor: (endpoint: string, count?: number, ms?: number) => Promise<ReceivedPush[]>;
  close: () => Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const endpoints = new Map<string, { browser: TestBrowser; status: number }>();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const target = endpoints.get(path);
      if (!target) {
        res.writeHead(404).end();
        return;
      }
      try {
        if (req.method !== 'POST' || req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not an aes128gcm POST');
        const vapid = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), target.browser).toString('utf8'));
        received.push({ path, headers: req.headers, vapid, payload });
        res.writeHead(target.status).end();
      } catch (err) {
        failures.push(`${path}: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    received,
    failures,
    endpoint(browser, status = 201) {
      const path = `/push/${++n}-${crypto.randomBytes(4).toString('hex')}`;
      endpoints.set(path, { browser, status });
      return origin + path;
    },
    async waitFor(endpoint, count = 1, ms = 5000) {
      const path = new URL(endpoint).pathname;
      const until = Date.now() + ms;
      for (;;) {
        const mine = received.filter((r) => r.path === path);
        if (mine.length >= count) return mine;
        if (Date.now() > until) throw new Error(`${mine.length} of ${count} pushes reached ${path} in ${ms} ms; ${failures.join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
