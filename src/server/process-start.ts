import fs from 'node:fs';
import { type Env, loadEnv } from './env.ts';

// What the server and every CLI (package.json's scripts: migrate, seed, backup, restore,
// reindex, migrate-to-postgres) do first. DATA_DIR holds every password hash (the database and
// its WAL), the signing key, members' uploads and mail with their codes: private to the server's
// user, like the backups already were (docs/decisions/0060-private-data-dir-restore-check-one-build.md).

/** Nothing this process creates is open to group or others: node:sqlite, sharp's output, the
 * mail outbox and mkdir take their modes from here, so no write needs a mode of its own. */
const PRIVATE_UMASK = 0o077;

/** The environment, parsed, with this process's files made private. Entry points only: the umask
 * is the whole process's (worker threads share it and may not set it). */
export function startProcess(): Env {
  const env = loadEnv(process.env);
  process.umask(PRIVATE_UMASK);
  closeDataDir(env.DATA_DIR);
  return env;
}

/** An existing DATA_DIR is closed to group and others, so that files an older version wrote open
 * (0644) can no longer be reached, without touching each of them. A missing folder is created
 * later under the umask; one we do not own (EPERM) keeps the modes its owner chose, and a folder
 * we cannot write is named by boot.ts's checkDataDir. */
export function closeDataDir(dir: string): void {
  try {
    fs.chmodSync(dir, 0o700);
  } catch {}
}
