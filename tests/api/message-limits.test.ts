import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { buildDeps } from '#server/boot.ts';
import { WRITE_LIMITS } from '#server/lib/rate-limit.ts';
import { createLogger } from '#server/lib/logger.ts';
import { dbKind, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A new account's first day (PRODUCT.md "Messages"): a throwaway account writing to many members
// is how scams start, so new conversations and messages have the write limits' newcomer budget.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WRITE_LIMITS: '1' });
});
afterAll(() => t.close());

describe("a new account's first day", () => {
  test('new conversations are limited; opening one again costs nothing', async () => {
    const newcomer = await t.member();
    const { minute } = WRITE_LIMITS.conversation.newcomer;
    const others = await Promise.all(Array.from({ length: minute + 1 }, () => t.member()));
    const ids: number[] = [];
    for (const other of others.slice(0, minute)) {
      const res = await t.call('POST', '/api/conversation', { token: newcomer.token, body: { user: other.id } });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    const refused = await t.call('POST', '/api/conversation', { token: newcomer.token, body: { user: others[minute]?.id } });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^가입 첫날에는 새 대화는 1분에 \d+개까지 시작할 수 있습니다/);
    expect((await t.call('POST', '/api/conversation', { token: newcomer.token, body: { user: others[0]?.id } })).body.id).toBe(ids[0]);
  });

  test('messages are limited per minute', async () => {
    const newcomer = await t.member();
    const other = await t.member();
    const id = (await t.call('POST', '/api/conversation', { token: newcomer.token, body: { user: other.id } })).body.id;
    const { minute } = WRITE_LIMITS.message.newcomer;
    for (let i = 0; i < minute; i++) {
      expect((await t.call('POST', `/api/conversation/${id}/message`, { token: newcomer.token, body: { content: `${i}` } })).status).toBe(
        200,
      );
    }
    const refused = await t.call('POST', `/api/conversation/${id}/message`, { token: newcomer.token, body: { content: '또' } });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^가입 첫날에는 메시지는 1분에 \d+개까지 보낼 수 있습니다/);
    // The other member is not limited by the newcomer's budget.
    expect((await t.call('POST', `/api/conversation/${id}/message`, { token: other.token, body: { content: '네' } })).status).toBe(200);
  });

  test('the budget is shared by the app servers on one PostgreSQL', async () => {
    // Several servers are a PostgreSQL set-up (PRODUCT.md); on SQLite this is one server.
    const second = dbKind === 'postgres' ? await buildDeps(t.env, createLogger('silent')) : undefined;
    try {
      const apps = [t.app, second ? createApp(second.deps) : t.app];
      const newcomer = await t.member();
      const other = await t.member();
      const id = (await t.call('POST', '/api/conversation', { token: newcomer.token, body: { user: other.id } })).body.id;
      const sendThrough = (i: number) =>
        (apps[i % 2] as typeof t.app).request(`/api/conversation/${id}/message`, {
          method: 'POST',
          headers: { authorization: `Bearer ${newcomer.token}`, 'content-type': 'application/json', 'x-forwarded-for': `10.1.2.${i + 1}` },
          body: JSON.stringify({ content: `${i}번째` }),
        });
      const { minute } = WRITE_LIMITS.message.newcomer;
      for (let i = 0; i < minute; i++) expect((await sendThrough(i)).status).toBe(200);
      expect((await sendThrough(minute)).status).toBe(429);
      expect((await sendThrough(minute + 1)).status).toBe(429);
    } finally {
      await second?.connection.close();
    }
  });
});
