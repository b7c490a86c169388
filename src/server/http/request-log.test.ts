import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { createLogger } from '#server/lib/logger.ts';
import { createMetrics } from '#server/lib/metrics.ts';
import type { AppEnv } from './context.ts';
import { CLIENT_CLOSED, redactUrl, requestLog } from './request-log.ts';

describe('URLs that carry secrets are logged without them', () => {
  test.each([
    ['/api/jwt', '?loginid=a@b.c&passwd=hunter2', '/api/jwt?[redacted]'],
    ['/api/user/findemail/someone@example.com', '', '/api/user/findemail/[redacted]'],
    ['/api/user/findpassword/someone@example.com', '', '/api/user/findpassword/[redacted]'],
    ['/api/user/checkpassword/12', '?number=123456', '/api/user/checkpassword/[redacted]?[redacted]'],
    ['/api/user/12', '?x=1', '/api/user/12?x=1'],
  ])('%s%s', (pathname, search, logged) => {
    expect(redactUrl(pathname, search)).toBe(logged);
  });
});

describe('a client that goes away before its answer', () => {
  test('is counted as 499, not as a server error', async () => {
    const metrics = createMetrics();
    const app = new Hono<AppEnv>();
    app.use(requestLog(createLogger('silent'), false, metrics));
    // As a page whose loaders end with an error once its request is aborted.
    app.get('/slow', async (c) => {
      await new Promise<void>((resolve) => c.req.raw.signal.addEventListener('abort', () => resolve(), { once: true }));
      return c.text('aborted', 500);
    });
    const server = http.createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const req = http.get({ host: '127.0.0.1', port, path: '/slow' });
      req.on('error', () => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      req.destroy();
      await expect
        .poll(async () => (await metrics.registry.metrics()).match(/http_requests_total\{[^}]*status="(\d+)"/)?.[1])
        .toBe(String(CLIENT_CLOSED));
      expect(metrics.errorsLastHour()).toBe(0);
    } finally {
      server.close();
    }
  });
});
