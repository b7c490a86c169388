import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import zlib from 'node:zlib';
import pg from 'pg';
import { sqliteFile } from '#server/db/connect.ts';
import { dbKind, freshDatabaseUrl } from './test-app.ts';

// A database as an earlier release left it (tests/fixtures/upgrade/README.md): its statements
// replayed, through the drivers themselves, into a new database of this run.

type Param = string | number | null | { base64: string };
interface Fixture {
  commit: string;
  counts: Record<string, number>;
  statements: { sql: string; params: Param[] }[];
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/upgrade');

/** The release's database in a new data folder (SQLite) or a new database (PostgreSQL): the run
 * contract's DATA_DIR and DATABASE_URL for a server to start on. */
export async function releaseDatabase(release: string): Promise<{ env: { DATA_DIR: string; DATABASE_URL?: string }; fixture: Fixture }> {
  const file = path.join(FIXTURES, `${release}-${dbKind}.json.gz`);
  const fixture = JSON.parse(zlib.gunzipSync(await fs.readFile(file)).toString('utf8')) as Fixture;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-release-'));
  const values = (params: Param[]) => params.map((p) => (p !== null && typeof p === 'object' ? Buffer.from(p.base64, 'base64') : p));
  if (dbKind === 'sqlite') {
    const db = new DatabaseSync(sqliteFile(dataDir));
    try {
      db.exec('begin');
      for (const s of fixture.statements) db.prepare(s.sql).run(...values(s.params));
      db.exec('commit');
    } finally {
      db.close();
    }
    return { env: { DATA_DIR: dataDir }, fixture };
  }
  const url = (await freshDatabaseUrl()) as string;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const s of fixture.statements) await client.query(s.sql, values(s.params));
    await client.query('commit');
  } finally {
    await client.end();
  }
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, fixture };
}
