import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '#server/seed/demo.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let first: Awaited<ReturnType<typeof seedDemo>>;
let seconds = 0;
beforeAll(async () => {
  t = await startTestApp();
  const started = Date.now();
  first = await seedDemo(t.deps);
  seconds = (Date.now() - started) / 1000;
});
afterAll(() => t.close());

const count = async (table: 'board' | 'jobs' | 'business' | 'inquiry' | 'mainschedule' | 'comment' | 'likes' | 'users') =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo content (SEED_DEMO)', () => {
  test('an empty database gets content in every section, quickly', async () => {
    expect(first.seeded).toBe(true);
    expect(seconds).toBeLessThan(20);
    const rows = await t.deps.db.selectFrom('board').select(['topcategory', 'etitle']).execute();
    for (const topcategory of [1, 2, 4, 5, 7, 8]) expect(rows.filter((r) => r.topcategory === topcategory).length).toBeGreaterThan(0);
    expect(rows.some((r) => r.topcategory === 1 && r.etitle !== '')).toBe(true);
    expect(await count('jobs')).toBeGreaterThan(0);
    const business = await t.deps.db.selectFrom('business').select(['type', 'main']).execute();
    expect(business.some((b) => b.type === 2)).toBe(true);
    expect(business.some((b) => b.main === 2)).toBe(true);
    const inquiries = await t.deps.db.selectFrom('inquiry').select(['status', 'answer', 'updatedate']).execute();
    expect(inquiries.some((i) => i.status === 2 && i.answer !== '' && i.updatedate !== '')).toBe(true);
    expect(first.counts).toMatchObject({ jobs: await count('jobs'), business: business.length, comments: await count('comment') });
  });

  test('demo jobs say their pay in several units and their visa terms, and some say neither', async () => {
    const { body } = await t.call('GET', '/api/jobs?size=100&expired=1');
    const jobs = body.items as { paymin: number; payunit: number; visa: number[] }[];
    expect(new Set(jobs.filter((j) => j.paymin > 0).map((j) => j.payunit)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(jobs.flatMap((j) => j.visa)).size).toBeGreaterThanOrEqual(4);
    expect(jobs.some((j) => j.paymin === 0)).toBe(true);
    const sponsored = await t.call('GET', '/api/jobs?visa=2');
    expect(sponsored.body.total).toBeGreaterThan(0);
  });

  test('every post’s comment and like counters equal its comment and like rows', async () => {
    const posts = await t.deps.db.selectFrom('board').select(['id', 'comment', 'like']).execute();
    const comments = await t.deps.db.selectFrom('comment').select('board').where('deleted', '=', 0).execute();
    const likes = await t.deps.db.selectFrom('likes').select('item').where('target', '=', 'board').execute();
    for (const p of posts) {
      expect(p.comment).toBe(comments.filter((c) => c.board === p.id).length);
      expect(p.like).toBe(likes.filter((l) => l.item === p.id).length);
    }
    expect(posts.some((p) => p.comment > 0)).toBe(true);
    expect(posts.some((p) => p.like > 0)).toBe(true);
  });

  test('demo members have the notifications their posts’ comments and answers made, a few unread', async () => {
    const rows = await t.deps.db.selectFrom('notifications').selectAll().execute();
    expect(rows.length).toBe(first.counts.notifications);
    expect(rows.some((n) => n.kind === 'comment')).toBe(true);
    expect(rows.some((n) => n.kind === 'reply')).toBe(true);
    expect(rows.some((n) => n.kind === 'answer')).toBe(true);
    expect(rows.filter((n) => n.user === n.actor)).toEqual([]);
    const unread = rows.filter((n) => n.readdate === '');
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.length).toBeLessThan(rows.length);
    // One member's list as they would see it, with a link to a comment that is there.
    const member = unread[0]!.user;
    const [loginid] = (await t.deps.db.selectFrom('users').select('loginid').where('id', '=', member).execute()).map((u) => u.loginid);
    expect(loginid).toMatch(/@demo\.example$/);
    const comment = rows.find((n) => n.target === 'comment')!;
    // And a few members follow keywords.
    expect(Number(first.counts.alerts)).toBeGreaterThan(0);
    expect(comment.link).toMatch(new RegExp(`^/\\w+/\\d+#comment-${comment.item}$`));
  });

  test('the public API lists the sections, with images that are served', async () => {
    const market = await t.call('GET', '/api/board?topcategory=4');
    expect(market.body.total).toBeGreaterThan(0);
    const item = market.body.items.find((i: { images: string[] }) => i.images.length > 0);
    expect(item.image).toBe(item.images[0]);
    const image = await t.call('GET', item.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await t.call('GET', '/api/board?topcategory=5')).body.total).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/jobs')).body.total).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/business')).body.items[0].type).toBe(2);
    const upcoming = await t.call('GET', '/api/mainschedule?upcoming=1');
    expect(upcoming.body.total).toBeGreaterThan(0);
  });

  test('a second run does nothing and duplicates nothing', async () => {
    const before = await Promise.all((['board', 'jobs', 'business', 'users', 'comment'] as const).map(count));
    expect(await seedDemo(t.deps)).toEqual({ seeded: false, counts: {} });
    expect(await Promise.all((['board', 'jobs', 'business', 'users', 'comment'] as const).map(count))).toEqual(before);
  });
});
