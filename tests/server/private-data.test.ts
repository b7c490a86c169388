import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';

// Everything under DATA_DIR is private to the server's user (issue #31, finding 6): the database
// and its WAL hold every password hash, the uploads include members' attachments. The real
// entry points, as processes: the server as `npm start` runs it, and a CLI.

const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT_DIR, 'src/server/main.ts');
const MIGRATE_CLI = path.join(ROOT_DIR, 'src/server/migrate-cli.ts');
const ADMIN = { loginid: 'private@test.example', passwd: 'private-admin-pass-9' };
/** As `npm start` runs it, without pages: no build is needed to write a post. */
const SERVER_ENV = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  PORT: '0',
  SEED_DEMO: '0',
  RENDER_THREADS: '0',
  ADMIN_LOGINID: ADMIN.loginid,
  ADMIN_PASSWORD: ADMIN.passwd,
};

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-private-'));
  dirs.push(dir);
  return dir;
}

/** The bits group and others have on a path ('0' when none). */
async function openTo(file: string): Promise<string> {
  return ((await fs.stat(file)).mode & 0o077).toString(8);
}

async function boot(dataDir: string) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...SERVER_ENV, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string | undefined>((resolve) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /"url":"(http:\/\/[^"]+)"/.exec(line);
      if (m) resolve(m[1]);
    });
    child.once('exit', () => resolve(undefined));
  });
  if (!url) throw new Error('the server did not start');
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, stop };
}

test('the server keeps its database, WAL, uploads and signing key from group and others', async () => {
  const dataDir = path.join(await tempDir(), 'data');
  const server = await boot(dataDir);
  try {
    const login = await fetch(`${server.url}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const uploaded = (await (await fetch(`${server.url}/api/upload`, { method: 'POST', headers: auth, body: form })).json()) as {
      items: { path: string }[];
    };
    const image = uploaded.items[0]?.path as string;
    expect(image).toMatch(/^\/api\/webdata\//);
    const posted = await fetch(`${server.url}/api/board`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 0, topcategory: 5, title: '사진 한 장', content: '<p>사진</p>', images: [image] }),
    });
    expect(((await posted.json()) as { code: string }).code).toBe('ok');

    const uploads = path.join(dataDir, 'uploads');
    const stored = await fs.readdir(uploads);
    expect(stored.length).toBeGreaterThanOrEqual(2); // the image and its thumbnail
    const modes = {
      DATA_DIR: await openTo(dataDir),
      'portal.sqlite': await openTo(path.join(dataDir, 'portal.sqlite')),
      'portal.sqlite-wal': await openTo(path.join(dataDir, 'portal.sqlite-wal')),
      'jwt-secret': await openTo(path.join(dataDir, 'jwt-secret')),
      uploads: await openTo(uploads),
      ...Object.fromEntries(await Promise.all(stored.map(async (n) => [`uploads/${n}`, await openTo(path.join(uploads, n))]))),
    };
    expect(modes).toEqual(Object.fromEntries(Object.keys(modes).map((k) => [k, '0'])));
  } finally {
    await server.stop();
  }
});

test('an older install’s DATA_DIR, open to all, is closed at start', async () => {
  const dataDir = await tempDir();
  await fs.chmod(dataDir, 0o755);
  await fs.writeFile(path.join(dataDir, 'left-from-before.txt'), 'x', { mode: 0o644 });
  const server = await boot(dataDir);
  await server.stop();
  expect(await openTo(dataDir)).toBe('0');
});

test('a CLI (npm run db:migrate) creates DATA_DIR and the database private too', async () => {
  const dataDir = path.join(await tempDir(), 'data');
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [MIGRATE_CLI], { cwd: ROOT_DIR, env: { PATH: process.env.PATH, DATA_DIR: dataDir } }, (err) =>
      err ? reject(err) : resolve(),
    ),
  );
  expect({ DATA_DIR: await openTo(dataDir), 'portal.sqlite': await openTo(path.join(dataDir, 'portal.sqlite')) }).toEqual({
    DATA_DIR: '0',
    'portal.sqlite': '0',
  });
});

test('every entry point in package.json reads the environment through startProcess, which makes its files private', async () => {
  const { scripts } = JSON.parse(await fs.readFile(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const entries = [
    ...new Set(
      Object.values(scripts).flatMap((s) => [...s.matchAll(/\bnode\b[^&|;]*?\s(src\/server\/\S+\.ts)/g)].map((m) => m[1] as string)),
    ),
  ];
  const sources = await Promise.all(entries.map(async (entry) => ({ entry, text: await fs.readFile(path.join(ROOT_DIR, entry), 'utf8') })));
  // The server and the CLIs that touch DATA_DIR; the page build (build-cli.ts) reads no environment.
  expect(sources.filter((s) => s.text.includes('startProcess()')).length).toBeGreaterThanOrEqual(7);
  expect(sources.filter((s) => s.text.includes('loadEnv(')).map((s) => s.entry)).toEqual([]);
});
