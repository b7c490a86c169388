import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { buildDeps } from '#server/boot.ts';
import { loadEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { ensureRootAdmin } from '#server/modules/user/root-admin.service.ts';

// In the unit project (SQLite): logs and the outbox do not depend on the database.
describe('logs and the outbox', () => {
  test('without SMTP_URL a code mail is written to DATA_DIR/outbox; logs are JSON with request ids and no secrets', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-logs-'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        cb();
      },
    });
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const { deps, connection } = await buildDeps(env, createLogger('info', sink));
    await ensureRootAdmin(deps, 'root@logs.example', 'root-logs-pass-1');
    const app = createApp(deps);

    const sent = await app.request('/api/user/findemail/outbox.user@logs.example');
    expect(sent.status).toBe(200);
    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(dataDir, 'outbox', files[0] as string), 'utf8');
    expect(eml).toMatch(/^To: outbox.user@logs.example$/m);
    expect(eml).toMatch(/^From: noreply@localhost$/m);
    expect(eml).toMatch(/multipart\/alternative/);

    const login = await app.request('/api/jwt?loginid=root@logs.example&passwd=root-logs-pass-1');
    const { token } = (await login.json()) as { token: string };
    await app.request('/api/user/1', { headers: { authorization: `Bearer ${token}` } });
    await app.request(`/api/board?token=${token}&page=1`);
    await connection.close();

    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const all = lines.join('\n');
    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests.length).toBe(4);
    for (const r of requests) expect(r.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // The client's address is on every line; a token in any query string is not.
    for (const r of requests) expect(r).toHaveProperty('ip');
    expect(requests.some((r) => r.url === '/api/board?token=[redacted]&page=1')).toBe(true);
    // Mail logs name the recipient masked.
    expect(entries.find((e) => e.msg === 'mail written to outbox')).toMatchObject({ mail: { to: 'ou***@logs.example' } });
    expect(all).not.toContain('outbox.user@logs.example');
    expect(entries.some((e) => e.msg === 'mail written to outbox')).toBe(true);
    expect(all).not.toContain('root-logs-pass-1');
    expect(all).not.toContain(token);
    expect(all).toContain('/api/jwt?[redacted]');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test('security events are lines of their own: failed logins, refusals, rate limits, admin writes, password changes', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-events-'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        cb();
      },
    });
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info', TRUST_PROXY: '1' });
    const { deps, connection } = await buildDeps(env, createLogger('info', sink));
    await ensureRootAdmin(deps, 'root@events.example', 'root-events-pass-1');
    const app = createApp(deps);
    const json = (method: string, url: string, body: unknown, token?: string, ip = '203.0.113.7') =>
      app.request(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });

    expect((await json('POST', '/api/jwt', { loginid: 'stranger@events.example', passwd: 'wrong-pass-123' })).status).toBe(401);
    const root = (await (await json('POST', '/api/jwt', { loginid: 'root@events.example', passwd: 'root-events-pass-1' })).json()) as {
      token: string;
    };
    const created = await json(
      'POST',
      '/api/user',
      { name: '회원', nickname: '이벤트회원', loginid: 'm@events.example', passwd: 'member-pass-123' },
      root.token,
    );
    const memberId = ((await created.json()) as { id: number }).id;
    const member = (await (await json('POST', '/api/jwt', { loginid: 'm@events.example', passwd: 'member-pass-123' })).json()) as {
      token: string;
    };
    expect((await app.request('/api/admin/dashboard', { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(403);
    await json('PUT', '/api/user', { id: memberId, passwd: 'another-pass-456', currentpasswd: 'member-pass-123' }, member.token);
    for (let i = 0; i < 11; i++)
      await json('POST', '/api/jwt', { loginid: 'm@events.example', passwd: 'wrong-pass-123' }, undefined, `198.51.100.${i}`);
    await connection.close();

    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === 'security event');
    const of = (name: string) => events.filter((e) => e.event === name);
    expect(of('login.failed')[0]).toMatchObject({ loginid: 'st***@events.example', ip: '203.0.113.7', reason: 'unknown id' });
    expect(of('login.failed').some((e) => e.user === memberId && e.reason === 'wrong password')).toBe(true);
    expect(of('access.denied')).toContainEqual(expect.objectContaining({ status: 403, url: '/api/admin/dashboard', user: memberId }));
    expect(of('admin.action')).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/user', status: 200 }));
    expect(of('password.changed')).toEqual([expect.objectContaining({ user: memberId, by: 'self', actor: memberId })]);
    expect(of('rate.limited')).toContainEqual(expect.objectContaining({ status: 429, url: '/api/jwt' }));
    const all = lines.join('\n');
    for (const secret of ['wrong-pass-123', 'member-pass-123', 'another-pass-456', 'stranger@events.example', root.token]) {
      expect(all).not.toContain(secret);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
