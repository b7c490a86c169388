import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { migrateUpTo } from '#server/db/migrate.ts';
import { upgradeToLatest } from '#server/upgrade.ts';

// Migration 0006 moves an existing SQLite search index into one FTS5 table per section: what was
// found before is found after, in its own section only.

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

test('an index built before 0006 is rebuilt per section from search_doc', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-migrate-'));
  dirs.push(dataDir);
  const { db, close } = connect({ dataDir });
  try {
    await migrateUpTo(db, 'sqlite', '0005-list-orders');
    const docs = [
      { section: 5, item: 7, title: '토런스 이사 정리', body: '가구 무료 나눔' },
      { section: 1, item: 8, title: '서울시 한인회 방문', body: '대표단 방문' },
    ];
    for (const d of docs) {
      const id = d.section * 2 ** 32 + d.item;
      await sql`insert into search_doc (id, target, item, section, date, title, body, chosung)
        values (${id}, 'board', ${d.item}, ${d.section}, '2026-11-01', ${d.title}, ${d.body}, '')`.execute(db);
      await sql`insert into search_fts (rowid, title, body) values (${id}, 'ignored', 'ignored')`.execute(db);
    }
    expect(await upgradeToLatest(db, 'sqlite')).toContain('0006-search-sections');

    const found = async (section: number, match: string) =>
      (
        await sql<{
          rowid: number;
        }>`select rowid from ${sql.table(`search_fts_${section}`)} where ${sql.table(`search_fts_${section}`)} match ${match}`.execute(db)
      ).rows.map((r) => Number(r.rowid));
    expect(await found(5, '{title} : "이사"')).toEqual([7]);
    expect(await found(5, '{body} : "가구"')).toEqual([7]);
    expect(await found(1, '"방문"')).toEqual([8]);
    expect(await found(1, '"이사"')).toEqual([]);
    const terms = (await sql<{ term: string }>`select term from search_term where term >= '가' and term < ${'가\u{10ffff}'}`.execute(db))
      .rows;
    expect(terms.map((t) => t.term)).toEqual(['가구']);
    const tables = await sql<{ name: string }>`select name from sqlite_master where name = 'search_fts'`.execute(db);
    expect(tables.rows).toEqual([]);
  } finally {
    await close();
  }
});
