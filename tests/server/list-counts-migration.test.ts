import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { readCount } from '#server/db/counters.ts';
import { migrateUpTo } from '#server/db/migrate.ts';
import { upgradeToLatest } from '#server/upgrade.ts';

// Migration 0018: the lists' counters start from the rows already there.

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

test('a database with posts and jobs gets counters equal to counts of its rows', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-migrate-'));
  dirs.push(dataDir);
  const { db, close } = connect({ dataDir });
  try {
    await migrateUpTo(db, 'sqlite', '0017-reports');
    for (let i = 0; i < 30; i++) {
      await sql`insert into board (title, topcategory, category, hidden, date)
        values (${`글 ${i}`}, ${i % 2 ? 5 : 4}, ${i % 3 ? '자유게시판' : '모임'}, ${i % 7 === 0 ? 1 : 0}, '2026-11-01')`.execute(db);
    }
    await sql`insert into jobs (title, limitdate, date, closed) values ('지난 공고', '2020-01-01', '2026-11-01', 1),
      ('열린 공고', '2099-01-01', '2026-11-01', 0), ('상시 공고', '', '2026-11-01', 0)`.execute(db);
    expect(await upgradeToLatest(db, 'sqlite')).toContain('0018-list-counts');

    const rows = async (where: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from board where ${sql.raw(where)}`.execute(db)).rows[0]?.n);
    expect(await readCount(db, 'board', { eq: { hidden: 0, closed: 0, topcategory: 5 } })).toBe(
      await rows('hidden = 0 and topcategory = 5'),
    );
    expect(await readCount(db, 'board', { eq: { hidden: 1, closed: 0, topcategory: 4 } })).toBe(
      await rows('hidden = 1 and topcategory = 4'),
    );
    expect(await readCount(db, 'board', { eq: { hidden: 0, closed: 0, topcategory: 5, category: '모임' } })).toBe(
      await rows(`hidden = 0 and topcategory = 5 and category = '모임'`),
    );
    expect(await readCount(db, 'jobs', { eq: { hidden: 0, closed: 0 } })).toBe(2);
    // Not a counted set (closed left free: 마감 포함, or a price range): the caller counts rows.
    expect(await readCount(db, 'jobs', { eq: { hidden: 0 } })).toBeUndefined();
    expect(await readCount(db, 'board', { eq: { hidden: 0, closed: 0, topcategory: 5, price: 3 } })).toBeUndefined();
  } finally {
    await close();
  }
});
