import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SystemReport } from '#shared/schemas/system.ts';
import type { Caller, Deps } from '#server/context.ts';
import { databaseBytes } from '#server/db/connect.ts';
import { requireRoot } from '#server/modules/auth/actor.policy.ts';
import { mailQueueReport } from '#server/modules/mail/mail.service.ts';

// The operator's page (/admin/system) and GET /api/admin/system: whether this server is well, in
// one answer. The numbers are this server's own (uptime, cache, errors); the database, its mail
// queue and the disk are shared by every app server.

const ROOT = path.resolve(import.meta.dirname, '../../../..');

const VERSION = z.object({ version: z.string() }).parse(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))).version;

/** The checkout's commit, read once at start; none where the code is no git checkout (a copied
 * release) or git is missing. */
const GIT_COMMIT = ((): string | undefined => {
  if (!fs.existsSync(path.join(ROOT, '.git'))) return undefined;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
})();

export async function systemReport(deps: Deps, caller: Caller): Promise<SystemReport> {
  requireRoot(caller.actor);
  const [bytes, mail, disk] = await Promise.all([
    databaseBytes(deps.db, deps.dialect, deps.env.DATA_DIR),
    mailQueueReport(deps),
    fs.promises.statfs(deps.env.DATA_DIR),
  ]);
  const { hits, misses } = deps.metrics.pageCacheCounts();
  const uptimeSeconds = Math.floor(process.uptime());
  return {
    version: VERSION,
    commit: GIT_COMMIT ?? deps.env.APP_COMMIT ?? null,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    uptimeSeconds,
    database: { kind: deps.dialect, bytes },
    mail,
    pageCache: { hits, misses, ratio: hits + misses > 0 ? hits / (hits + misses) : null },
    errorsLastHour: deps.metrics.errorsLastHour(),
    disk: { free: disk.bavail * disk.bsize, total: disk.blocks * disk.bsize },
  };
}
