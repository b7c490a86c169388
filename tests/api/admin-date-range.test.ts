import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// The admin lists' ?from=&to= (SPEC §9's default range): from 00:00:00 of `from` to 23:59:59 of
// `to` in the site's time zone (America/Los_Angeles by default, UTC-8 in November), over dates
// stored as ISO UTC text.

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await startTestApp();
  root = await t.root();
});
afterAll(() => t.close());

/** Around the local day 2026-11-20: just before it, its first and last second, just after it. */
const STAMPS = {
  before: '2026-11-20T07:59:59.999Z',
  first: '2026-11-20T08:00:00.000Z',
  last: '2026-11-21T07:59:59.999Z',
  after: '2026-11-21T08:00:00.000Z',
};

describe('admin lists filtered by a date range in the site time zone', () => {
  test('users and inquiries: from 00:00:00 to 23:59:59 local, each end optional', async () => {
    const ids = { users: {} as Record<string, number>, inquiry: {} as Record<string, number> };
    for (const [key, date] of Object.entries(STAMPS)) {
      const m = await t.member({ loginid: `range-${key}@range.example` });
      await t.deps.db.updateTable('users').set({ date }).where('id', '=', m.id).execute();
      ids.users[key] = m.id;
      const asked = await t.call('POST', '/api/inquiry', { token: m.token, body: { title: `기간 ${key}`, content: '<p>기간 문의</p>' } });
      await t.deps.db.updateTable('inquiry').set({ date }).where('id', '=', asked.body.id).execute();
      ids.inquiry[key] = asked.body.id;
    }
    const listed = async (path: string, range: string) => {
      const res = await t.call('GET', `${path}${range}&size=100`, { token: root });
      expect(res.status, `${path}${range}`).toBe(200);
      return (res.body.items as { id: number }[]).map((i) => i.id).sort((a, b) => a - b);
    };
    const expected =
      (...keys: (keyof typeof STAMPS)[]) =>
      (table: keyof typeof ids) =>
        keys.map((k) => ids[table][k]).sort((a, b) => (a ?? 0) - (b ?? 0));
    const cases: [string, (table: keyof typeof ids) => (number | undefined)[]][] = [
      ['from=2026-11-20&to=2026-11-20', expected('first', 'last')],
      ['from=2026-11-21', expected('after')],
      ['to=2026-11-19', expected('before')],
      ['from=2026-11-19&to=2026-11-21', expected('before', 'first', 'last', 'after')],
    ];
    for (const [range, want] of cases) {
      expect(await listed('/api/user?keyword=range-', `&${range}`), range).toEqual(want('users'));
      expect(await listed('/api/inquiry?keyword=기간', `&${range}`), range).toEqual(want('inquiry'));
    }
    const count = await t.call('GET', '/api/user/count?keyword=range-&from=2026-11-20&to=2026-11-20', { token: root });
    expect(count.body.total).toBe(2);
  });

  test('the comment moderation list: from 00:00:00 to 23:59:59 local, each end optional, total counted alike', async () => {
    const m = await t.member();
    const post = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, title: '댓글 기간', content: '<p>본문</p>' },
    });
    const ids: Record<string, number> = {};
    for (const [key, date] of Object.entries(STAMPS)) {
      const made = await t.call('POST', '/api/comment', {
        token: m.token,
        body: { board: post.body.id, parent: 0, content: `기간 댓글 ${key}` },
      });
      expect(made.status).toBe(200);
      await t.deps.db.updateTable('comment').set({ date }).where('id', '=', made.body.id).execute();
      ids[key] = made.body.id;
    }
    const listed = async (range: string) => {
      const res = await t.call('GET', `/api/admin/comments?size=100&${range}`, { token: root });
      expect(res.status, range).toBe(200);
      const mine = (res.body.items as { id: number }[]).map((i) => i.id).filter((id) => Object.values(ids).includes(id));
      return { ids: mine.sort((a, b) => a - b), total: res.body.total as number };
    };
    const want = (...keys: (keyof typeof STAMPS)[]) => keys.map((k) => ids[k] as number).sort((a, b) => a - b);
    expect((await listed('from=2026-11-20&to=2026-11-20')).ids).toEqual(want('first', 'last'));
    expect((await listed('from=2026-11-20&to=2026-11-20')).total).toBe(2);
    expect((await listed('from=2026-11-21&to=2026-11-21')).ids).toEqual(want('after'));
    expect((await listed('to=2026-11-19')).ids).toEqual(want('before'));
    expect((await listed('from=2026-11-19&to=2026-11-21')).ids).toEqual(want('before', 'first', 'last', 'after'));
  });

  test('a date that is not one, or a range that ends before it starts, is a 400 in Korean', async () => {
    for (const path of ['/api/user', '/api/inquiry', '/api/admin/comments']) {
      expect(await t.call('GET', `${path}?from=2026-13-01`, { token: root })).toMatchObject({
        status: 400,
        body: { field: 'from', detail: '올바른 날짜가 아닙니다' },
      });
      expect(await t.call('GET', `${path}?to=20261120`, { token: root })).toMatchObject({
        status: 400,
        body: { field: 'to', detail: '날짜 형식은 YYYY-MM-DD입니다' },
      });
      expect(await t.call('GET', `${path}?from=2026-11-21&to=2026-11-20`, { token: root })).toMatchObject({
        status: 400,
        body: { field: 'to', detail: '종료일은 시작일과 같거나 그 뒤여야 합니다' },
      });
    }
  });
});
