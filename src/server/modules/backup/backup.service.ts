import { type ChildProcess, spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Deps } from '#server/context.ts';
import { backupBytes, backupsDir, MANIFEST, type Manifest, readManifest } from './backup-format.ts';

// Backups for the operator's page and the schedule (BACKUP_EVERY, BACKUP_KEEP). A backup runs as
// `npm run backup` does, in a child process: its reads, gzip and checksums take another core and
// none of the server's event loop, and a failure cannot take the server with it.
// Who may ask for one is the caller's rule: the admin API and page check requireRoot first.

export interface BackupSummary {
  name: string;
  created: string;
  kind: Manifest['kind'];
  schema: string;
  /** Bytes of all its files. */
  bytes: number;
  seconds: number;
  counts: Record<string, number>;
}

/** Complete backups in DATA_DIR/backups, newest first (a folder still being written has no
 * manifest under its final name, and one that cannot be read is left out). */
export async function listBackups(deps: Pick<Deps, 'env'>): Promise<BackupSummary[]> {
  const root = backupsDir(deps.env.DATA_DIR);
  const names = await fsp.readdir(root).catch(() => [] as string[]);
  const found = await Promise.all(
    names
      .filter((n) => !n.startsWith('.'))
      .map(async (name) => {
        const manifest = await readManifest(path.join(root, name)).catch(() => undefined);
        if (!manifest) return undefined;
        const { created, kind, schema, seconds, counts } = manifest;
        return { name, created, kind, schema, seconds, counts, bytes: backupBytes(manifest) };
      }),
  );
  return found.filter((b) => b !== undefined).sort((a, b) => b.created.localeCompare(a.created));
}

/** One backup at a time per data folder: the one under way in this process, if any. */
const running = new Map<string, { child: ChildProcess; done: Promise<boolean> }>();

export function backupRunning(deps: Pick<Deps, 'env'>): boolean {
  return running.has(deps.env.DATA_DIR);
}

const CLI = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));

/** Starts a backup unless one is under way; answers whether it started. `done` resolves true when
 * it was written, false when it failed (logged). */
export function startBackup(deps: Pick<Deps, 'env' | 'logger'>): { started: boolean; done: Promise<boolean> } {
  const under = running.get(deps.env.DATA_DIR);
  if (under) return { started: false, done: under.done };
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: deps.env.DATA_DIR, DATABASE_URL: deps.env.DATABASE_URL ?? '' };
  if (deps.env.JWT_SECRET) env.JWT_SECRET = deps.env.JWT_SECRET;
  const child = spawn(process.execPath, [CLI], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const done = new Promise<boolean>((resolve) => {
    child.on('error', (err) => {
      deps.logger.error({ err }, 'backup could not start');
      resolve(false);
    });
    child.on('exit', (code, signal) => {
      const ok = code === 0;
      if (ok) deps.logger.info({ output: output.trim().split('\n').slice(-2).join(' ') }, 'backup written');
      else deps.logger.error({ code, signal, output: output.trim().split('\n').slice(-3).join(' ') }, 'backup failed');
      resolve(ok);
    });
  }).finally(() => running.delete(deps.env.DATA_DIR));
  running.set(deps.env.DATA_DIR, { child, done });
  return { started: true, done };
}

/** A folder left by a backup that was stopped midway is removed once it is this old. */
const STALE_PARTIAL_MS = 24 * 3600_000;

/** Keeps the newest `keep` backups and removes the rest; answers the names removed. */
export async function pruneBackups(dataDir: string, keep: number): Promise<string[]> {
  const root = backupsDir(dataDir);
  const names = (await fsp.readdir(root).catch(() => [] as string[])).sort();
  const complete: string[] = [];
  for (const name of names) {
    if (name.startsWith('.')) {
      const stat = await fsp.stat(path.join(root, name));
      if (Date.now() - stat.mtimeMs > STALE_PARTIAL_MS) await fsp.rm(path.join(root, name), { recursive: true, force: true });
    } else if (await fsp.stat(path.join(root, name, MANIFEST)).catch(() => undefined)) {
      complete.push(name);
    }
  }
  // Names sort by time (backup-format.ts).
  const removed = complete.slice(0, Math.max(0, complete.length - keep));
  for (const name of removed) await fsp.rm(path.join(root, name), { recursive: true, force: true });
  return removed;
}

/** The advisory lock's key: whichever app server holds it runs the schedule's backups. */
const LEADER_LOCK = 0x6861_6e69_6e;

/** The scheduled backups, every BACKUP_EVERY at the same wall-clock times on every server (6h:
 * 00:00, 06:00, ... UTC). On PostgreSQL one server runs them: the one holding a session advisory
 * lock on a connection of its own, taken at a tick and kept; when that server stops, its
 * connection ends, the lock is free and another takes it at the next tick. */
export function startBackupSchedule(deps: Pick<Deps, 'env' | 'logger'>): { stop(): Promise<void> } {
  const every = deps.env.BACKUP_EVERY;
  if (!every) return { stop: async () => {} };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let leader: pg.Client | undefined;
  let round = Promise.resolve();

  const lead = async (): Promise<boolean> => {
    if (!deps.env.DATABASE_URL || leader) return true;
    const client = new pg.Client({ connectionString: deps.env.DATABASE_URL });
    client.on('error', () => {
      if (leader === client) leader = undefined;
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [LEADER_LOCK]);
      if (rows[0]?.held && !stopped) {
        leader = client;
        return true;
      }
    } catch (err) {
      deps.logger.warn({ err }, 'backup schedule could not reach the database');
    }
    await client.end().catch(() => {});
    return false;
  };
  const tick = async () => {
    if (!(await lead())) return;
    const { started, done } = startBackup(deps);
    if (!started || !(await done)) return;
    const removed = await pruneBackups(deps.env.DATA_DIR, deps.env.BACKUP_KEEP);
    if (removed.length > 0) deps.logger.info({ removed }, 'old backups removed');
  };
  const schedule = () => {
    if (stopped) return;
    const wait = every - (Date.now() % every);
    timer = setTimeout(() => {
      round = tick()
        .catch((err: unknown) => deps.logger.error({ err }, 'scheduled backup failed'))
        .finally(schedule);
    }, wait).unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A backup under way is not waited for: a shutdown must end within seconds. Its folder is
      // left under a dot-name, which pruning removes a day later.
      running.get(deps.env.DATA_DIR)?.child.kill();
      await round;
      await leader?.end().catch(() => {});
      leader = undefined;
    },
  };
}
