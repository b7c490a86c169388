import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, test } from 'vitest';

// The real entry point, as `npm start` runs it: a process, a port, a data folder.

const main = path.resolve(import.meta.dirname, '../../src/server/main.ts');
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

async function boot(env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-boot-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const url = await new Promise<string | undefined>((resolve) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const m = /"url":"(http:\/\/[^"]+)"/.exec(line);
      if (m) resolve(m[1]);
    });
    child.once('exit', () => resolve(undefined));
  });
  return { child, url, lines, dataDir, stderr: () => stderr };
}

describe('npm start', () => {
  test('boots on SQLite in DATA_DIR, prints a generated root admin password once, answers /api/health', async () => {
    const s = await boot({});
    expect(s.url).toBeDefined();
    const health = await fetch(`${s.url}/api/health`);
    expect(await health.json()).toEqual({ code: 'ok', database: 'sqlite' });
    const out = s.lines.join('\n');
    const password = /비밀번호: (\S+)/.exec(out)?.[1];
    expect(password).toBeDefined();
    expect(out).toContain('아이디: admin@localhost');
    const login = await fetch(`${s.url}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginid: 'admin@localhost', passwd: password }),
    });
    expect(((await login.json()) as { user: { level: number } }).user.level).toBe(5);
    await fs.access(path.join(s.dataDir, 'portal.sqlite'));
    await fs.access(path.join(s.dataDir, 'jwt-secret'));
    // The password is not part of the structured log stream.
    expect(s.lines.filter((l) => l.startsWith('{')).join('\n')).not.toContain(password);
    const exited = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // A second start finds the admin and prints no password.
    const again = await boot({ DATA_DIR: s.dataDir });
    expect(again.lines.join('\n')).not.toContain('비밀번호:');
    again.child.kill('SIGTERM');
  });

  test('ADMIN_LOGINID and ADMIN_PASSWORD name the root admin', async () => {
    const s = await boot({ ADMIN_LOGINID: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-2026' });
    const login = await fetch(`${s.url}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginid: 'boss@example.com', passwd: 'boss-password-2026' }),
    });
    expect(((await login.json()) as { code: string }).code).toBe('ok');
    expect(s.lines.join('\n')).not.toContain('boss-password-2026');
    s.child.kill('SIGTERM');
  });

  test('refuses to start on PostgreSQL without JWT_SECRET', async () => {
    const s = await boot({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x' });
    expect(s.url).toBeUndefined();
    expect(s.stderr()).toContain('JWT_SECRET is required');
  });
});
