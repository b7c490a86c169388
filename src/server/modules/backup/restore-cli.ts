import { parseArgs } from 'node:util';
import { startProcess } from '#server/process-start.ts';
import { formatBytes, progressPrinter } from './progress-bar.ts';
import { backupBytes } from './backup-format.ts';
import { RestoreExit, RestoreRefused, restoreBackup } from './restore-backup.ts';

// `npm run restore -- FILE [--force]`: a backup (its folder or its manifest.json) into the empty
// DATA_DIR, or the empty database DATABASE_URL names. Exit codes: restore-backup.ts (RestoreExit).
const USAGE = '사용법 / usage: npm run restore -- <backup folder or manifest.json> [--force]';

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
}
try {
  args = parse();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
  process.exit(RestoreExit.usage);
}
const [from, ...extra] = args.positionals;
if (!from || extra.length > 0) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(RestoreExit.usage);
}

const env = startProcess();
const started = performance.now();
const progress = progressPrinter();
try {
  const result = await restoreBackup(
    from,
    { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL },
    { force: args.values.force, onProgress: progress.update },
  );
  progress.end();
  const { manifest } = result;
  const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `복원 완료 / restored: ${manifest.kind} backup of ${manifest.created} into ${env.DATABASE_URL ? 'PostgreSQL' : env.DATA_DIR}\n` +
      `  ${rows.toLocaleString('en')} rows, ${formatBytes(backupBytes(manifest))}, ${((performance.now() - started) / 1000).toFixed(1)} s` +
      `${result.migrated.length > 0 ? `; migrated: ${result.migrated.join(', ')}` : ''}\n`,
  );
} catch (err) {
  progress.end();
  if (err instanceof RestoreRefused) {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = err.exitCode;
  } else {
    process.stderr.write(`복원하지 못했습니다 / restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
