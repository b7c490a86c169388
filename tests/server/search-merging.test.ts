import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type Connection, connect } from '#server/db/connect.ts';
import { upgradeToLatest } from '#server/upgrade.ts';
import { mergeSearchIndex, startIndexMerging } from '#server/modules/search/index-merging.ts';
import { ftsTableName, indexSegments, insertSearchDocs, leaveMergesToSteps } from '#server/modules/search/search.repository.ts';

// SQLite's search index is merged by the background connection in small steps, not by the commit
// of the write that adds to it (modules/search/index-merging.ts): each write's commit adds a
// segment, a step merges them, and every entry is found before and after. Left to FTS5, segments
// pile up until the commit of the 16th merges them all on the server's thread.

const SECTION = 5;
let dir: string;
let conn: Connection;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-merge-'));
  conn = connect({ dataDir: dir });
  await upgradeToLatest(conn.db, 'sqlite');
});
afterEach(async () => {
  await conn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `n` posts indexed one write (one commit) each, as the site's writers add them. */
async function addPosts(from: number, n: number): Promise<void> {
  for (let item = from; item < from + n; item++) {
    await insertSearchDocs(conn.db, 'sqlite', [
      {
        target: 'board',
        item,
        section: SECTION,
        date: '2026-11-01',
        title: `이사 안내 ${item}`,
        body: `가구 나눔 글 ${item}`,
        chosung: '',
      },
    ]);
  }
}

async function found(word: string): Promise<number[]> {
  const table = sql.table(ftsTableName(SECTION));
  const rows = await sql<{ rowid: number }>`select rowid from ${table} where ${table} match ${`"${word}"`} order by rowid`.execute(conn.db);
  return rows.rows.map((r) => Number(r.rowid));
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

test("a write's commit leaves merging to the steps, which bring the segments down and lose no entry", async () => {
  await leaveMergesToSteps(conn.db);
  await addPosts(1, 12);
  expect(await indexSegments(conn.db, SECTION)).toBe(12);
  expect(await found('이사')).toEqual(range(1, 12));

  await mergeSearchIndex(conn);
  expect(await indexSegments(conn.db, SECTION)).toBeLessThanOrEqual(3);
  expect(await found('이사')).toEqual(range(1, 12));
  expect(await found('가구')).toEqual(range(1, 12));
  // Each step was a background job of its own.
  expect(conn.jobRuns.byJob.get('mergeIndexStep')?.runs).toBeGreaterThan(1);
});

test('a started server merges what its writers add, in the background, and the index stays whole', async () => {
  const merging = startIndexMerging(conn, (err) => {
    throw err;
  });
  try {
    await addPosts(1, 40);
    // No write comes after these: only the background steps can merge what is left of them.
    await expect.poll(() => indexSegments(conn.db, SECTION), { timeout: 10_000, interval: 200 }).toBeLessThanOrEqual(4);
    expect(await found('나눔')).toEqual(range(1, 40));
  } finally {
    await merging.stop();
  }
});
