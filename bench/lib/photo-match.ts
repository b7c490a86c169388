import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildDeps } from '../../src/server/boot.ts';
import { loadEnv } from '../../src/server/env.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { hashBands } from '../../src/server/lib/photo-hash.ts';
import { listingWithPhoto } from '../../src/server/modules/upload/photo-match.service.ts';
import { startPgServer } from '../../tests/support/pg-process.ts';
import type { Database } from './databases.ts';
import { quantile, round } from './stats.ts';

// The copied-photo match (issue #37) at BENCH_PHOTO_HASHES listing photos (1M by default): the
// band index filled with that many random 64-bit hashes (a listing each, by many members), then a
// new listing's photo matched as a save matches it (listingWithPhoto): photos like none of them
// (every save's case) and copies of one of them with three bits changed (a resized or recoloured
// copy). Random hashes spread over the bands evenly; real photos' hashes cluster more, so these
// read fewer rows per probe than a real site's may.

// Enough lookups that the p99 is the tenth slowest, not the third.
export const PHOTO_PROBES = 1000;
export const WARM_PROBES = 50;
const INSERT_ROWS = 1000;

/** PostgreSQL's memory for pages: its default, and a quarter of a 4 GB server (its manual's
 * starting point for a dedicated server, docs/deployment.md), which holds the band index (about
 * 290 MB at a million photos) where the default reads part of it from the system's cache. */
const PG_SHARED_BUFFERS = { default: '128MB', sized: '1GB' } as const;

export interface PhotoMatchResult {
  database: Database;
  /** PostgreSQL's shared_buffers: its default, or sized for the data (the target's case). */
  sharedBuffers?: { setting: keyof typeof PG_SHARED_BUFFERS; value: string };
  hashes: number;
  fillSeconds: number;
  unlike: { p50: number; p99: number };
  copy: { p50: number; p99: number; found: number };
}

const randomHash = () =>
  Array.from({ length: 4 }, () =>
    Math.floor(Math.random() * 0x10000)
      .toString(16)
      .padStart(4, '0'),
  ).join('');

/** `hash` with `bits` distinct random bits flipped. */
function nearCopy(hash: string, bits: number): string {
  let value = BigInt(`0x${hash}`);
  const flipped = new Set<number>();
  while (flipped.size < bits) flipped.add(Math.floor(Math.random() * 64));
  for (const bit of flipped) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

/** One result for SQLite; for PostgreSQL one at each of PG_SHARED_BUFFERS, on the same rows. */
export async function measurePhotoMatch(database: Database, hashes: number): Promise<PhotoMatchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-photos-'));
  const pg = database === 'postgres' ? await startPgServer() : undefined;
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(pg && { DATABASE_URL: pg.url, JWT_SECRET: 'bench-photo-match-secret-0123456789abcdef' }),
  });
  const { deps, connection } = await buildDeps(env, createLogger('warn'));
  try {
    const kept: string[] = [];
    const started = performance.now();
    for (let from = 0; from < hashes; from += INSERT_ROWS / 4) {
      const rows = [];
      for (let item = from + 1; item <= Math.min(hashes, from + INSERT_ROWS / 4); item++) {
        const hash = randomHash();
        if (kept.length < PHOTO_PROBES) kept.push(hash);
        rows.push(...hashBands(hash).map((band) => ({ band, hash, target: 'board', item, user: (item % 5000) + 2 })));
      }
      await deps.db.insertInto('photo_band').values(rows).execute();
    }
    const fillSeconds = Math.round((performance.now() - started) / 100) / 10;
    // A table that grew over years has been vacuumed by autovacuum; straight after a bulk fill its
    // visibility map is empty and the index-only read goes back to the table for each row.
    if (database === 'postgres') await sql`VACUUM (ANALYZE) photo_band`.execute(deps.db);
    const time = async (probes: string[]) => {
      const ms: number[] = [];
      let found = 0;
      for (const [i, hash] of probes.entries()) {
        const t = performance.now();
        if (await listingWithPhoto(deps.db, deps.dialect, 1, hash)) found++;
        // The first few warm the statement and the index's pages.
        if (i >= WARM_PROBES) ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      return { p50: round(quantile(ms, 0.5)), p99: round(quantile(ms, 0.99)), found };
    };
    const measure = async (sharedBuffers?: PhotoMatchResult['sharedBuffers']): Promise<PhotoMatchResult> => {
      const unlike = await time(Array.from({ length: PHOTO_PROBES }, randomHash));
      const copy = await time(kept.map((h) => nearCopy(h, 3)));
      return { database, sharedBuffers, hashes, fillSeconds, unlike: { p50: unlike.p50, p99: unlike.p99 }, copy };
    };
    if (!pg) return [await measure()];
    const results: PhotoMatchResult[] = [];
    for (const [setting, value] of Object.entries(PG_SHARED_BUFFERS) as [keyof typeof PG_SHARED_BUFFERS, string][]) {
      // The setting takes effect at a restart; the rows stay.
      await sql`ALTER SYSTEM SET shared_buffers = ${sql.lit(value)}`.execute(deps.db);
      await pg.down();
      await pg.up();
      const shown = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(deps.db);
      if (shown.rows[0]?.shared_buffers !== value) throw new Error(`shared_buffers is ${shown.rows[0]?.shared_buffers}, not ${value}`);
      // A server that has answered lookups for a while holds as much of the index as fits in its
      // buffers; a restarted one has yet to read (and first touch) each buffer's memory, which
      // made the larger setting read slower. Reading the whole index once warms them as weeks would.
      await deps.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SELECT count(*) FROM photo_band WHERE band >= 0`.execute(trx);
      });
      results.push(await measure({ setting, value }));
    }
    return results;
  } finally {
    await connection.close();
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
