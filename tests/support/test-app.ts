import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createApp } from '#server/app.ts';
import { buildDeps } from '#server/boot.ts';
import { loadEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { ensureRootAdmin } from '#server/modules/user/root-admin.service.ts';
import { startSmtp } from './smtp.ts';

export const ROOT = { loginid: 'root@test.example', passwd: 'root-admin-pass-9' };

export const dbKind = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

/** A fresh, empty database for one test app: a SQLite file in a new folder, or a new database
 * on the run's PostgreSQL server. */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  if (dbKind !== 'postgres') return undefined;
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface CallOptions {
  body?: unknown;
  /** A raw body, sent as is (for malformed JSON). */
  raw?: string;
  token?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

let ipCounter = 0;
/** A new client address per call unless a test pins one, so per-IP limits count only what a
 * test means them to. */
function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function startTestApp(overrides: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-test-'));
  const smtp = await startSmtp();
  const databaseUrl = await freshDatabaseUrl();
  const env = loadEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
    // Tests write dozens of items a second as one new member; write-limits.test.ts turns them on.
    WRITE_LIMITS: '0',
    // A test's own synchronous work (a seed, a rebuild) makes the event loop late, and the
    // concurrency tests send hundreds of calls at once on purpose: neither may be refused as
    // overload (tests/server/overload.test.ts turns shedding on).
    LOAD_MAX_DELAY_MS: '0',
    LOAD_MAX_IN_FLIGHT: '0',
    ...overrides,
  });
  const { deps, connection } = await buildDeps(env, createLogger(env.LOG_LEVEL));
  await ensureRootAdmin(deps, ROOT.loginid, ROOT.passwd);
  const app = createApp(deps);

  async function call(method: string, url: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? nextIp(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** As a client should: a 503 (the password-hashing queue is full) is tried again after its
   * Retry-After. Tests that make dozens of members at once meet it. */
  async function callPatiently(method: string, url: string, options: CallOptions): Promise<Answer> {
    for (;;) {
      const res = await call(method, url, options);
      if (res.status !== 503) return res;
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
    }
  }

  async function login(loginid: string, passwd: string): Promise<string> {
    const res = await callPatiently('POST', '/api/jwt', { body: { loginid, passwd } });
    if (res.status !== 200) throw new Error(`login failed for ${loginid}: ${JSON.stringify(res.body)}`);
    return res.body.token;
  }

  let rootToken: string | undefined;
  async function root(): Promise<string> {
    rootToken ??= await login(ROOT.loginid, ROOT.passwd);
    return rootToken;
  }

  let seq = 0;
  /** A member created by the root admin, logged in. */
  async function member(fields: Record<string, unknown> = {}): Promise<{ id: number; token: string; loginid: string; passwd: string }> {
    // Taken now: parallel calls move `seq` on while this one waits for the root token.
    const n = ++seq;
    const loginid = (fields.loginid as string) ?? `member${n}-${crypto.randomBytes(3).toString('hex')}@test.example`;
    const passwd = (fields.passwd as string) ?? 'member-pass-1234';
    const res = await callPatiently('POST', '/api/user', {
      token: await root(),
      body: { name: `회원${n}`, nickname: `닉네임${n}-${crypto.randomBytes(2).toString('hex')}`, ...fields, loginid, passwd },
    });
    if (res.status !== 200) throw new Error(`member creation failed: ${JSON.stringify(res.body)}`);
    return { id: res.body.id, token: await login(loginid, passwd), loginid, passwd };
  }

  /** SPEC §4 sign-up, the way the dialog does it: send code, confirm it, submit. */
  async function signUp(fields: { loginid: string; passwd?: string; name?: string; nickname?: string }): Promise<Answer> {
    const sent = await call('POST', '/api/user/findemail', { body: { email: fields.loginid } });
    if (sent.status !== 200) return sent;
    const code = await smtp.codeFor(fields.loginid);
    const checked = await call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } });
    if (checked.status !== 200) return checked;
    return call('POST', '/api/user', {
      body: { name: '홍길동', nickname: `길동${crypto.randomBytes(3).toString('hex')}`, passwd: 'correct-horse-9', ...fields },
    });
  }

  /** Moves an address's codes a few minutes into the past, past the once-a-minute resend rule. */
  async function ageCodes(email: string, minutes = 2) {
    const rows = await deps.db.selectFrom('verifications').select(['id', 'senddate']).where('email', '=', email).execute();
    for (const r of rows) {
      const senddate = new Date(Date.parse(r.senddate) - minutes * 60_000).toISOString();
      await deps.db.updateTable('verifications').set({ senddate }).where('id', '=', r.id).execute();
    }
  }

  async function close() {
    await connection.close();
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  return { app, deps, env, smtp, call, login, root, member, signUp, ageCodes, close, dataDir };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** For a file that starts several apps: `app()` starts one, `cleanups` takes whatever else the
 * file opens; after the file's tests the cleanups run, then every app closes. */
export function testAppsOfFile() {
  const apps: TestApp[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
    for (const t of apps) await t.close();
  });
  async function app(overrides: Record<string, string> = {}): Promise<TestApp> {
    const t = await startTestApp(overrides);
    apps.push(t);
    return t;
  }
  return { app, cleanups };
}

/** The settings of another app server on `t`'s database, with a DATA_DIR of its own: the keys
 * several servers must share (JWT_SECRET, the VAPID pair). */
export function anotherServerOf(t: TestApp): Record<string, string> {
  return {
    DATABASE_URL: t.env.DATABASE_URL as string,
    JWT_SECRET: t.env.JWT_SECRET as string,
    VAPID_PUBLIC_KEY: t.deps.vapid.publicKey,
    VAPID_PRIVATE_KEY: t.deps.vapid.privateKey,
  };
}
