import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, test } from 'vitest';
import { startTestApp, type TestApp, testAppsOfFile } from '#tests/support/test-app.ts';

// GET /metrics (Prometheus text): what an operator's scraper reads, who may read it, and that the
// numbers move with what the server does.

const { app, cleanups } = testAppsOfFile();

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition text's samples (comments and blank lines left out). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k as string] = v as string;
    samples.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample with this name whose labels include `labels` (0 if none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value ?? 0;
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.call('GET', '/metrics', { ip: '127.0.0.1' });
  expect(res.status).toBe(200);
  return parse(res.body);
}

describe('GET /metrics', () => {
  test('Prometheus text; requests counted and timed by route pattern and status, never by raw URL', async () => {
    const t = await app();
    const token = await t.root();
    const created = await t.call('POST', '/api/board', { token, body: { topcategory: 5, title: '지표 시험', content: '<p>본문</p>' } });
    expect(created.status).toBe(200);
    const res = await t.call('GET', '/metrics', { ip: '127.0.0.1' });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const before = parse(res.body);
    const item = { method: 'GET', route: '/api/board/:id', status: '200' };
    const missing = { method: 'GET', route: '/api/board/:id', status: '404' };

    for (let i = 0; i < 3; i++) expect((await t.call('GET', `/api/board/${created.body.id}`)).status).toBe(200);
    expect((await t.call('GET', '/api/board/999999')).status).toBe(404);

    const after = await scrape(t);
    expect(value(after, 'http_requests_total', item) - value(before, 'http_requests_total', item)).toBe(3);
    expect(value(after, 'http_requests_total', missing) - value(before, 'http_requests_total', missing)).toBe(1);
    expect(value(after, 'http_request_duration_seconds_count', item) - value(before, 'http_request_duration_seconds_count', item)).toBe(3);
    expect(value(after, 'http_request_duration_seconds_bucket', { ...item, le: '+Inf' })).toBe(
      value(after, 'http_request_duration_seconds_count', item),
    );
    expect(value(after, 'http_request_duration_seconds_sum', item)).toBeGreaterThan(0);
    // One series per pattern: no route label holds an id.
    const routes = after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route);
    expect(routes).toContain('/api/board/:id');
    expect(routes.filter((r) => /\/\d/.test(r ?? ''))).toEqual([]);

    // The process's own numbers (memory, event-loop lag) and the database's.
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    const dbSeries =
      t.deps.dialect === 'sqlite' ? ['db_write_waits_total', 'db_writes_waiting'] : ['db_pool_connections', 'db_pool_waiting'];
    for (const name of dbSeries) expect(after.some((s) => s.name === name)).toBe(true);
    if (t.deps.dialect === 'postgres') expect(value(after, 'db_pool_connections')).toBeGreaterThan(0);
  });

  test('the view queue and its background job: a read queues a visit, the flush runs writeVisits', async () => {
    const t = await app();
    const token = await t.root();
    const created = await t.call('POST', '/api/board', { token, body: { topcategory: 5, title: '조회 시험', content: '<p>본문</p>' } });
    const runs = { job: 'writeVisits', result: 'ok' };
    const before = value(await scrape(t), 'background_job_runs_total', runs);
    // With the visitor cookie: one visit (a first read without it also notes the cookie it gets).
    const cookie = 'vid=metricsvisitor0001';
    expect((await t.call('GET', `/api/board/${created.body.id}`, { cookie })).status).toBe(200);
    expect(value(await scrape(t), 'view_queue_length')).toBe(1);
    const deadline = Date.now() + 5000;
    let after = await scrape(t);
    while (value(after, 'background_job_runs_total', runs) === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      after = await scrape(t);
    }
    expect(value(after, 'background_job_runs_total', runs)).toBe(before + 1);
    expect(value(after, 'view_queue_length')).toBe(0);
  });

  test('mail: sent and failed tries counted, the queue length read from the database', async () => {
    const t = await app();
    const address = 'metrics.mail@test.example';
    expect((await t.call('GET', `/api/user/findemail/${address}`)).body.mail).toBe('sent');
    let samples = await scrape(t);
    expect(value(samples, 'mail_sent_total')).toBe(1);
    expect(value(samples, 'mail_queue_length', { state: 'waiting' })).toBe(0);

    await t.smtp.close();
    expect((await t.call('GET', '/api/user/findemail/metrics.other@test.example')).body.mail).toBe('queued');
    samples = await scrape(t);
    expect(value(samples, 'mail_send_failures_total')).toBe(1);
    expect(value(samples, 'mail_queue_length', { state: 'waiting' })).toBe(1);
    expect(value(samples, 'mail_queue_length', { state: 'failed' })).toBe(0);
  });

  test('each server keeps its own numbers (several in one process)', async () => {
    const a = await app();
    const b = await app();
    const route = { method: 'GET', route: '/api/live', status: '200' };
    const beforeB = value(await scrape(b), 'http_requests_total', route);
    for (let i = 0; i < 4; i++) await a.call('GET', '/api/live');
    expect(value(await scrape(a), 'http_requests_total', route)).toBe(4);
    expect(value(await scrape(b), 'http_requests_total', route)).toBe(beforeB);
  });
});

describe('who may read /metrics', () => {
  test('METRICS_ALLOW by default: 127.0.0.1 and ::1 only; anyone else gets the 404 of a missing page', async () => {
    const t = await app();
    expect((await t.call('GET', '/metrics', { ip: '127.0.0.1' })).status).toBe(200);
    expect((await t.call('GET', '/metrics', { ip: '::1' })).status).toBe(200);
    const refused = await t.call('GET', '/metrics', { ip: '203.0.113.9' });
    const missing = await t.call('GET', '/no-such-page', { ip: '203.0.113.9' });
    expect(refused.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(refused.body).not.toContain('http_requests_total');
  });

  test('METRICS_ALLOW takes addresses and CIDR ranges, IPv4 and IPv6', async () => {
    const t = await app({ METRICS_ALLOW: '10.20.0.0/16, 192.0.2.7, 2001:db8::/32' });
    // An IPv4 client on a dual-stack socket has an IPv4-mapped IPv6 address.
    for (const ip of ['10.20.3.4', '192.0.2.7', '2001:db8::5', '::ffff:10.20.9.9'])
      expect((await t.call('GET', '/metrics', { ip })).status).toBe(200);
    for (const ip of ['10.21.0.1', '192.0.2.8', '127.0.0.1', '2001:db9::1'])
      expect((await t.call('GET', '/metrics', { ip })).status).toBe(404);
  });

  test('a METRICS_ALLOW that is not an address or range stops the start', async () => {
    await expect(startTestApp({ METRICS_ALLOW: '10.0.0.0/33' })).rejects.toThrow(/METRICS_ALLOW/);
    await expect(startTestApp({ METRICS_ALLOW: 'localhost' })).rejects.toThrow(/METRICS_ALLOW/);
  });

  test('over a real socket: without TRUST_PROXY the socket address counts and X-Forwarded-For is ignored; with it, the address the proxy appended', async () => {
    const get = async (t: TestApp, forwarded: string) => {
      const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
      cleanups.push(() => new Promise((resolve) => server.close(resolve)));
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { 'x-forwarded-for': forwarded } });
      await res.text();
      return res.status;
    };
    const direct = await app({ TRUST_PROXY: '0' });
    expect(await get(direct, '203.0.113.9')).toBe(200);
    const directOthers = await app({ TRUST_PROXY: '0', METRICS_ALLOW: '10.0.0.0/8' });
    expect(await get(directOthers, '10.1.2.3')).toBe(404);

    const proxied = await app({ TRUST_PROXY: '1' });
    expect(await get(proxied, '127.0.0.1')).toBe(200);
    expect(await get(proxied, '203.0.113.9')).toBe(404);
    // A client writing an allowed address itself: the proxy appends the real one, which counts.
    expect(await get(proxied, '127.0.0.1, 203.0.113.9')).toBe(404);
  });
});

describe('liveness and readiness', () => {
  test('/api/live answers without the database; /api/health answers with it', async () => {
    const t = await app();
    expect(await t.call('GET', '/api/live')).toMatchObject({ status: 200, body: { code: 'ok' } });
    expect(await t.call('GET', '/api/health')).toMatchObject({ status: 200, body: { code: 'ok', database: t.deps.dialect } });
  });

  test('neither is refused by load shedding, nor is /metrics', async () => {
    const t = await app({ LOAD_MAX_IN_FLIGHT: '1' });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One request under way that does not end: the server is at its limit.
    t.app.get('/held', async (c) => {
      await held;
      return c.text('done');
    });
    const busy = t.app.request('/held', { headers: { 'x-forwarded-for': '10.3.3.3' } });
    await new Promise((r) => setTimeout(r, 50));
    try {
      expect((await t.call('GET', '/api/board?topcategory=5')).status).toBe(503);
      expect((await t.call('GET', '/api/live')).status).toBe(200);
      expect((await t.call('GET', '/api/health')).status).toBe(200);
      expect((await t.call('GET', '/metrics', { ip: '127.0.0.1' })).status).toBe(200);
    } finally {
      release();
      await busy;
    }
  });
});
