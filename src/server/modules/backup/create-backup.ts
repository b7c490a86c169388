import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { connect } from '#server/db/connect.ts';
import { uploadsDir } from '#server/lib/storage.ts';
import {
  BACKUP_FORMAT,
  backupName,
  backupsDir,
  type FileEntry,
  fileEntry,
  MANIFEST,
  type Manifest,
  type OnProgress,
  SECRET_FILE,
  SQLITE_COPY,
  TABLES_DIR,
  tableFile,
  UPLOADS_DIR,
} from './backup-format.ts';
import { openSqliteCopy } from './sqlite-file.ts';
import { writeTableFile } from './table-file.ts';
import { type Cell, countRows, dataTables, schemaVersion, tableColumns } from './tables.ts';

// Writes one backup of a running site (backup-format.ts says what is in it). The database first,
// as one consistent copy, then the uploads: an upload's file is written before its row, so every
// row in the copy finds its file (only a file deleted in the few seconds between is missed).

export interface BackupSource {
  dataDir: string;
  databaseUrl?: string;
}

/** The SQLite file the server uses (db/connect.ts). */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'portal.sqlite');
}

export async function createBackup(source: BackupSource, onProgress: OnProgress = () => {}): Promise<{ dir: string; manifest: Manifest }> {
  const started = performance.now();
  const created = new Date();
  const root = backupsDir(source.dataDir);
  await fsp.mkdir(root, { recursive: true, mode: 0o700 });
  const name = backupName(created);
  const partial = path.join(root, `.${name}.partial`);
  await fsp.mkdir(partial, { mode: 0o700 });
  try {
    const db = source.databaseUrl ? await dumpPostgres(source, partial, onProgress) : await copySqlite(source.dataDir, partial, onProgress);
    const files = [
      ...db.files,
      ...(await copyUploads(source.dataDir, partial, onProgress)),
      ...(await copySecret(source.dataDir, partial)),
    ];
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      schema: db.schema,
      kind: source.databaseUrl ? 'postgres' : 'sqlite',
      created: created.toISOString(),
      counts: db.counts,
      files,
      seconds: Math.round(performance.now() - started) / 1000,
    };
    await fsp.writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600 });
    const dir = path.join(root, name);
    await fsp.rename(partial, dir);
    return { dir, manifest };
  } catch (err) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

interface DatabaseCopy {
  schema: string;
  counts: Record<string, number>;
  files: FileEntry[];
}

/** SQLite's online backup API from a connection of our own. All pages go in one step: a step is
 * one read transaction, which in WAL mode never holds up the server's writes, while smaller steps
 * start over whenever another connection writes between them and, on a busy site, might never
 * end. The copy runs in libuv's thread pool; progress is the copy's size as it grows. */
async function copySqlite(dataDir: string, into: string, onProgress: OnProgress): Promise<DatabaseCopy> {
  const file = sqliteFile(dataDir);
  if (!fs.existsSync(file)) throw new Error(`no database at ${file}`);
  const target = path.join(into, SQLITE_COPY);
  const source = new DatabaseSync(file, { timeout: 10_000 });
  const { pages, size } = source
    .prepare('select page_count as pages, page_size as size from pragma_page_count(), pragma_page_size()')
    .get() as {
    pages: number;
    size: number;
  };
  const total = pages * size;
  const watch = setInterval(() => {
    fsp.stat(target).then(
      (s) => onProgress({ stage: 'database', done: Math.min(s.size, total), total, unit: 'bytes' }),
      () => {},
    );
  }, 250);
  try {
    await sqliteBackup(source, target, { rate: 2 ** 31 - 1 });
  } finally {
    clearInterval(watch);
    source.close();
  }
  await fsp.chmod(target, 0o600);
  // The copy keeps the live file's WAL mode; one self-contained file is what a copy should be.
  const writable = new DatabaseSync(target);
  writable.exec('PRAGMA journal_mode = DELETE');
  writable.close();
  const copy = openSqliteCopy(target);
  try {
    const counts = Object.fromEntries(copy.tables().map((t) => [t, copy.count(t)]));
    const entry = await fileEntry(into, SQLITE_COPY);
    onProgress({ stage: 'database', done: entry.size, total: entry.size, unit: 'bytes' });
    return { schema: copy.schemaVersion(), counts, files: [entry] };
  } finally {
    copy.close();
  }
}

/** Rows a fetch from the cursor brings. */
const FETCH = 2000;

/** Every table read inside one REPEATABLE READ READ ONLY transaction, so all of them come from
 * one snapshot while the site goes on writing; a cursor brings the rows a batch at a time. */
async function dumpPostgres(source: BackupSource, into: string, onProgress: OnProgress): Promise<DatabaseCopy> {
  const connection = connect(source);
  await fsp.mkdir(path.join(into, TABLES_DIR), { mode: 0o700 });
  try {
    return await connection.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const schema = await schemaVersion(trx);
        const tables = await dataTables(trx, 'postgres');
        const counts: Record<string, number> = {};
        for (const t of tables) counts[t] = await countRows(trx, t);
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        let done = 0;
        const files: FileEntry[] = [];
        for (const table of tables) {
          const columns = await tableColumns(trx, 'postgres', table);
          await sql`declare backup_rows no scroll cursor for select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}`.execute(
            trx,
          );
          async function* batches(): AsyncGenerator<Cell[][]> {
            for (;;) {
              const { rows } = await sql<Record<string, Cell>>`fetch forward ${sql.lit(FETCH)} from backup_rows`.execute(trx);
              if (rows.length === 0) return;
              yield rows.map((row) => columns.map((c) => row[c] as Cell));
            }
          }
          const relative = tableFile(table);
          const written = await writeTableFile(path.join(into, relative), columns, batches(), (n) => {
            done += n;
            onProgress({ stage: 'database', done, total, unit: 'rows' });
          });
          await sql`close backup_rows`.execute(trx);
          if (written !== counts[table]) throw new Error(`${table}: counted ${counts[table]} rows but read ${written}`);
          files.push(await fileEntry(into, relative));
        }
        onProgress({ stage: 'database', done: total, total, unit: 'rows' });
        return { schema, counts, files };
      });
  } finally {
    await connection.close();
  }
}

/** Every file under DATA_DIR/uploads, copied (a clone where the file system can) and summed. */
async function copyUploads(dataDir: string, into: string, onProgress: OnProgress): Promise<FileEntry[]> {
  const from = uploadsDir(dataDir);
  const names = await fsp.readdir(from, { recursive: true, withFileTypes: true }).catch((err: { code?: string }) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const files = names.filter((d) => d.isFile()).map((d) => path.relative(from, path.join(d.parentPath, d.name)));
  const entries: FileEntry[] = [];
  for (const [i, relative] of files.entries()) {
    const target = path.join(into, UPLOADS_DIR, relative);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.copyFile(path.join(from, relative), target, fs.constants.COPYFILE_FICLONE);
    } catch (err) {
      // Deleted since it was listed: its row went with it.
      if ((err as { code?: string }).code === 'ENOENT') continue;
      throw err;
    }
    entries.push(await fileEntry(into, path.join(UPLOADS_DIR, relative)));
    onProgress({ stage: 'uploads', done: i + 1, total: files.length, unit: 'files' });
  }
  return entries;
}

/** The generated signing key (lib/secrets.ts), so sessions and the restored site's codes go on
 * working; a site configured with JWT_SECRET has none in DATA_DIR. */
async function copySecret(dataDir: string, into: string): Promise<FileEntry[]> {
  try {
    await fsp.copyFile(path.join(dataDir, SECRET_FILE), path.join(into, SECRET_FILE));
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
  await fsp.chmod(path.join(into, SECRET_FILE), 0o600);
  return [await fileEntry(into, SECRET_FILE)];
}
