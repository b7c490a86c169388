import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

// What a backup is on disk (docs/decisions/0030-backups-and-restore.md): one folder in DATA_DIR/backups,
//
//   manifest.json          this file's schema: format, schema version, kind, time, counts, files
//   database.sqlite        a SQLite backup: the online backup API's page-for-page copy
//   tables/<name>.ndjson.gz  a PostgreSQL backup: one snapshot's rows, a header line then one
//                          JSON array a row, gzipped
//   uploads/<name>         DATA_DIR/uploads as it was just after the database copy
//   jwt-secret             the generated signing key, when DATA_DIR had one
//
// A backup is written under a dot-name and renamed when its manifest is complete, so a folder
// listed here is always whole.

/** Bumped when the layout changes in a way an older restore could not read. */
export const BACKUP_FORMAT = 1;

export const MANIFEST = 'manifest.json';
export const SQLITE_COPY = 'database.sqlite';
export const TABLES_DIR = 'tables';
export const UPLOADS_DIR = 'uploads';
export const SECRET_FILE = 'jwt-secret';

const FileEntrySchema = z.strictObject({
  /** Relative to the backup folder, with forward slashes; never out of it (a restore writes
   * uploads by these names). */
  path: z
    .string()
    .min(1)
    .refine((p) => !p.startsWith('/') && !p.includes('\\') && !p.split('/').some((part) => part === '' || part === '.' || part === '..')),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof FileEntrySchema>;

export const ManifestSchema = z
  .strictObject({
    format: z.literal(BACKUP_FORMAT),
    /** The newest migration the database had applied: a restore refuses a newer one than it knows. */
    schema: z.string().min(1),
    kind: z.enum(['sqlite', 'postgres']),
    created: z.iso.datetime(),
    /** Rows of every table the backup holds (the search index is rebuilt, not kept: see tables.ts).
     * A name is a table's, never a path: a PostgreSQL backup's file is named after it. */
    counts: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), z.number().int().min(0)),
    files: z.array(FileEntrySchema),
    /** Seconds the backup took. */
    seconds: z.number().min(0),
  })
  // The database's own files are listed (and so checked before a restore empties its target):
  // otherwise a restore would find one missing only once the target was gone.
  .superRefine((m, ctx) => {
    const listed = new Set(m.files.map((f) => f.path));
    if (listed.size < m.files.length) ctx.addIssue({ code: 'custom', path: ['files'], message: 'a file is listed twice' });
    for (const needed of databaseFiles(m)) {
      if (!listed.has(needed)) ctx.addIssue({ code: 'custom', path: ['files'], message: `${needed} is not listed` });
    }
  });
export type Manifest = z.infer<typeof ManifestSchema>;

/** A PostgreSQL backup's file of one table's rows, relative to the backup folder. */
export function tableFile(table: string): string {
  return `${TABLES_DIR}/${table}.ndjson.gz`;
}

/** The files that hold a backup's database: the SQLite copy, or one file a table. */
export function databaseFiles(m: Pick<Manifest, 'kind' | 'counts'>): string[] {
  return m.kind === 'sqlite' ? [SQLITE_COPY] : Object.keys(m.counts).map(tableFile);
}

/** How far a backup or restore is, for a progress bar. */
export interface ProgressStep {
  stage: 'database' | 'uploads' | 'verify' | 'search';
  done: number;
  total: number;
  unit: 'bytes' | 'rows' | 'files';
}
export type OnProgress = (step: ProgressStep) => void;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** `backup-20261126-213000-123`: sorts by time, and two backups in one second differ. */
export function backupName(at: Date): string {
  const iso = at.toISOString();
  return `backup-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}`;
}

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export async function fileEntry(dir: string, relative: string): Promise<FileEntry> {
  const file = path.join(dir, relative);
  const [stat, sha256] = await Promise.all([fsp.stat(file), sha256File(file)]);
  return { path: relative.split(path.sep).join('/'), size: stat.size, sha256 };
}

/** A backup's folder from what the operator named: the folder, or its manifest.json. */
export function backupFolder(named: string): string {
  const resolved = path.resolve(named);
  return path.basename(resolved) === MANIFEST ? path.dirname(resolved) : resolved;
}

/** The manifest, checked whole; what is wrong with one is said plainly (`counts.board: ...`). */
export async function readManifest(dir: string): Promise<Manifest> {
  const text = await fsp.readFile(path.join(dir, MANIFEST), 'utf8');
  const parsed = ManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${MANIFEST}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'manifest'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export function backupBytes(manifest: Manifest): number {
  return manifest.files.reduce((sum, f) => sum + f.size, 0);
}
