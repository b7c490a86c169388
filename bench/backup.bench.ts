import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readManifest } from '../src/server/modules/backup/backup-format.ts';
import { generateContentDatabase } from './lib/generate-content.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { ROOT } from './lib/server.ts';

// Backup and restore at scale (backup issue: the time at 1M posts on SQLite): `npm run backup`
// on BENCH_POSTS board posts (plus jobs and businesses) while another connection keeps writing
// posts, then `npm run restore` of that copy into an empty DATA_DIR, each as the operator runs it
// (a process of its own). Targets: each within 2 minutes at 1M posts; writes go on during the
// backup (none waits more than a second); the restored copy holds the backup's counts.

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const TARGET = { backupSeconds: 120, restoreSeconds: 120, writeWaitMs: 1000 };
const NODE = path.join(ROOT, 'node_modules/.bin/node');

function runCli(script: string, dataDir: string, args: string[] = []): Promise<{ seconds: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      NODE,
      [script, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir }, maxBuffer: 16 * 2 ** 20 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${script} failed: ${stderr.slice(-2000)}`));
        else resolve({ seconds: Math.round((performance.now() - started) / 100) / 10, stdout });
      },
    );
  });
}

/** Inserts a post every 10 ms on a connection of its own, as the site would, timing each insert
 * (a backup that held up writers would show here). */
function startWriter(dataDir: string) {
  const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'), { timeout: 10_000 });
  const insert = db.prepare(
    "insert into board (title, content, topcategory, category, name, user, date) values ('백업 중 글', '<p>쓰기</p>', 5, '자유게시판', '벤치', 1, ?)",
  );
  let writes = 0;
  let maxMs = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    insert.run(new Date().toISOString());
    maxMs = Math.max(maxMs, performance.now() - t);
    writes++;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      db.close();
      return { writes, maxMs: Math.round(maxMs * 10) / 10 };
    },
  };
}

function countBoard(dataDir: string): number {
  const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'), { readOnly: true });
  const n = Number((db.prepare('select count(*) as n from board').get() as { n: number }).n);
  db.close();
  return n;
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;

export async function backupBench(_options: BenchOptions): Promise<SectionReport> {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-backup-'));
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-restore-'));
  try {
    const generated = await generateContentDatabase(source, POSTS);

    const writer = startWriter(source);
    const backup = await runCli('src/server/modules/backup/backup-cli.ts', source);
    const during = writer.stop();
    const folder = path.join(
      source,
      'backups',
      fs.readdirSync(path.join(source, 'backups')).filter((n) => !n.startsWith('.'))[0] as string,
    );
    const manifest = await readManifest(folder);
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);

    const restore = await runCli('src/server/modules/backup/restore-cli.ts', target, [folder]);
    const restoredBoard = countBoard(target);

    const checks: Check[] = [
      [
        `backup of ${POSTS.toLocaleString('en')} posts < ${TARGET.backupSeconds} s`,
        `${backup.seconds} s`,
        backup.seconds < TARGET.backupSeconds,
      ],
      [`restore < ${TARGET.restoreSeconds} s`, `${restore.seconds} s`, restore.seconds < TARGET.restoreSeconds],
      [
        `writes go on during the backup, none waiting > ${TARGET.writeWaitMs} ms`,
        `${during.writes} writes, slowest ${during.maxMs} ms`,
        during.writes > 0 && during.maxMs < TARGET.writeWaitMs,
      ],
      [
        "the restored copy holds the backup's posts",
        `${restoredBoard.toLocaleString('en')} of ${manifest.counts.board?.toLocaleString('en')}`,
        restoredBoard === manifest.counts.board,
      ],
    ];
    const markdown = [
      '## Data',
      '',
      `${generated.board.toLocaleString('en')} board posts, ${generated.jobs.toLocaleString('en')} jobs, ${generated.business.toLocaleString('en')} businesses, ${generated.users} users (no uploads); SQLite file ${mb(generated.fileBytes)}.`,
      '',
      '## Results',
      '',
      'Each step is the CLI in a process of its own, timed from start to exit (Node start-up included).',
      '',
      table(
        ['Step', 'seconds', 'note'],
        [
          [
            'npm run backup',
            backup.seconds,
            `${mb(bytes)} written (${manifest.seconds} s of it copying and summing, the rest Node's start); ${during.writes} posts written meanwhile, slowest insert ${during.maxMs} ms`,
          ],
          ['npm run restore', restore.seconds, 'into an empty DATA_DIR: checksums checked, the file put in place, migrations checked'],
        ],
      ),
      '',
      targetsSection(checks),
    ].join('\n');
    return {
      title: `Benchmark: backup and restore at ${POSTS.toLocaleString('en')} posts (SQLite)`,
      markdown,
      data: {
        generated,
        backup: { seconds: backup.seconds, bytes, counts: manifest.counts, writesDuring: during },
        restore: { seconds: restore.seconds, board: restoredBoard },
        targets: checks.map(([t, m, ok]) => ({ target: t, measured: m, passed: ok })),
      },
      passed: checks.every(([, , ok]) => ok),
    };
  } finally {
    fs.rmSync(source, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
  }
}
