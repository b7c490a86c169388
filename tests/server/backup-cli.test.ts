import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { isDeepStrictEqual as equal } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIGRATION_NAMES } from '#server/db/migrate.ts';
import { type Manifest, readManifest } from '#server/modules/backup/backup-format.ts';
import { startPgServer } from '#tests/support/pg-process.ts';

// `npm run backup`, `npm run restore` and `npm run migrate-to-postgres` as an operator runs them:
// real processes on a seeded DATA_DIR and a real PostgreSQL server, judged by exit codes, what
// they print and the rows they leave.

const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
const CLI = {
  backup: 'src/server/modules/backup/backup-cli.ts',
  restore: 'src/server/modules/backup/restore-cli.ts',
  migrate: 'src/server/modules/backup/migrate-to-postgres-cli.ts',
  seed: 'src/server/seed/seed-cli.ts',
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: ROOT_DIR, env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-backup-cli-'));
  dirs.push(dir);
  return dir;
}

async function newestBackup(dataDir: string): Promise<string> {
  const names = (await fs.readdir(path.join(dataDir, 'backups'))).filter((n) => !n.startsWith('.')).sort();
  return path.join(dataDir, 'backups', names.at(-1) as string);
}

/** Every file under a folder with its size and modification time: what a refused restore must leave as it was. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const e of entries) {
    const full = path.join(e.parentPath, e.name);
    const stat = await fs.lstat(full);
    files[path.relative(dir, full)] = e.isFile() ? `${stat.size} ${stat.mtimeMs}` : 'folder';
  }
  return files;
}

function sqliteCounts(dataDir: string, tables: string[]): Record<string, number> {
  const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'), { readOnly: true });
  try {
    return Object.fromEntries(tables.map((t) => [t, Number((db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n)]));
  } finally {
    db.close();
  }
}

async function pgCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = Number((await client.query(`select count(*) as n from "${t}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

let source: string;
beforeAll(async () => {
  source = await tempDir();
  const seeded = await run(CLI.seed, [], { DATA_DIR: source });
  expect(seeded.code, seeded.stderr).toBe(0);
});
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('npm run backup and npm run restore (SQLite)', () => {
  let backup: string;
  let manifest: Manifest;

  test('backup prints its folder, size and duration, with plain progress lines off a terminal', async () => {
    const res = await run(CLI.backup, [], { DATA_DIR: source });
    expect(res.code, res.stderr).toBe(0);
    backup = await newestBackup(source);
    manifest = await readManifest(backup);
    expect(res.stdout).toContain(`backup written: ${backup}`);
    expect(res.stdout).toMatch(/\d+\.\d (KB|MB), [\d,]+ rows, \d+ files, \d+\.\d s \(schema /);
    expect(res.stderr).toMatch(/^database: 100% /m);
    expect(res.stderr).toMatch(/^uploads: 100% /m);
    expect(res.stderr).not.toContain('\r');
    expect(manifest).toMatchObject({ kind: 'sqlite', schema: MIGRATION_NAMES.at(-1) });
    expect(manifest.counts.board).toBeGreaterThan(50);
    expect(manifest.files.filter((f) => f.path.startsWith('uploads/')).length).toBeGreaterThan(10);
  });

  test('restore fills an empty DATA_DIR, then refuses it unless --force', async () => {
    const target = await tempDir();
    const restored = await run(CLI.restore, [backup], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('복원 완료 / restored');
    expect(sqliteCounts(target, Object.keys(manifest.counts))).toEqual(manifest.counts);
    expect((await fs.readdir(path.join(target, 'uploads'))).sort()).toEqual((await fs.readdir(path.join(source, 'uploads'))).sort());
    expect(await fs.readFile(path.join(target, 'jwt-secret'), 'utf8')).toBe(await fs.readFile(path.join(source, 'jwt-secret'), 'utf8'));

    const again = await run(CLI.restore, [path.join(backup, 'manifest.json')], { DATA_DIR: target });
    expect(again.code).toBe(3);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/^복원할 곳이 비어 있지 않습니다.*--force.* \/ the target is not empty .*--force/);

    const forced = await run(CLI.restore, [backup, '--force'], { DATA_DIR: target });
    expect(forced.code, forced.stderr).toBe(0);
    expect(sqliteCounts(target, Object.keys(manifest.counts))).toEqual(manifest.counts);
  });

  test('restore refuses a newer schema, a missing backup and a missing argument, each with its exit code', async () => {
    const future = await tempDir();
    await fs.cp(backup, future, { recursive: true });
    await fs.writeFile(path.join(future, 'manifest.json'), JSON.stringify({ ...manifest, schema: '9999-next' }));
    const newer = await run(CLI.restore, [future], { DATA_DIR: await tempDir() });
    expect(newer.code).toBe(4);
    expect(newer.stderr).toMatch(/^이 백업은 더 새 버전\(스키마 9999-next\).* \/ the backup is from a newer schema/);

    const missing = await run(CLI.restore, [path.join(future, 'nothing-here')], { DATA_DIR: await tempDir() });
    expect(missing.code).toBe(5);
    expect(missing.stderr).toMatch(/^백업을 읽을 수 없습니다 \/ cannot read the backup/);

    const usage = await run(CLI.restore, [], { DATA_DIR: await tempDir() });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run restore');
  });

  test('restore --force refuses a bad backup before it touches a target that holds data, with exit 5 and a line that says why', async () => {
    const target = await tempDir();
    const filled = await run(CLI.restore, [backup], { DATA_DIR: target });
    expect(filled.code, filled.stderr).toBe(0);
    const before = await snapshot(target);

    /** A copy of the backup, changed by `change`, which gets its folder and its manifest as JSON. */
    async function badBackup(change: (dir: string, m: Record<string, any>) => Promise<void> | void): Promise<string> {
      const dir = await tempDir();
      await fs.cp(backup, dir, { recursive: true });
      const m = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8'));
      await change(dir, m);
      await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(m));
      return dir;
    }
    const upload = manifest.files.find((f) => f.path.startsWith('uploads/')) as { path: string };
    const cases: [string, string, RegExp][] = [
      [
        'a missing field',
        await badBackup((_, m) => {
          delete m.kind;
        }),
        /kind/,
      ],
      [
        'a wrong field',
        await badBackup((_, m) => {
          m.counts.board = -1;
        }),
        /counts\.board/,
      ],
      [
        'a file entry outside the folder',
        await badBackup((_, m) => {
          m.files = m.files.map((f: { path: string }) => (f.path === upload.path ? { ...f, path: 'uploads/../../outside.png' } : f));
        }),
        /files\.\d+\.path/,
      ],
      [
        'an upload that is a symbolic link',
        await badBackup(async (dir) => {
          const elsewhere = path.join(await tempDir(), 'same-bytes');
          await fs.rename(path.join(dir, upload.path), elsewhere);
          await fs.symlink(elsewhere, path.join(dir, upload.path));
        }),
        new RegExp(`symbolic link: ${upload.path}`),
      ],
      [
        'the uploads folder a symbolic link',
        await badBackup(async (dir) => {
          const elsewhere = path.join(await tempDir(), 'uploads');
          await fs.rename(path.join(dir, 'uploads'), elsewhere);
          await fs.symlink(elsewhere, path.join(dir, 'uploads'));
        }),
        /symbolic link: uploads$/m,
      ],
      [
        'the database file not in the manifest',
        await badBackup(async (dir, m) => {
          m.files = m.files.filter((f: { path: string }) => f.path !== 'database.sqlite');
          await fs.rm(path.join(dir, 'database.sqlite'));
        }),
        /database\.sqlite/,
      ],
      [
        'a table file missing from a PostgreSQL backup',
        await badBackup((_, m) => {
          m.kind = 'postgres';
        }),
        /tables\/\w+\.ndjson\.gz/,
      ],
      [
        'a table name that is a path',
        await badBackup((_, m) => {
          m.counts['../board'] = 1;
        }),
        /counts/,
      ],
    ];
    const results = [];
    for (const [what, dir, reason] of cases) {
      const res = await run(CLI.restore, [dir, '--force'], { DATA_DIR: target });
      // The last line (a refusal while checking files comes after the check's progress lines).
      const line = res.stderr.trim().split('\n').at(-1) ?? '';
      results.push({
        what,
        code: res.code,
        // Korean, then English, then why: the case's own reason.
        says: /^[^/]+ \/ [a-z]/.test(line) && reason.test(line) ? 'why' : line,
        target: equal(await snapshot(target), before) ? 'untouched' : 'changed',
      });
    }
    expect(results).toEqual(cases.map(([what]) => ({ what, code: 5, says: 'why', target: 'untouched' })));
  });
});

describe('npm run migrate-to-postgres, and a PostgreSQL backup restored into SQLite', () => {
  let server: Awaited<ReturnType<typeof startPgServer>>;
  beforeAll(async () => {
    server = await startPgServer();
  }, 120_000);
  afterAll(() => server?.stop());

  async function freshDatabase(): Promise<string> {
    const name = `m_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
    await client.end();
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  test('copies every table with equal counts, and back again', { timeout: 120_000 }, async () => {
    const databaseUrl = await freshDatabase();
    const env = { DATA_DIR: source, DATABASE_URL: databaseUrl, JWT_SECRET: await fs.readFile(path.join(source, 'jwt-secret'), 'utf8') };
    const copied = await run(CLI.migrate, [], env);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain('copied into PostgreSQL');
    const sqliteManifest = await readManifest(await newestBackup(source));
    const tables = Object.keys(sqliteManifest.counts);
    expect(await pgCounts(databaseUrl, tables)).toEqual(sqliteManifest.counts);
    expect(sqliteCounts(source, tables)).toEqual(sqliteManifest.counts);
    // The search index was built on PostgreSQL's side.
    expect((await pgCounts(databaseUrl, ['search_doc'])).search_doc).toBeGreaterThan(100);

    const twice = await run(CLI.migrate, [], env);
    expect(twice.code).toBe(3);

    // Back: a backup of the PostgreSQL database, restored into an empty SQLite DATA_DIR.
    const pgData = await tempDir();
    const dumped = await run(CLI.backup, [], { ...env, DATA_DIR: pgData });
    expect(dumped.code, dumped.stderr).toBe(0);
    const pgBackup = await newestBackup(pgData);
    expect((await readManifest(pgBackup)).kind).toBe('postgres');
    expect(await fs.readdir(path.join(pgBackup, 'tables'))).toContain('board.ndjson.gz');
    const target = await tempDir();
    const restored = await run(CLI.restore, [pgBackup], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(sqliteCounts(target, tables)).toEqual(sqliteManifest.counts);
    expect(sqliteCounts(target, ['search_doc']).search_doc).toBeGreaterThan(100);
  });
});
