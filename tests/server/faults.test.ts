import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages } from '#shared/messages.ts';
import { createApp } from '#server/app.ts';
import { createLogger } from '#server/lib/logger.ts';
import { type PagesOptions, productionBuild } from '#server/pages/pages.ts';
import { startPgServer } from '#tests/support/pg-process.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Faults of what the server stands on, made for real: a SQLite file that may not grow, a second
// connection holding the write lock, an uploads folder that is a file, a PostgreSQL pool with every
// connection taken and a PostgreSQL server that goes down and comes back, a DATA_DIR that cannot
// be written. Each is answered 503 (507 for space) with Retry-After and a Korean message within
// 10 s, its cause is logged once, and the same app serves again once the fault is gone.

/** The test app's services behind a fresh app whose log is kept, to count what it says. */
function loggedApp(t: TestApp, pages?: PagesOptions) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('warn', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = createApp({ ...t.deps, logger }, pages);
  async function call(method: string, url: string, options: { token?: string; body?: unknown; form?: FormData } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': '10.9.9.9' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined = options.form;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const started = Date.now();
    const res = await app.request(url, { method, headers, body });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any, ms: Date.now() - started };
  }
  return { app, call, lines, faultLines: (kind: string) => lines.filter((l) => l.fault === kind) };
}

/** A list no cache has seen: the database must answer it. */
const freshList = () => `/api/board?topcategory=5&keyword=${Math.random().toString(36).slice(2)}`;

/** The answer of a fault: status, Retry-After, the Korean message, in time. */
function expectFault(res: { status: number; headers: Headers; body: any; ms: number }, status: 503 | 507, message: string) {
  expect(res.status).toBe(status);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.body).toMatchObject({ code: 'error', detail: message });
  expect(res.ms).toBeLessThan(10_000);
}

const post = (n: number) => ({
  topcategory: 5,
  category: '장애',
  title: `장애 시험 ${n}`,
  content: `<p>${'가나다라마바사'.repeat(4000)}</p>`,
});

describe('SQLite', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.member()).token;
  });
  afterAll(() => t.close());

  test('a full disk (SQLITE_FULL) is a 507 with Retry-After, logged once; reads go on; writes work again once there is room', async () => {
    const { call, faultLines } = loggedApp(t);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.deps.db);
    // The database may not grow by a page: what a full disk does to it.
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count}`).execute(t.deps.db);
    try {
      for (let i = 0; i < 5; i++) expectFault(await call('POST', '/api/board', { token, body: post(i) }), 507, Messages.storageFull);
      expect((await call('GET', freshList())).status).toBe(200);
      const logged = faultLines('database full');
      expect(logged).toHaveLength(1);
      // The real cause, not "cannot rollback - no transaction is active".
      expect(String(logged[0]?.msg)).toContain('full');
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(t.deps.db);
    }
    expect((await call('POST', '/api/board', { token, body: post(9) })).status).toBe(200);
  });

  test('another connection holding the write lock (SQLITE_BUSY): writes answer 503 quickly, reads go on, and writes work once it lets go', async () => {
    const { call, faultLines } = loggedApp(t);
    const other = new DatabaseSync(path.join(t.dataDir, 'portal.sqlite'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      const refused = await call('POST', '/api/board', { token, body: post(20) });
      expectFault(refused, 503, Messages.unavailable);
      // The server's wait for the lock is short: it blocks the whole process while it lasts.
      expect(refused.ms).toBeLessThan(2000);
      const read = await call('GET', freshList());
      expect(read.status).toBe(200);
      expect(read.ms).toBeLessThan(2000);
      await call('POST', '/api/board', { token, body: post(21) });
      expect(faultLines('database busy')).toHaveLength(1);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await call('POST', '/api/board', { token, body: post(22) })).status).toBe(200);
  });

  test('an uploads folder that cannot be written is a 503 with Retry-After; uploads work again once it can', async () => {
    const { call, faultLines } = loggedApp(t);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      return f;
    };
    // Permissions do not stop root (tests may run as root): a file where the folder should be
    // refuses every write, whoever runs the server.
    const uploads = path.join(t.dataDir, 'uploads');
    await fs.rm(uploads, { recursive: true, force: true });
    await fs.writeFile(uploads, '');
    try {
      expectFault(await call('POST', '/api/upload', { token, form: form() }), 503, Messages.unavailable);
      expectFault(await call('POST', '/api/upload', { token, form: form() }), 503, Messages.unavailable);
      expect(faultLines('storage unavailable')).toHaveLength(1);
    } finally {
      await fs.rm(uploads);
    }
    const done = await call('POST', '/api/upload', { token, form: form() });
    expect(done.status).toBe(200);
  });
});

describe('PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof startPgServer>>;
  let t: TestApp;
  beforeAll(async () => {
    pg = await startPgServer();
    t = await startTestApp({ DATABASE_URL: pg.url });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await pg?.stop();
  });

  test('with every pool connection taken, a request waits a bounded time and answers 503 with Retry-After', async () => {
    const { call } = loggedApp(t);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The pool's ten connections, each held by a transaction that does not end until released.
    const holders = Array.from({ length: 10 }, () => t.deps.db.connection().execute(() => held));
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      expectFault(await call('GET', freshList()), 503, Messages.unavailable);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await call('GET', freshList())).status).toBe(200);
  });

  test('while PostgreSQL is down requests fail fast with 503, logged once; once it is back the same app serves again', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    // The pages are the built app's (npm test builds first; a run of this file alone builds here).
    if (!existsSync(path.join(root, 'build/server/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    const { app, call, faultLines } = loggedApp(t, { root, dev: false, loadBuild: productionBuild(root) });
    const page = async () => {
      const started = Date.now();
      const res = await app.request(`/community?keyword=${Math.random().toString(36).slice(2)}`);
      await res.text();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
    };
    expect((await page()).status).toBe(200);
    const token = await t.root();
    expect((await call('GET', freshList())).status).toBe(200);
    await pg.down();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await call('GET', freshList());
        expectFault(res, 503, Messages.unavailable);
        expect(res.ms).toBeLessThan(4000);
      }
      expectFault(await call('POST', '/api/board', { token, body: post(30) }), 503, Messages.unavailable);
      // A page answers the same status, not a 500, and the same log line stands for it.
      const down = await page();
      expect(down.status).toBe(503);
      expect(Number(down.retryAfter)).toBeGreaterThan(0);
      expect(down.ms).toBeLessThan(10_000);
      expect(faultLines('database unavailable')).toHaveLength(1);
    } finally {
      await pg.up();
    }
    // No restart of the app: the pool opens new connections to the server that came back.
    expect((await call('GET', freshList())).status).toBe(200);
    expect((await call('POST', '/api/board', { token, body: post(31) })).status).toBe(200);
    expect((await page()).status).toBe(200);
  });
  test('while PostgreSQL is down /api/health answers 503 (not ready) and /api/live 200 (alive), with a session too; health is 200 again once it is back', async () => {
    const { call } = loggedApp(t);
    const token = await t.root();
    expect((await call('GET', '/api/health')).status).toBe(200);
    await pg.down();
    try {
      const health = await call('GET', '/api/health');
      expect(health).toMatchObject({ status: 503, body: { code: 'error', database: 'postgres' } });
      expect(health.ms).toBeLessThan(10_000);
      for (const live of [await call('GET', '/api/live'), await call('GET', '/api/live', { token })]) {
        expect(live).toMatchObject({ status: 200, body: { code: 'ok' } });
        expect(live.ms).toBeLessThan(1000);
      }
    } finally {
      await pg.up();
    }
    expect((await call('GET', '/api/health')).status).toBe(200);
  });
});

describe('start', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  test('a DATA_DIR that cannot be written: one clear line naming it, in Korean and English, and a non-zero exit', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-readonly-'));
    dirs.push(parent);
    // A file in the folder's place: no permission bit would stop root.
    const dataDir = path.join(parent, 'data');
    await fs.writeFile(dataDir, '');
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../src/server/main.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(dataDir);
    expect(lines[0]).toMatch(/데이터 폴더.*cannot write/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
