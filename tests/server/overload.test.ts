import net from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages } from '#shared/messages.ts';
import { ROOT, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Overload on a real listening server: above its bounds the server refuses new work at once with
// 503, Retry-After and a Korean message, serves what it took, and /api/health keeps answering.

let t: TestApp;
let server: ReturnType<typeof serve>;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ LOAD_MAX_IN_FLIGHT: '4', LOAD_MAX_DELAY_MS: '150' });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

let ip = 0;
async function login() {
  const started = Date.now();
  const res = await fetch(`${base}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${++ip >> 8}.${ip & 255}` },
    body: JSON.stringify(ROOT),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any, ms: Date.now() - started };
}

describe('load shedding', () => {
  test('a burst far above the bound of requests under way: some are refused quickly with 503 and Retry-After, the admitted ones succeed, /api/health answers', async () => {
    // A login hashes a password off the event loop: requests pile up under way.
    const burst = Array.from({ length: 60 }, () => login());
    const health = await fetch(`${base}/api/health`);
    const answers = await Promise.all(burst);
    expect(health.status).toBe(200);
    const refused = answers.filter((a) => a.status === 503);
    const admitted = answers.filter((a) => a.status !== 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(admitted.length).toBeGreaterThanOrEqual(4);
    for (const a of admitted) expect(a.status).toBe(200);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.body).toMatchObject({ code: 'error', message: 'unavailable', detail: Messages.overloaded });
    }
    // Refused at once, not after waiting behind the admitted ones.
    const slowestAdmitted = Math.max(...admitted.map((a) => a.ms));
    expect(Math.min(...refused.map((r) => r.ms))).toBeLessThan(slowestAdmitted);
    // Once the burst is over, the server takes requests again.
    expect((await login()).status).toBe(200);
  });

  test('one long task alone (a first render, a rebuild) refuses nothing', async () => {
    const until = Date.now() + 600;
    while (Date.now() < until) {}
    expect((await fetch(`${base}/api/board?topcategory=5&keyword=once`)).status).toBe(200);
  });

  test('requests that arrive while the event loop runs late are refused; /api/health is not; the next ones are served', async () => {
    const port = Number(new URL(base).port);
    const sockets = await Promise.all(
      Array.from({ length: 8 }, () => {
        const socket = net.connect(port, '127.0.0.1');
        return new Promise<net.Socket>((resolve) => socket.once('connect', () => resolve(socket)));
      }),
    );
    const answers = sockets.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = '';
          socket.on('data', (d) => {
            text += d;
            if (text.includes('\r\n\r\n')) resolve(text);
          });
        }),
    );
    const stall = () => {
      const until = Date.now() + 600;
      while (Date.now() < until) {}
    };
    // The loop is held up for 600 ms twice in a row (what synchronous work piling up does; one
    // long task alone is no overload), the requests arriving during the second time. A timer
    // starts the second, so that the loop's own measure comes round in between.
    stall();
    setTimeout(() => {
      sockets.forEach((socket, i) => {
        const path = i === 0 ? '/api/health' : `/api/board?topcategory=5&keyword=late${i}`;
        socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      });
      stall();
    }, 0);
    const statuses = (await Promise.all(answers)).map((text) => Number(text.split(' ')[1]));
    expect(statuses[0]).toBe(200);
    // Those read just after the stall are refused; once the loop is on time again it admits the rest.
    expect(statuses.slice(1)).toContain(503);
    for (const status of statuses.slice(1)) expect([200, 503]).toContain(status);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${base}/api/board?topcategory=5`)).status).toBe(200);
  });
});
