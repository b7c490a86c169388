import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { type Connection, connect } from '#server/db/connect.ts';
import { renewStatistics } from '#server/db/sqlite/open.ts';

// The planner's statistics are renewed when the database is opened (db/sqlite/open.ts). FTS5
// deletes a merged segment's pages with a rowid range on its own `_data` table; an ANALYZE taken
// while the index was empty said that table had 2 rows, and with that the planner read the whole
// index for each such delete (0.7 s inside a post's commit at 1M posts). The delete itself cannot be
// explained (a shadow table), a read of the same range is planned alike.

let dir: string | undefined;
let conn: Connection | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const planOfSegmentDelete = async (c: Connection) =>
  (await sql<{ detail: string }>`explain query plan select block from words_data where id >= 1 and id <= 2`.execute(c.db)).rows
    .map((r) => r.detail)
    .join('; ');

/** A database whose FTS5 table was analyzed empty and has grown since, on `c` (left open) or
 * on a connection of its own (closed). */
async function staleIndex(open?: Connection): Promise<Connection> {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-stats-'));
  const c = open ?? connect({ dataDir: dir });
  conn = c;
  await sql`create virtual table words using fts5(title, body, content='', columnsize=0)`.execute(c.db);
  await sql`analyze`.execute(c.db);
  // Many entries, committed one small batch at a time as posts are, so that FTS5 writes many pages.
  for (let batch = 0; batch < 200; batch++) {
    await c.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 50; i++) {
        const id = batch * 50 + i + 1;
        await sql`insert into words (rowid, title, body) values (${id}, ${`title${id} word${id % 97}`}, ${`body${id} term${id % 89} more${id}`})`.execute(
          trx,
        );
      }
    });
  }
  expect(await planOfSegmentDelete(c)).toMatch(/^SCAN/);
  if (open) return c;
  await c.close();
  conn = undefined;
  return c;
}

test('statistics taken while the search index was empty are renewed once it has grown', async () => {
  await staleIndex();
  conn = connect({ dataDir: dir as string });
  expect(await planOfSegmentDelete(conn)).toMatch(/^SEARCH words_data USING INTEGER PRIMARY KEY/);
});

test('the database opens while another process holds the write lock; the statistics wait', async () => {
  await staleIndex();
  const other = new DatabaseSync(path.join(dir as string, 'portal.sqlite'));
  try {
    other.exec("begin immediate; insert into words (rowid, title, body) values (999999, 'held', 'lock')");
    conn = connect({ dataDir: dir as string });
    expect(await planOfSegmentDelete(conn)).toMatch(/^SCAN/);
  } finally {
    other.exec('rollback');
    other.close();
  }
});

test('a running server renews them where a table has grown (the hourly cleanup)', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-stats-'));
  const running = await staleIndex(connect({ dataDir: dir }));
  await renewStatistics(running.db);
  expect(await planOfSegmentDelete(running)).toMatch(/^SEARCH words_data USING INTEGER PRIMARY KEY/);
});
