import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { MIGRATION_NAMES, migrateUpTo } from '#server/db/migrate.ts';
import { loadEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { MANIFEST, readManifest } from '#server/modules/backup/backup-format.ts';
import { listBackups, startBackup, startBackupSchedule } from '#server/modules/backup/backup.service.ts';
import { createBackup } from '#server/modules/backup/create-backup.ts';
import { RestoreExit, RestoreRefused, restoreBackup } from '#server/modules/backup/restore-backup.ts';
import { countRows } from '#server/modules/backup/tables.ts';
import { dbKind, freshDatabaseUrl, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Backups (modules/backup) on either database: taken while members write, restored into an empty
// target with every table's rows, sample rows and upload files equal, logins and new ids working;
// refusals; an older schema migrated on restore; the root admin's calls; the schedule's pruning.

const apps: TestApp[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  for (const a of apps) await a.close();
});

async function app(overrides: Record<string, string> = {}): Promise<TestApp> {
  const a = await startTestApp(overrides);
  apps.push(a);
  return a;
}

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-backup-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty place to restore into: a new DATA_DIR and, on PostgreSQL, a new database. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  return { dataDir: await tempDir(), databaseUrl: await freshDatabaseUrl() };
}

const png = (hue: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: hue } })
    .png()
    .toBuffer();

async function upload(t: TestApp, token: string, data: Buffer): Promise<{ id: number; path: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
  const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { items: { id: number; path: string }[] };
  expect(res.status).toBe(200);
  return body.items[0] as { id: number; path: string };
}

/** Rows of `table` with the given ids, in id order, from any database. */
async function rowsOf(target: { dataDir: string; databaseUrl?: string }, table: string, ids: number[]) {
  const connection = connect(target);
  try {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where id in (${sql.join(ids)}) order by id`.execute(connection.db);
    return rows;
  } finally {
    await connection.close();
  }
}

async function commentsOn(target: { dataDir: string; databaseUrl?: string }, board: number): Promise<number> {
  const connection = connect(target);
  try {
    const { rows } = await sql<{ n: number }>`select count(*) as n from comment where board = ${board}`.execute(connection.db);
    return Number(rows[0]?.n);
  } finally {
    await connection.close();
  }
}

async function countsOf(target: { dataDir: string; databaseUrl?: string }, tables: string[]): Promise<Record<string, number>> {
  const connection = connect(target);
  try {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = await countRows(connection.db, table);
    return counts;
  } finally {
    await connection.close();
  }
}

const source = (t: TestApp) => ({ dataDir: t.dataDir, databaseUrl: t.env.DATABASE_URL });

describe(`backup and restore (${dbKind})`, () => {
  let t: TestApp;
  let writer: Awaited<ReturnType<TestApp['member']>>;
  let backupDir: string;
  let firstPosts: number[];
  let photo: { id: number; path: string };
  let conversation: number;

  beforeAll(async () => {
    t = await app();
    writer = await t.member({ passwd: 'backup-pass-4321' });
    const reader = await t.member();
    photo = await upload(t, writer.token, await png('#336699'));
    firstPosts = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.call('POST', '/api/board', {
        token: writer.token,
        body: { topcategory: 5, title: `백업검증 글 ${i}`, content: `<p>내용 ${i} 😀</p>`, images: i === 0 ? [photo.path] : [] },
      });
      expect(res.status).toBe(200);
      firstPosts.push(res.body.id);
    }
    for (const id of firstPosts.slice(0, 5)) {
      await t.call('POST', '/api/comment', { token: reader.token, body: { board: id, content: `댓글 ${id}` } });
      await t.call('POST', '/api/like', { token: reader.token, body: { target: 'board', item: id } });
    }
    // A private conversation: backups keep messages (PRODUCT.md, Messages).
    const talk = await t.call('POST', '/api/conversation', { token: reader.token, body: { user: writer.id } });
    expect(talk.status).toBe(200);
    conversation = talk.body.id;
    expect(
      (await t.call('POST', `/api/conversation/${conversation}/message`, { token: reader.token, body: { content: '백업된 쪽지 😀' } }))
        .status,
    ).toBe(200);
  });

  test('a backup taken while members write restores into an empty target with every row and file', async () => {
    const before = await countsOf(source(t), ['board']);
    // Members keep writing while the copy is taken.
    let writing = true;
    let written = 0;
    // Posts, and comments on one post: a comment and its post's count change in one transaction,
    // so a copy from one snapshot has them agree.
    const hot = firstPosts[1] as number;
    const writes = (async () => {
      while (writing) {
        const res =
          written % 2 === 0
            ? await t.call('POST', '/api/board', {
                token: writer.token,
                body: { topcategory: 5, title: `동시 글 ${written}`, content: '<p>동시</p>' },
              })
            : await t.call('POST', '/api/comment', { token: writer.token, body: { board: hot, content: `동시 댓글 ${written}` } });
        expect(res.status).toBe(200);
        written++;
        // As requests from the network would: on SQLite a call in-process never waits for I/O,
        // and a loop of them would hold the event loop.
        await new Promise((r) => setImmediate(r));
      }
    })();
    while (written < 2) await new Promise((r) => setTimeout(r, 5));
    const writtenBefore = written;
    const { dir, manifest } = await createBackup(source(t));
    const writtenDuring = written - writtenBefore;
    writing = false;
    await writes;
    backupDir = dir;
    expect(writtenDuring).toBeGreaterThan(0);

    expect(manifest).toMatchObject({ format: 1, kind: dbKind, schema: MIGRATION_NAMES.at(-1) });
    expect(manifest.counts.board).toBeGreaterThanOrEqual(before.board as number);
    for (const table of ['users', 'board', 'comment', 'likes', 'upload', 'conversations', 'messages'])
      expect(manifest.counts[table], table).toBeGreaterThan(0);
    expect(manifest.files.filter((f) => f.path.startsWith('uploads/')).map((f) => f.path)).toContain(
      `uploads/${path.basename(photo.path)}`,
    );

    const target = await emptyTarget();
    const restored = await restoreBackup(dir, target);
    expect(restored.counts).toEqual(manifest.counts);
    // Every table, counted in the target itself.
    expect(await countsOf(target, Object.keys(manifest.counts))).toEqual(manifest.counts);
    // Sample rows of the copy, field for field against the live site (but the hot post, whose
    // comment count moved on since).
    for (const table of ['board', 'users', 'comment', 'likes', 'upload']) {
      const sample = (await rowsOf(target, table, [...firstPosts, 1, 2, 3, 4, 5, photo.id])).filter(
        (r) => table !== 'board' || r.id !== hot,
      );
      expect(sample.length, table).toBeGreaterThan(0);
      expect(sample, table).toEqual(
        await rowsOf(
          source(t),
          table,
          sample.map((r) => Number(r.id)),
        ),
      );
    }
    // One snapshot: the hot post's comment count is the number of its comments in the copy.
    const [hotPost] = await rowsOf(target, 'board', [hot]);
    expect(Number(hotPost?.comment)).toBe(await commentsOn(target, hot));
    expect(Number(hotPost?.comment)).toBeGreaterThan(1);
    // The upload's bytes.
    const name = path.basename(photo.path);
    expect(await fs.readFile(path.join(target.dataDir, 'uploads', name))).toEqual(await fs.readFile(path.join(t.dataDir, 'uploads', name)));

    // A server on the restored data: the member logs in, search finds the posts, new rows get new ids.
    const back = await app({ DATA_DIR: target.dataDir, ...(target.databaseUrl && { DATABASE_URL: target.databaseUrl }) });
    const token = await back.login(writer.loginid, writer.passwd);
    const found = await back.call('GET', `/api/search?q=${encodeURIComponent('백업검증')}&section=community`);
    expect(found.status).toBe(200);
    expect(found.body.groups.flatMap((g: { items: { item: number }[] }) => g.items.map((i) => i.item))).toContain(firstPosts[0]);
    const post = await back.call('POST', '/api/board', { token, body: { topcategory: 5, title: '복원 뒤 새 글', content: '<p>복원</p>' } });
    expect(post.status).toBe(200);
    expect(post.body.id).toBeGreaterThan(Math.max(...firstPosts));
    const comment = await back.call('POST', '/api/comment', { token, body: { board: post.body.id, content: '새 댓글' } });
    expect(comment.status).toBe(200);
    const talk = await back.call('GET', `/api/conversation/${conversation}`, { token });
    expect(talk.body.messages.map((m: { content: string }) => m.content)).toEqual(['백업된 쪽지 😀']);
    const image = await back.call('GET', photo.path);
    expect(image.status).toBe(200);
  });

  test('a target that holds data is refused unless forced; a newer schema is refused', async () => {
    const target = await emptyTarget();
    await restoreBackup(backupDir, target);
    const again = await restoreBackup(backupDir, target).catch((err: unknown) => err);
    expect(again).toBeInstanceOf(RestoreRefused);
    expect((again as RestoreRefused).exitCode).toBe(RestoreExit.notEmpty);
    expect((again as Error).message).toMatch(/비어 있지 않습니다.* \/ the target is not empty/);
    const forced = await restoreBackup(backupDir, target, { force: true });
    expect(await countsOf(target, Object.keys(forced.manifest.counts))).toEqual(forced.manifest.counts);

    const future = await tempDir();
    await fs.cp(backupDir, future, { recursive: true });
    const manifest = JSON.parse(await fs.readFile(path.join(future, MANIFEST), 'utf8'));
    await fs.writeFile(path.join(future, MANIFEST), JSON.stringify({ ...manifest, schema: '9999-from-the-future' }));
    const newer = await restoreBackup(future, await emptyTarget()).catch((err: unknown) => err);
    expect((newer as RestoreRefused).exitCode).toBe(RestoreExit.newerSchema);
    expect((newer as Error).message).toContain('9999-from-the-future');
  });

  test('a damaged file is refused before the target is touched', async () => {
    const damaged = await tempDir();
    await fs.cp(backupDir, damaged, { recursive: true });
    const manifest = await readManifest(damaged);
    const file = manifest.files.find((f) => !f.path.startsWith('uploads/')) as { path: string };
    await fs.appendFile(path.join(damaged, file.path), 'x');
    const target = await emptyTarget();
    const refused = await restoreBackup(damaged, target).catch((err: unknown) => err);
    expect((refused as RestoreRefused).exitCode).toBe(RestoreExit.unreadable);
    expect(await fs.readdir(target.dataDir)).toEqual([]);

    // A manifest naming a file outside its folder is not read at all.
    const escaping = await tempDir();
    await fs.cp(backupDir, escaping, { recursive: true });
    const upload = manifest.files.find((f) => f.path.startsWith('uploads/')) as { path: string };
    const files = manifest.files.map((f) => (f === upload ? { ...f, path: 'uploads/../../outside.png' } : f));
    await fs.writeFile(path.join(escaping, MANIFEST), JSON.stringify({ ...manifest, files }));
    const outside = await restoreBackup(escaping, await emptyTarget()).catch((err: unknown) => err);
    expect((outside as RestoreRefused).exitCode).toBe(RestoreExit.unreadable);
  });

  test('a backup of an older schema is migrated to the newest on restore', async () => {
    const old = await emptyTarget();
    const connection = connect(old);
    await migrateUpTo(connection.db, connection.dialect, '0009-upload-owner');
    const now = new Date().toISOString();
    await sql`insert into users (loginid, passwd, nicknamekey, logindate, lastchangepasswddate, date)
      values ('old@test.example', 'x', 'old', ${now}, ${now}, ${now})`.execute(connection.db);
    await connection.close();
    const { dir, manifest } = await createBackup(old);
    expect(manifest.schema).toBe('0009-upload-owner');
    const target = await emptyTarget();
    const restored = await restoreBackup(dir, target);
    expect(restored.migrated).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf('0009-upload-owner') + 1));
    expect(await countsOf(target, ['users', 'mails'])).toEqual({ users: 1, mails: 0 });
  });
});

describe("the root admin's backup calls", () => {
  test('list and start for the root admin only; one backup at a time', async () => {
    const t = await app();
    const admin = (await t.member({ level: 3 })).token;
    expect((await t.call('GET', '/api/admin/backup')).status).toBe(401);
    expect((await t.call('GET', '/api/admin/backup', { token: admin })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/backup', { token: admin })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/backup', { token: (await t.member()).token })).status).toBe(403);

    const root = await t.root();
    expect((await t.call('GET', '/api/admin/backup', { token: root })).body).toEqual({ code: 'ok', running: false, items: [] });
    expect((await t.call('POST', '/api/admin/backup', { token: root })).body).toEqual({ code: 'ok', started: true });
    expect((await t.call('POST', '/api/admin/backup', { token: root })).body).toEqual({ code: 'ok', started: false });
    expect((await t.call('GET', '/api/admin/backup', { token: root })).body.running).toBe(true);
    expect(await startBackup(t.deps).done).toBe(true);
    const list = await t.call('GET', '/api/admin/backup', { token: root });
    expect(list.body.running).toBe(false);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ kind: dbKind, schema: MIGRATION_NAMES.at(-1), counts: { users: 3 } });
    expect(list.body.items[0].bytes).toBeGreaterThan(0);
  });
});

describe('scheduled backups', () => {
  /** A schedule's deps: the app's, with its own log and BACKUP_EVERY/BACKUP_KEEP. */
  function scheduled(t: TestApp, dataDir: string, log: string[]) {
    const env = loadEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: t.env.DATABASE_URL,
      JWT_SECRET: t.env.JWT_SECRET,
      BACKUP_EVERY: '1s',
      BACKUP_KEEP: '2',
      LOG_LEVEL: 'info',
    });
    const sink = new Writable({
      write(chunk, _enc, cb) {
        log.push(...chunk.toString().split('\n').filter(Boolean));
        cb();
      },
    });
    return { env, logger: createLogger('info', sink) };
  }

  test('run every BACKUP_EVERY, by one app server of several, and keep BACKUP_KEEP', { timeout: 60_000 }, async () => {
    const t = await app();
    const dirs = [t.dataDir, ...(dbKind === 'postgres' ? [await tempDir()] : [])];
    const logs = dirs.map(() => [] as string[]);
    // On PostgreSQL a second app server on the same database, with a data folder of its own.
    const schedules = dirs.map((dir, i) => startBackupSchedule(scheduled(t, dir, logs[i] as string[])));
    const written = () => logs.map((l) => l.filter((line) => line.includes('backup written')).length);
    const deadline = Date.now() + 45_000;
    while (written().reduce((a, b) => a + b, 0) < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    for (const s of schedules) await s.stop();

    const counts = written();
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
    // One server wrote them all.
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    const leader = dirs[counts.findIndex((n) => n > 0)] as string;
    const kept = await listBackups({ env: { ...t.env, DATA_DIR: leader } });
    expect(kept.length).toBeLessThanOrEqual(2);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(logs.flat().some((line) => line.includes('old backups removed'))).toBe(true);
  });
});
