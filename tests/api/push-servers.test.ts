import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { anotherServerOf, dbKind, type TestApp, testAppsOfFile } from '#tests/support/test-app.ts';

// Several app servers on one PostgreSQL (PRODUCT.md "On the phone like an app"): a browser's push
// subscription is bound to the VAPID key it was made with, so the servers must share one pair
// (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY). A server that would sign with a key of its own, while
// another runs, refuses to start with a message saying what to set, and exits non-zero.

const REFUSAL = /VAPID_PUBLIC_KEY.*VAPID_PRIVATE_KEY/;
const run = promisify(execFile);
const files = testAppsOfFile();
let t: TestApp;

describe.runIf(dbKind === 'postgres')('several app servers on one PostgreSQL', () => {
  beforeAll(async () => {
    t = await files.app();
  });

  /** Another server's settings without the VAPID pair: it generates its own into its DATA_DIR. */
  function ownKey(): Record<string, string> {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ...settings } = anotherServerOf(t);
    return settings;
  }

  test('a second server with a key of its own is refused; with the shared pair it starts', async () => {
    await expect(files.app(ownKey())).rejects.toThrow(REFUSAL);
    const b = await files.app(anotherServerOf(t));
    expect((await b.call('GET', '/api/push/key')).body.key).toBe((await t.call('GET', '/api/push/key')).body.key);
  });

  test('the server itself exits non-zero with the message in Korean and English', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-second-'));
    files.cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const started = run(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, ...ownKey(), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'production', SEED_DEMO: '0' },
      timeout: 20_000,
    });
    const failed = await started.then(
      () => undefined,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(REFUSAL);
    expect(failed?.stderr).toContain('다른 VAPID 키');
  });

  test('a key no running server has used for minutes does not stop a new server', async () => {
    const gone = await files.app(ownKey()).catch(() => undefined);
    expect(gone).toBeUndefined();
    await t.deps.db.updateTable('push_servers').set({ seen: '2000-01-01T00:00:00.000Z' }).execute();
    const next = await files.app(ownKey());
    expect((await next.call('GET', '/api/push/key')).status).toBe(200);
  });
});
