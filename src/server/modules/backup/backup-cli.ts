import { startProcess } from '#server/process-start.ts';
import { backupBytes } from './backup-format.ts';
import { createBackup } from './create-backup.ts';
import { formatBytes, progressPrinter } from './progress-bar.ts';

// `npm run backup`: one consistent copy of the database and the uploads in DATA_DIR/backups,
// taken while the site runs. Prints the folder, its size and how long it took; exits 1 on failure.
const env = startProcess();
const progress = progressPrinter();
try {
  const { dir, manifest } = await createBackup({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }, progress.update);
  progress.end();
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `백업 완료 / backup written: ${dir}\n` +
      `  ${formatBytes(backupBytes(manifest))}, ${rows.toLocaleString('en')} rows, ${manifest.files.length.toLocaleString('en')} files, ${manifest.seconds.toFixed(1)} s (schema ${manifest.schema})\n`,
  );
} catch (err) {
  progress.end();
  process.stderr.write(`백업하지 못했습니다 / backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
