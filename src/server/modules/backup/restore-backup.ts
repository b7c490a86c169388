import { rebuildCounts } from '#server/db/counters.ts';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { connect } from '#server/db/connect.ts';
import type { Dialect } from '#server/db/database.ts';
import { MIGRATION_NAMES, migrateUpTo } from '#server/db/migrate.ts';
import { upgradeToLatest } from '#server/upgrade.ts';
import { uploadsDir } from '#server/lib/storage.ts';
import { reindexAll } from '#server/modules/search/search.service.ts';
import {
  backupFolder,
  type Manifest,
  type OnProgress,
  MANIFEST,
  readManifest,
  SECRET_FILE,
  SQLITE_COPY,
  sha256File,
  tableFile,
  UPLOADS_DIR,
} from './backup-format.ts';
import { sqliteFile } from './create-backup.ts';
import { openSqliteCopy } from './sqlite-file.ts';
import { readTableFile } from './table-file.ts';
import { countRows, dropAllTables, holdsRows, resetSequences, type TableRows, tableColumns, writeRows } from './tables.ts';

// Puts a backup (backup-format.ts) back into an empty DATA_DIR or PostgreSQL database, of either
// kind: a SQLite copy into SQLite is the file itself; every other pairing loads the rows into a
// schema migrated to the backup's version, then migrates to the newest and rebuilds the search
// index. Refusals carry the CLI's exit code and one line in Korean and English.

export class RestoreRefused extends Error {
  readonly exitCode: number;
  constructor(exitCode: number, message: string) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** The restore CLI's exit codes beyond 0 (done) and 1 (failed): what an operator's script can test. */
export const RestoreExit = { usage: 2, notEmpty: 3, newerSchema: 4, unreadable: 5 } as const;

export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
}

export interface RestoreOptions {
  /** Replace what the target holds. */
  force?: boolean;
  /** Restore the uploads too (migrate-to-postgres leaves them where they are). */
  uploads?: boolean;
  onProgress?: OnProgress;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows per table in the target as loaded, before newer migrations ran. */
  counts: Record<string, number>;
  /** Migrations applied after loading (a backup of an older schema). */
  migrated: string[];
}

export async function restoreBackup(named: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreResult> {
  const onProgress = options.onProgress ?? (() => {});
  const withUploads = options.uploads ?? true;
  const dir = backupFolder(named);
  const manifest = await readManifest(dir).catch((err: unknown) => {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new RestoreRefused(RestoreExit.unreadable, `백업을 읽을 수 없습니다 / cannot read the backup: ${dir} (${reason})`);
  });
  if (!MIGRATION_NAMES.includes(manifest.schema)) {
    throw new RestoreRefused(
      RestoreExit.newerSchema,
      `이 백업은 더 새 버전(스키마 ${manifest.schema})에서 만들어졌습니다. 프로그램을 먼저 업데이트하세요 / the backup is from a newer schema (${manifest.schema}): update the software first`,
    );
  }
  const holds = await targetHolds(target, withUploads);
  if (holds && !options.force) throw notEmpty(holds);
  await verifyFiles(dir, manifest, withUploads, onProgress);
  await clearTarget(target, withUploads);

  let result: RestoreResult;
  if (manifest.kind === 'sqlite' && !target.databaseUrl) {
    await fsp.mkdir(target.dataDir, { recursive: true });
    const file = sqliteFile(target.dataDir);
    await fsp.copyFile(path.join(dir, SQLITE_COPY), `${file}.restoring`);
    await fsp.rename(`${file}.restoring`, file);
    const connection = connect(target);
    try {
      const counts: Record<string, number> = {};
      for (const table of Object.keys(manifest.counts)) counts[table] = await countRows(connection.db, table);
      result = { manifest, counts, migrated: await upgradeToLatest(connection.db, connection.dialect) };
      // The copy's counters were taken with its rows, but a restore never trusts derived data.
      await rebuildCounts(connection.db);
    } finally {
      await connection.close();
    }
  } else {
    result = await loadRows(dir, manifest, target, onProgress);
  }
  if (withUploads) await copyUploads(dir, manifest, target.dataDir, onProgress);
  await restoreSecret(dir, manifest, target.dataDir, options.force ?? false);
  return result;
}

/** Every file the manifest names is there with its size and checksum, before the target is touched. */
async function verifyFiles(dir: string, manifest: Manifest, withUploads: boolean, onProgress: OnProgress): Promise<void> {
  const files = manifest.files.filter((f) => withUploads || !f.path.startsWith(`${UPLOADS_DIR}/`));
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const noLinks = linkFreePaths(dir);
  await noLinks(MANIFEST);
  let done = 0;
  for (const f of files) {
    await noLinks(f.path);
    const file = path.join(dir, ...f.path.split('/'));
    const size = await fsp.lstat(file).then(
      (s) => (s.isFile() ? s.size : -1),
      () => -1,
    );
    if (size !== f.size || (await sha256File(file)) !== f.sha256) {
      throw new RestoreRefused(
        RestoreExit.unreadable,
        `백업 파일이 없거나 손상되었습니다 / a backup file is missing or damaged: ${f.path}`,
      );
    }
    done += f.size;
    onProgress({ stage: 'verify', done, total, unit: 'bytes' });
  }
}

/** Refuses a path of the backup that is, or lies under, a symbolic link: a restore reads and
 * copies what the manifest names, and a link would bring in a file from outside the backup (one
 * an operator never meant to restore, or the checksum's file swapped after the check). The folder
 * named on the command line may be a link (`latest` -> a backup): only what is inside it counts.
 * Folders already seen are not looked at again (a million uploads share one). */
function linkFreePaths(dir: string): (relative: string) => Promise<void> {
  const seen = new Set<string>();
  return async (relative) => {
    const parts = relative.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const part = parts.slice(0, i).join('/');
      if (seen.has(part)) continue;
      const stat = await fsp.lstat(path.join(dir, ...parts.slice(0, i))).catch(() => undefined);
      if (stat?.isSymbolicLink()) {
        throw new RestoreRefused(
          RestoreExit.unreadable,
          `백업 안의 심볼릭 링크는 복원하지 않습니다 / the backup holds a symbolic link: ${part}`,
        );
      }
      if (i < parts.length && stat) seen.add(part);
    }
  };
}

const notEmpty = (what: string) =>
  new RestoreRefused(
    RestoreExit.notEmpty,
    `복원할 곳이 비어 있지 않습니다(${what}). 덮어쓰려면 --force를 붙이세요 / the target is not empty (${what}); add --force to replace it`,
  );

/** Whether the target holds anything: a row in its database, or a file in its uploads (named
 * in that order). */
async function targetHolds(target: RestoreTarget, withUploads: boolean): Promise<string | undefined> {
  if (await databaseHolds(target)) return target.databaseUrl ? 'DATABASE_URL' : sqliteFile(target.dataDir);
  const uploads = uploadsDir(target.dataDir);
  return withUploads && (await fsp.readdir(uploads).catch(() => [])).length > 0 ? uploads : undefined;
}

async function databaseHolds(target: RestoreTarget): Promise<boolean> {
  if (target.databaseUrl) {
    const connection = connect(target);
    try {
      return await holdsRows(connection.db, 'postgres');
    } finally {
      await connection.close();
    }
  }
  const file = sqliteFile(target.dataDir);
  if (!fs.existsSync(file)) return false;
  // Opened to write though only read: a read-only connection leaves the -wal and -shm files behind
  // in a target that a refused restore must leave as it was; the last connection to close removes them.
  const copy = openSqliteCopy(file, { readOnly: false });
  try {
    return copy.tables().some((t) => copy.count(t) > 0);
  } finally {
    copy.close();
  }
}

/** Empties the target (its rows are none, or the restore was forced): a restore starts from nothing. */
async function clearTarget(target: RestoreTarget, withUploads: boolean): Promise<void> {
  if (withUploads) await fsp.rm(uploadsDir(target.dataDir), { recursive: true, force: true });
  if (target.databaseUrl) {
    const connection = connect(target);
    try {
      await dropAllTables(connection.db);
    } finally {
      await connection.close();
    }
    return;
  }
  const file = sqliteFile(target.dataDir);
  for (const suffix of ['', '-wal', '-shm']) await fsp.rm(`${file}${suffix}`, { force: true });
}

/** The rows of a backup into a fresh schema at the backup's version: the same tables and
 * columns it was taken from. Then ids, newer migrations and the search index. */
async function loadRows(dir: string, manifest: Manifest, target: RestoreTarget, onProgress: OnProgress): Promise<RestoreResult> {
  const connection = connect(target);
  const { db, dialect } = connection;
  const copy = manifest.kind === 'sqlite' ? openSqliteCopy(path.join(dir, SQLITE_COPY)) : undefined;
  try {
    await migrateUpTo(db, dialect, manifest.schema);
    const total = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
    let done = 0;
    const counts: Record<string, number> = {};
    for (const table of Object.keys(manifest.counts)) {
      const rows: TableRows = copy ? copy.rows(table) : await readTableFile(path.join(dir, ...tableFile(table).split('/')), table);
      await checkColumns(db, dialect, rows);
      // A migration may have put rows in (defaults); the backup holds them as they were.
      await sql`delete from ${sql.table(table)}`.execute(db);
      await writeRows(db, rows, (n) => {
        done += n;
        onProgress({ stage: 'database', done, total, unit: 'rows' });
      });
      counts[table] = await countRows(db, table);
      if (counts[table] !== manifest.counts[table])
        throw new Error(`${table}: the backup holds ${manifest.counts[table]} rows, ${counts[table]} were restored`);
    }
    await resetSequences(db, dialect);
    const migrated = await upgradeToLatest(db, dialect);
    await rebuildCounts(db);
    await reindexAll({ db, dialect }, (n, all) => onProgress({ stage: 'search', done: n, total: all, unit: 'rows' }));
    return { manifest, counts, migrated };
  } finally {
    copy?.close();
    await connection.close();
  }
}

async function checkColumns(db: Parameters<typeof tableColumns>[0], dialect: Dialect, rows: TableRows): Promise<void> {
  const have = new Set(await tableColumns(db, dialect, rows.name));
  const missing = rows.columns.filter((c) => !have.has(c));
  if (have.size === 0 || missing.length > 0) {
    throw new RestoreRefused(
      RestoreExit.unreadable,
      `백업의 표가 스키마와 맞지 않습니다 / the backup's table does not match the schema: ${rows.name} (${missing.join(', ') || 'no such table'})`,
    );
  }
}

async function copyUploads(dir: string, manifest: Manifest, dataDir: string, onProgress: OnProgress): Promise<void> {
  const files = manifest.files.filter((f) => f.path.startsWith(`${UPLOADS_DIR}/`));
  const to = uploadsDir(dataDir);
  for (const [i, f] of files.entries()) {
    const target = path.join(to, ...f.path.slice(UPLOADS_DIR.length + 1).split('/'));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(path.join(dir, ...f.path.split('/')), target, fs.constants.COPYFILE_FICLONE);
    onProgress({ stage: 'uploads', done: i + 1, total: files.length, unit: 'files' });
  }
}

/** The backup's signing key goes where the server looks for one (lib/secrets.ts) unless a key is
 * already there and the restore was not forced. With JWT_SECRET set the server uses that instead. */
async function restoreSecret(dir: string, manifest: Manifest, dataDir: string, force: boolean): Promise<void> {
  if (!manifest.files.some((f) => f.path === SECRET_FILE)) return;
  const file = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(file) && !force) return;
  await fsp.mkdir(dataDir, { recursive: true });
  await fsp.copyFile(path.join(dir, SECRET_FILE), file);
  await fsp.chmod(file, 0o600);
}
