import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createApiClient } from './api-client.ts';

// The client against a real HTTP server on 127.0.0.1: each path answers a scripted sequence of
// statuses, and every request is recorded with its method and Authorization header.

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  body: string;
}
let seen: Seen[] = [];
let server: http.Server;
let base: string;

type Reply = { status: number; headers?: Record<string, string>; body?: string };
const scripts: Record<string, Reply[]> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
      const path = (req.url ?? '').split('?')[0] ?? '';
      const script = scripts[path] ?? [];
      // The last reply repeats once the script runs out.
      const reply = (script.length > 1 ? script.shift() : script[0]) ?? { status: 404, body: '{"code":"error","message":"not found"}' };
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body ?? (reply.status < 400 ? '{"code":"ok","n":1}' : '{"code":"error","message":"server error"}'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  for (const key of Object.keys(scripts)) delete scripts[key];
});

const client = (extra: Parameters<typeof createApiClient>[0] = {}) =>
  createApiClient({ base, token: () => 'tok-1', backoffMs: 20, ...extra });

test('a 503 is retried and the 200 that follows is the answer', async () => {
  scripts['/api/flaky'] = [{ status: 503 }, { status: 200 }];
  const answer = await client().get<{ n: number }>('/flaky', { page: 2, keyword: '렌트' });
  expect(answer).toEqual({ code: 'ok', n: 1 });
  expect(seen.map((s) => s.url)).toEqual(['/api/flaky?page=2&keyword=%EB%A0%8C%ED%8A%B8', '/api/flaky?page=2&keyword=%EB%A0%8C%ED%8A%B8']);
});

test('every attempt carries the Bearer token', async () => {
  scripts['/api/flaky'] = [{ status: 502 }, { status: 504 }, { status: 200 }];
  await client().get('/flaky');
  expect(seen.map((s) => s.auth)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1']);
});

test('a 429 waits for its Retry-After before trying again', async () => {
  scripts['/api/limited'] = [{ status: 429, headers: { 'Retry-After': '1' } }, { status: 200 }];
  const started = Date.now();
  const answer = await client().get('/limited');
  expect(answer.code).toBe('ok');
  expect(seen).toHaveLength(2);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});

test('a Retry-After longer than the cap is not waited for', async () => {
  scripts['/api/limited'] = [{ status: 429, headers: { 'Retry-After': '60' }, body: '{"code":"error","message":"too many requests"}' }];
  const started = Date.now();
  const answer = await client({ maxRetryAfterMs: 2000 }).get('/limited');
  expect(answer).toMatchObject({ code: 'error', message: 'too many requests', status: 429 });
  expect(seen).toHaveLength(1);
  expect(Date.now() - started).toBeLessThan(500);
});

test('a refusal with Retry-After says how long to wait when the server gave no Korean reason', async () => {
  scripts['/api/limited'] = [{ status: 429, headers: { 'Retry-After': '40' }, body: '{"code":"error","message":"too many requests"}' }];
  expect(await client({ maxRetryAfterMs: 2000 }).post('/limited', { a: 1 })).toMatchObject({
    status: 429,
    message: 'too many requests',
    detail: '요청이 너무 많습니다. 40초 후에 다시 시도하세요',
  });
  scripts['/api/down'] = [
    { status: 503, headers: { 'Retry-After': '90' }, body: '{"code":"error","message":"unavailable","detail":"pool"}' },
  ];
  expect(await client({ maxRetryAfterMs: 2000 }).get('/down')).toMatchObject({
    status: 503,
    detail: '일시적으로 서비스를 이용할 수 없습니다. 2분 후에 다시 시도하세요',
  });
});

test('the server’s own Korean wait sentence is kept as it is', async () => {
  const said = '댓글은 1분에 5개까지 달 수 있습니다. 40초 후에 다시 시도하세요';
  scripts['/api/comment'] = [
    { status: 429, headers: { 'Retry-After': '40' }, body: JSON.stringify({ code: 'error', message: 'too many requests', detail: said }) },
  ];
  expect(await client({ maxRetryAfterMs: 2000 }).post('/comment', { content: '안녕 👋' })).toMatchObject({ status: 429, detail: said });
});

test('a 400 is final: not retried, its key and detail come back', async () => {
  scripts['/api/bad'] = [
    { status: 400, body: '{"code":"error","message":"invalid","field":"passwd","detail":"비밀번호는 8자 이상이어야 합니다"}' },
  ];
  const answer = await client().post('/bad', { passwd: 'x' });
  expect(answer).toEqual({ code: 'error', message: 'invalid', status: 400, field: 'passwd', detail: '비밀번호는 8자 이상이어야 합니다' });
  expect(seen).toHaveLength(1);
  expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ passwd: 'x' });
});

test('a POST is retried once only', async () => {
  scripts['/api/down'] = [{ status: 503 }];
  const answer = await client().post('/down', { a: 1 });
  expect(answer).toMatchObject({ code: 'error', status: 503 });
  expect(seen.map((s) => s.method)).toEqual(['POST', 'POST']);
});

test('an idempotent call is retried three times with growing waits', async () => {
  scripts['/api/down'] = [{ status: 500 }];
  const started = Date.now();
  await client({ backoffMs: 40 }).delete('/down', { id: 1 });
  expect(seen.map((s) => s.method)).toEqual(['DELETE', 'DELETE', 'DELETE', 'DELETE']);
  // 40 + 80 + 160 ms, each at least three quarters of that.
  expect(Date.now() - started).toBeGreaterThanOrEqual(0.75 * 280);
});

test('statuses outside the retryable set are never retried', async () => {
  for (const status of [401, 403, 404, 413]) {
    scripts['/api/final'] = [{ status }];
    seen = [];
    await client().get('/final');
    expect(seen).toHaveLength(1);
  }
});

test('an unreachable server is retried, then answers a network failure', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  let calls = 0;
  const answer = await createApiClient({
    base: `http://127.0.0.1:${port}/api`,
    backoffMs: 10,
    fetch: (input, init) => {
      calls++;
      return fetch(input, init);
    },
  }).get('/health');
  expect(answer).toEqual({ code: 'error', message: 'network', status: 0 });
  expect(calls).toBe(4);
});

test('a download sends the auth header and saves the file under the server’s name', async () => {
  scripts['/api/upload/7/download'] = [
    {
      status: 200,
      headers: {
        'Content-Type': 'text/plain',
        'Content-Disposition': 'attachment; filename="a.txt"; filename*=UTF-8\'\'%EC%95%88%EB%82%B4.txt',
      },
      body: 'hello',
    },
  ];
  const saved: { name: string; text: string }[] = [];
  const alerts: string[] = [];
  const ok = await client({
    save: (file, name) => void file.text().then((text) => saved.push({ name, text })),
    alert: (m) => alerts.push(m),
  }).download('/upload/7/download');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(ok).toBe(true);
  expect(saved).toEqual([{ name: '안내.txt', text: 'hello' }]);
  expect(alerts).toEqual([]);
  expect(seen[0]?.auth).toBe('Bearer tok-1');
});

test('a failed download alerts 파일 다운로드 실패', async () => {
  const alerts: string[] = [];
  const saved: string[] = [];
  const ok = await client({ save: (_f, name) => saved.push(name), alert: (m) => alerts.push(m) }).download('/upload/404/download');
  expect(ok).toBe(false);
  expect(alerts).toEqual(['파일 다운로드 실패']);
  expect(saved).toEqual([]);
});

test('every call goes to the configured base, read at each call', async () => {
  let configured = `${base}/`;
  const api = createApiClient({ base: () => configured });
  await api.get('/health', { page: 2 });
  configured = base.replace(/\/api$/, '/portal/api');
  await api.post('/comment', { content: '안녕' });
  expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/health?page=2', 'POST /portal/api/comment']);
});

test('without a configured base calls go to /api on the page’s own origin', async () => {
  scripts['/api/health'] = [{ status: 200 }];
  const origin = base.replace(/\/api$/, '');
  const asked: string[] = [];
  // Node's fetch has no page to resolve a relative URL against: this one plays the page at `origin`.
  const answer = await createApiClient({
    fetch: (input, init) => {
      asked.push(String(input));
      return fetch(new URL(String(input), origin), init);
    },
  }).get('/health');
  expect(asked).toEqual(['/api/health']);
  expect(answer.code).toBe('ok');
  expect(seen.map((s) => s.url)).toEqual(['/api/health']);
});
