import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { migrateUpTo } from '#server/db/migrate.ts';
import { upgradeToLatest } from '#server/upgrade.ts';

// Migration 0011: a listing's one photo so far becomes its list of one; a listing without a
// photo has none, and no listing has closed days.

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

test('existing listings keep their photo as the first of their photos', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-migrate-'));
  dirs.push(dataDir);
  const { db, close } = connect({ dataDir });
  try {
    await migrateUpTo(db, 'sqlite', '0010-mail-queue');
    await sql`insert into business (id, title, image, date) values (1, '사진 있는 식당', '/api/webdata/a.webp', '2026-11-01'),
      (2, '사진 없는 식당', '', '2026-11-01')`.execute(db);
    expect(await upgradeToLatest(db, 'sqlite')).toContain('0011-business-photos-closed-days');
    const rows = await sql<{
      id: number;
      images: string;
      closeddays: string;
    }>`select id, images, closeddays from business order by id`.execute(db);
    expect(rows.rows.map((r) => [r.id, JSON.parse(r.images), r.closeddays])).toEqual([
      [1, ['/api/webdata/a.webp'], ''],
      [2, [], ''],
    ]);
  } finally {
    await close();
  }
});
