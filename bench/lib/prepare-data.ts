import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Deps } from '../../src/server/context.ts';
import { loadEnv } from '../../src/server/env.ts';
import { buildDeps } from '../../src/server/boot.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { rebuildCounts } from '../../src/server/db/counters.ts';
import { reindexAll } from '../../src/server/modules/search/search.service.ts';
import { generateContentDatabase } from './generate-content.ts';

/** The posts and their search index: generated here, or copied from BENCH_DATA, a data folder an
 * earlier run left (generating 1M posts and indexing them takes minutes the pages do not need). */
export async function prepareData(dataDir: string, posts: number): Promise<{ description: string }> {
  const from = process.env.BENCH_DATA;
  if (from) {
    copyData(from, dataDir);
    const counts = await withDeps(dataDir, async (deps) =>
      Promise.all(
        ['board', 'jobs', 'business', 'housing'].map(async (t) =>
          Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(deps.db)).rows[0]?.n),
        ),
      ),
    );
    return {
      description: `${counts.map((n, i) => `${n.toLocaleString('en-US')} ${['board posts', 'jobs', 'businesses', 'housing listings'][i]}`).join(', ')} (copied from ${from})`,
    };
  }
  const generated = await generateContentDatabase(dataDir, posts);
  const started = performance.now();
  await withDeps(dataDir, async (deps) => {
    await reindexAll(deps, () => {});
    // The rows went in around the services: the lists' counts are taken from them once.
    await rebuildCounts(deps.db);
  });
  const indexSeconds = Math.round((performance.now() - started) / 1000);
  writtenOut();
  return {
    description: `${generated.board.toLocaleString('en-US')} board posts, ${generated.jobs.toLocaleString('en-US')} jobs, ${generated.business.toLocaleString('en-US')} businesses with ${generated.reviews.toLocaleString('en-US')} reviews, ${generated.housing.toLocaleString('en-US')} housing listings (generated in ${generated.seconds} s, search index built in ${indexSeconds} s)`,
  };
}

/** A copy of a prepared data folder, on disk before anything is measured (`writtenOut`). */
export function copyData(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
  writtenOut();
}

/** Waits until the kernel has written what was just copied or generated to the disk. Otherwise it
 * does so some 30 s later (Linux's dirty_expire): 1.7 GB written back in the middle of the measured
 * phases, while SQLite's checkpoints flush the same file. */
function writtenOut(): void {
  execFileSync('sync');
}

async function withDeps<T>(dataDir: string, fn: (deps: Deps) => Promise<T>): Promise<T> {
  const { deps, connection } = await buildDeps(loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), createLogger('warn'));
  try {
    return await fn(deps);
  } finally {
    await connection.close();
  }
}
