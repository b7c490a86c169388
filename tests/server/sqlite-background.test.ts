import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { runInBackground } from '#server/db/background.ts';
import { type Connection, connect, sqliteFile } from '#server/db/connect.ts';
import { endThreadJob, raiseJob, slowRaiseJob } from '#tests/support/background-jobs.ts';

// SQLite's second connection (db/background.ts, db/sqlite/write-turns.ts): background writes and the
// server's own writes take turns, the server's thread never sleeps waiting for the lock, and a
// transaction that reads before it writes is not broken by a background commit in between.

let dir: string;
let conn: Connection;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bg-'));
  conn = connect({ dataDir: dir });
  await sql`create table counter (id integer primary key, n integer not null)`.execute(conn.db);
  await sql`insert into counter (id, n) values (1, 0)`.execute(conn.db);
});
afterEach(async () => {
  await conn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const counter = async () => (await sql<{ n: number }>`select n from counter where id = 1`.execute(conn.db)).rows[0]?.n;

test('a background job writes on the other connection; the server reads meanwhile', async () => {
  const job = runInBackground(conn, slowRaiseJob, 150);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Mid-job: the server still reads, and sees the state before the job's commit.
  expect(await counter()).toBe(0);
  await job;
  expect(await counter()).toBe(1);
});

test("the server's write waits for a background job without stalling its thread", async () => {
  const job = runInBackground(conn, slowRaiseJob, 300);
  await new Promise((resolve) => setTimeout(resolve, 30));
  let longestGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 10);
  const started = performance.now();
  await sql`update counter set n = n + 10 where id = 1`.execute(conn.db);
  const waited = performance.now() - started;
  clearInterval(ticker);
  await job;
  expect(waited).toBeGreaterThan(150);
  // SQLite's busy handler would have slept on this thread for the whole wait.
  expect(longestGap).toBeLessThan(waited / 2);
  expect(await counter()).toBe(11);
});

test('a transaction that reads, then writes, is not broken by a background job sent in between', async () => {
  // A first job, so that the worker has the job's module loaded and the next one runs at once.
  await runInBackground(conn, raiseJob);
  let job: Promise<void> | undefined;
  await conn.db.transaction().execute(async (trx) => {
    const before = (await sql<{ n: number }>`select n from counter where id = 1`.execute(trx)).rows[0]?.n ?? 0;
    job = runInBackground(conn, raiseJob);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sql`update counter set n = ${before + 5} where id = 1`.execute(trx);
  });
  await job;
  // The job ran after the transaction: both writes count.
  expect(await counter()).toBe(7);
});

test('many jobs and server writes interleaved all land, in order of arrival', async () => {
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < 20; i++) {
    writes.push(runInBackground(conn, raiseJob));
    writes.push(sql`update counter set n = n + 100 where id = 1`.execute(conn.db));
  }
  await Promise.all(writes);
  expect(await counter()).toBe(2020);
});

test("once the log is wholly copied back, the background connection starts it over, not the server's next write", async () => {
  // The log's header: its checkpoint sequence and salts, which change only when the log starts over.
  const header = () =>
    fs
      .readFileSync(`${sqliteFile(dir)}-wal`)
      .subarray(12, 24)
      .toString('hex');
  await sql`create table notes (body text)`.execute(conn.db);
  await sql`insert into notes (body) values (${'x'.repeat(20_000)})`.execute(conn.db);
  const written = header();
  // No write of the server's comes now: only the background connection can start the log over.
  await expect.poll(header, { timeout: 5000, interval: 20 }).not.toBe(written);
  const begun = header();
  // A while later, the server's next write appends to the log as begun (it would otherwise
  // start the log over itself, and wait for the disk as it did).
  await new Promise((resolve) => setTimeout(resolve, 500));
  await sql`update counter set n = n + 1 where id = 1`.execute(conn.db);
  expect(header()).toBe(begun);
  expect(await counter()).toBe(1);
});

test('if the thread ends unexpectedly, its job fails and later jobs run on the server connection', async () => {
  await expect(runInBackground(conn, endThreadJob)).rejects.toThrow('the SQLite worker stopped');
  await runInBackground(conn, raiseJob);
  expect(await counter()).toBe(1);
});

test('after close, a job is refused', async () => {
  await conn.close();
  await expect(runInBackground(conn, raiseJob)).rejects.toThrow();
  conn = connect({ dataDir: dir });
});
