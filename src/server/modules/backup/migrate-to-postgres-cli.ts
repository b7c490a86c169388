import { parseArgs } from 'node:util';
import { startProcess } from '#server/process-start.ts';
import { createBackup } from './create-backup.ts';
import { progressPrinter } from './progress-bar.ts';
import { RestoreExit, RestoreRefused, restoreBackup } from './restore-backup.ts';

// `npm run migrate-to-postgres [-- --force]`: the SQLite database in DATA_DIR copied into the
// empty PostgreSQL database DATABASE_URL names. It is a backup and its restore: the backup stays
// in DATA_DIR/backups as the copy taken, and the uploads stay where they are. Like the server on
// PostgreSQL it wants JWT_SECRET: give it DATA_DIR/jwt-secret's value to keep sessions working.
const { values } = parseArgs({ args: process.argv.slice(2), options: { force: { type: 'boolean', default: false } } });
const env = startProcess();
if (!env.DATABASE_URL) {
  process.stderr.write(
    'DATABASE_URL을 옮겨 갈 PostgreSQL 데이터베이스로 정하세요 / set DATABASE_URL to the PostgreSQL database to copy into\n',
  );
  process.exit(RestoreExit.usage);
}
const progress = progressPrinter();
try {
  const { dir, manifest } = await createBackup({ dataDir: env.DATA_DIR }, progress.update);
  const result = await restoreBackup(
    dir,
    { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL },
    { force: values.force, uploads: false, onProgress: progress.update },
  );
  progress.end();
  process.stdout.write(`옮기기 완료 / copied into PostgreSQL (backup kept in ${dir})\n`);
  for (const [table, n] of Object.entries(result.counts)) process.stdout.write(`  ${table}: ${n} (SQLite ${manifest.counts[table]})\n`);
} catch (err) {
  progress.end();
  const refused = err instanceof RestoreRefused;
  process.stderr.write(
    refused ? `${err.message}\n` : `옮기지 못했습니다 / copy failed: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exitCode = refused ? err.exitCode : 1;
}
