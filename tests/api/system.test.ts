import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// GET /api/admin/system, the numbers of the operator's page (/admin/system): the root admin's
// alone.

const root = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('who may read the operator’s numbers', () => {
  test('a visitor 401; a member, a manager, an admin and a super admin 403; the root admin 200', async () => {
    expect((await t.call('GET', '/api/admin/system')).status).toBe(401);
    for (const level of [1, 2, 3, 4]) {
      const m = await t.member({ level });
      const res = await t.call('GET', '/api/admin/system', { token: m.token });
      expect(res.status, `level ${level}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'error', message: 'forbidden' });
      expect(JSON.stringify(res.body)).not.toContain('version');
    }
    expect((await t.call('GET', '/api/admin/system', { token: await t.root() })).status).toBe(200);
  });
});

describe('what it answers', () => {
  test('version and commit, uptime, the database and its size, free disk, page cache, 5xx answers in the last hour', async () => {
    // A server of its own, with a handler that fails (added before its first request).
    const s = await startTestApp();
    onTestFinished(() => s.close());
    s.app.get('/api-fails-here', () => {
      throw new Error('boom');
    });
    const token = await s.root();
    const first = (await s.call('GET', '/api/admin/system', { token })).body;
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(first.version).toBe(pkg.version);
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    expect(first.commit).toBe(commit);
    expect(first.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(first.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(first.database.kind).toBe(s.deps.dialect);
    expect(first.database.bytes).toBeGreaterThan(0);
    expect(first.disk.free).toBeGreaterThan(0);
    expect(first.disk.total).toBeGreaterThanOrEqual(first.disk.free);
    // An API-only server has drawn no page.
    expect(first.pageCache).toEqual({ hits: 0, misses: 0, ratio: null });

    // One more 5xx answer within the hour.
    expect((await s.call('GET', '/api-fails-here')).status).toBe(500);
    const after = (await s.call('GET', '/api/admin/system', { token })).body;
    expect(after.errorsLastHour).toBe(first.errorsLastHour + 1);
  });

  test('the mail queue: mails waiting, and those given up listed with the recipient masked', async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const row = { text: '', html: '', lease: '', leasedate: at(-1000), expiredate: at(3600_000), date: at(-60_000) };
    await t.deps.db
      .insertInto('mails')
      .values([
        {
          ...row,
          recipient: 'waiting.one@test.example',
          subject: '대기 메일',
          attempts: 1,
          nextdate: at(600_000),
          lasterror: '',
          faildate: '',
        },
        {
          ...row,
          recipient: 'failed.one@test.example',
          subject: '실패 메일',
          attempts: 8,
          nextdate: at(-1000),
          lasterror: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525',
          faildate: at(-5000),
        },
      ])
      .execute();
    const res = await t.call('GET', '/api/admin/system', { token: await t.root() });
    expect(res.body.mail).toMatchObject({
      waiting: 1,
      failed: 1,
      failedMails: [
        { to: 'fa***@test.example', subject: '실패 메일', attempts: 8, error: expect.stringContaining('ECONNREFUSED'), date: at(-5000) },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('failed.one@');
  });
});
