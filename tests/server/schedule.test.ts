import { afterAll, beforeAll, expect, test } from 'vitest';
import { claimRun } from '#server/db/schedule.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Periodic work on the embedded database (the several-servers case on PostgreSQL is in
// multi-server.test.ts): the first claim runs the task at once, then once a period.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('a task is claimed at once, then not again until its period has passed', async () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => claimRun(t.deps.db, 'sqlite-task', 60_000, new Date(now.getTime() + ms));
  expect(await at(0)).toBe(true);
  expect(await at(0)).toBe(false);
  expect(await at(59_999)).toBe(false);
  expect(await at(60_000)).toBe(true);
  expect(await at(60_001)).toBe(false);
  expect(await t.deps.db.selectFrom('schedules').select('nextdate').where('name', '=', 'sqlite-task').executeTakeFirst()).toEqual({
    nextdate: new Date(now.getTime() + 120_000).toISOString(),
  });
});
