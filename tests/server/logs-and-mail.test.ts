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
});
