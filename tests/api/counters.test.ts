import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rebuildCounts } from '#server/db/counters.ts';
import { sweepListings } from '#server/modules/freshness/freshness.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Lists' totals come from counters kept with every write (db/counters.ts). Whatever mix of
// concurrent posts, edits, moderation and deletes, on both databases, every total a list page
// shows must equal a count of the rows, and the counters must equal a fresh count of them.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.root();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** Community categories no other test of this file's app posts in. */
const CATEGORIES = ['카운터가', '카운터나', '카운터다'];

async function ok(method: string, url: string, token: string, body?: unknown) {
  const res = await t.call(method, url, { token, body });
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

async function rowsCounted(table: string, where: Record<string, unknown>): Promise<number> {
  let q = t.deps.db.selectFrom(table as 'board').select((eb) => eb.fn.countAll<number>().as('n'));
  for (const [col, value] of Object.entries(where)) q = q.where(sql.ref(col), '=', value);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

async function apiTotal(path: string, token?: string): Promise<number> {
  const res = await t.call('GET', path, { token });
  expect(res.status, path).toBe(200);
  return res.body.total;
}

async function counterRows() {
  return (await t.deps.db.selectFrom('list_counts').selectAll().where('n', '<>', 0).orderBy('tbl').orderBy('scope').execute()).map((r) => ({
    ...r,
    n: Number(r.n),
  }));
}

/** The counters as the writes left them equal the counters taken afresh from the rows. */
async function expectCountersExact() {
  const kept = await counterRows();
  await rebuildCounts(t.deps.db);
  expect(await counterRows()).toEqual(kept);
}

/** Every list total a page shows for these categories equals a count of the rows. */
async function expectTotalsExact() {
  const section = { topcategory: 5, hidden: 0 };
  expect(await apiTotal('/api/board?topcategory=5')).toBe(await rowsCounted('board', section));
  expect(await apiTotal('/api/board/count?topcategory=5')).toBe(await rowsCounted('board', section));
  expect(await apiTotal('/api/board?topcategory=5&hidden=1', admin)).toBe(await rowsCounted('board', { topcategory: 5, hidden: 1 }));
  expect(await apiTotal('/api/board')).toBe(await rowsCounted('board', { hidden: 0 }));
  for (const category of CATEGORIES) {
    const q = `topcategory=5&category=${encodeURIComponent(category)}`;
    expect(await apiTotal(`/api/board?${q}`)).toBe(await rowsCounted('board', { ...section, category }));
  }
}

describe('list totals from counters', () => {
  test('concurrent posts, edits, moderation and deletes keep every total exact', async () => {
    const members = await Promise.all([t.member(), t.member(), t.member(), t.member()]);
    const post = (i: number) => ({ topcategory: 5, category: CATEGORIES[i % 3], title: `카운터 글 ${i}`, content: '<p>카운터</p>' });

    // Round 1: 4 members post 15 each at once, one by one, and one batch of 20.
    const created = await Promise.all(
      members.map(async (m, k) => {
        const ids: number[] = [];
        await Promise.all(
          Array.from({ length: 15 }, async (_, i) => {
            ids.push((await ok('POST', '/api/board', m.token, post(k * 15 + i))).id);
          }),
        );
        return ids;
      }),
    );
    const batch = (
      await ok(
        'POST',
        '/api/board/batch',
        members[0]!.token,
        Array.from({ length: 20 }, (_, i) => post(i)),
      )
    ).ids as number[];
    await expectTotalsExact();

    // Round 2, all at once: more posts, deletes (each of a few ids asked twice, racing), edits
    // that move posts between categories, hiding and showing by an admin.
    const [a, b, c, d] = created as [number[], number[], number[], number[]];
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) writes.push(ok('POST', '/api/board', members[i % 4]!.token, post(100 + i)));
    for (const id of a.slice(0, 8)) writes.push(ok('DELETE', '/api/board', members[0]!.token, { id }));
    for (const id of b.slice(0, 4)) {
      // Two deletes of one post at once: one removes it, the other finds it gone.
      for (let twice = 0; twice < 2; twice++) writes.push(t.call('DELETE', '/api/board', { token: members[1]!.token, body: { id } }));
    }
    for (const [i, id] of c.slice(0, 8).entries()) {
      writes.push(ok('PUT', '/api/board', members[2]!.token, { id, topcategory: 5, category: CATEGORIES[(i + 1) % 3], title: '옮긴 글' }));
    }
    writes.push(ok('POST', '/api/admin/moderate', admin, { target: 'board', ids: d.slice(0, 6), action: 'hide' }));
    writes.push(ok('POST', '/api/admin/moderate', admin, { target: 'board', ids: batch.slice(0, 5), action: 'delete' }));
    writes.push(ok('DELETE', '/api/board/batch', members[0]!.token, { ids: batch.slice(5, 10) }));
    const settled = await Promise.allSettled(writes);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    await ok('POST', '/api/admin/moderate', admin, { target: 'board', ids: d.slice(0, 2), action: 'show' });

    await expectTotalsExact();
    await expectCountersExact();
  });

  test('listings that close, and items held after reports, leave the default totals and stay in 마감 포함', async () => {
    const [m, ...reporters] = await Promise.all([t.member(), t.member(), t.member(), t.member()]);
    const job = (limitdate: string, type: number) => ({ title: `카운터 공고 ${limitdate}`, limitdate, type, category: 'IT' });
    await Promise.all([
      ok('POST', '/api/jobs', m.token, job('2020-01-01', 1)),
      ok('POST', '/api/jobs', m.token, job('2099-12-31', 1)),
      ok('POST', '/api/jobs', m.token, job('', 2)),
      ok('POST', '/api/jobs', m.token, job('', 1)),
    ]);
    const open = (table: 'jobs' | 'board', where: Record<string, unknown> = {}) => rowsCounted(table, { hidden: 0, closed: 0, ...where });
    const expectListingTotals = async () => {
      expect(await apiTotal('/api/jobs')).toBe(await open('jobs'));
      expect(await apiTotal('/api/jobs?type=1')).toBe(await open('jobs', { type: 1 }));
      expect(await apiTotal('/api/jobs?expired=1')).toBe(await rowsCounted('jobs', { hidden: 0 }));
      expect(await apiTotal('/api/jobs?expired=1&category=IT')).toBe(await rowsCounted('jobs', { hidden: 0, category: 'IT' }));
      expect(await apiTotal('/api/board?topcategory=4')).toBe(await open('board', { topcategory: 4 }));
      expect(await apiTotal('/api/board?topcategory=4&expired=1')).toBe(await rowsCounted('board', { hidden: 0, topcategory: 4 }));
      await expectCountersExact();
    };
    // A deadline already past closes the job as it is saved.
    expect(await rowsCounted('jobs', { closed: 1 })).toBeGreaterThanOrEqual(1);
    await expectListingTotals();
    // A job edited past its deadline leaves the open total.
    const id = (await ok('POST', '/api/jobs', m.token, job('', 1))).id;
    const before = await apiTotal('/api/jobs');
    await ok('PUT', '/api/jobs', m.token, { id, limitdate: '2021-05-05' });
    expect(await apiTotal('/api/jobs')).toBe(before - 1);
    // The sweep closes a market listing 30 days on.
    await ok('POST', '/api/board', m.token, { topcategory: 4, title: '카운터 판매글', content: '<p>팝니다</p>', price: 10 });
    const market = await apiTotal('/api/board?topcategory=4');
    expect((await sweepListings(t.deps, new Date(Date.now() + 31 * DAY))).closed).toBeGreaterThanOrEqual(1);
    expect(await apiTotal('/api/board?topcategory=4')).toBeLessThan(market);
    await expectListingTotals();
    // Three reports hold a job for review: out of the totals; restored, back in.
    const held = (await ok('POST', '/api/jobs', m.token, job('2099-12-31', 1))).id;
    const withHeld = await apiTotal('/api/jobs');
    for (const r of reporters) await ok('POST', '/api/report', r.token, { target: 'jobs', item: held, reason: 'spam' });
    expect(await apiTotal('/api/jobs')).toBe(withHeld - 1);
    await expectListingTotals();
    await ok('POST', '/api/admin/report/restore', admin, { target: 'jobs', item: held });
    expect(await apiTotal('/api/jobs')).toBe(withHeld);
    await expectListingTotals();
  });

  test('a member’s own inquiries are counted for them alone; filters outside the counted sets still count rows', async () => {
    const [m, other] = await Promise.all([t.member(), t.member()]);
    for (let i = 0; i < 3; i++) await ok('POST', '/api/inquiry', m.token, { title: `문의 ${i}`, content: '<p>문의</p>' });
    await ok('POST', '/api/inquiry', other.token, { title: '남의 문의', content: '<p>문의</p>' });
    expect(await apiTotal('/api/inquiry/count', m.token)).toBe(3);
    expect(await apiTotal('/api/inquiry', other.token)).toBe(1);
    // Asking for someone else's inquiries as a member finds none.
    expect(await apiTotal(`/api/inquiry?user=${other.id}`, m.token)).toBe(0);
    expect(await apiTotal('/api/inquiry', admin)).toBe(await rowsCounted('inquiry', { hidden: 0 }));
    // A price range and a keyword are not counted sets: their totals are the rows'.
    await ok('POST', '/api/board', m.token, { topcategory: 4, title: '카운터 자전거', content: '<p>팝니다</p>', price: 40 });
    expect(await apiTotal('/api/board?topcategory=4&minprice=39&maxprice=41')).toBeGreaterThanOrEqual(1);
    expect(await apiTotal(`/api/board?topcategory=4&keyword=${encodeURIComponent('카운터 자전거')}`)).toBe(1);
    await expectCountersExact();
  });

  test('rows written around the services (an import, a restore) are counted once the counts are rebuilt', async () => {
    const before = await apiTotal('/api/business');
    await t.deps.db
      .insertInto('business')
      .values({ title: '카운터 업소', category: '카페', name: '', user: 0, date: new Date().toISOString() } as never)
      .execute();
    // The total is the counter's, so a row put in directly is not in it until the rebuild.
    expect(await apiTotal('/api/business')).toBe(before);
    await rebuildCounts(t.deps.db);
    expect(await apiTotal('/api/business')).toBe(before + 1);
    expect(await apiTotal(`/api/business?category=${encodeURIComponent('카페')}`)).toBe(
      await rowsCounted('business', { hidden: 0, category: '카페' }),
    );
  });
});
