import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildDeps } from '#server/boot.ts';
import { connect } from '#server/db/connect.ts';
import { migrateUpTo } from '#server/db/migrate.ts';
import { upgradeToLatest } from '#server/upgrade.ts';
import { claimRun } from '#server/db/schedule.ts';
import { createLogger } from '#server/lib/logger.ts';
import { drainMails } from '#server/modules/mail/mail.service.ts';
import { sweepListings } from '#server/modules/freshness/freshness.service.ts';
import { zonedDayRange } from '#shared/format.ts';
import { dbKind, freshDatabaseUrl, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Listings that stay fresh (PRODUCT.md, beyond the spec): a market listing closes 30 days after
// its last bump, a job at its deadline; the author is told three days before, once per close
// date, by notification and mail; 끌어올리기 renews and lifts, once a day, by the author or an
// admin; closed listings leave the default lists and come back with 마감 포함 (expired=1).
// Time moves by handing the sweep a later "now"; a bump's day is passed by moving the stored
// bump back, as another day's bump would have left it.

const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

/** A tag unique to one test: its keyword lists only that test's listings. */
const newTag = () => `태그${crypto.randomBytes(3).toString('hex')}`;

async function listing(m: Member, title: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/board', {
    token: m.token,
    body: { topcategory: 4, title, content: '<p>상태 좋습니다</p>', price: 100, ...fields },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function job(m: Member, title: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/jobs', { token: m.token, body: { title, content: '<p>모집합니다</p>', ...fields } });
  expect(res.status).toBe(200);
  return res.body.id;
}

/** The ids a visitor's list shows, in its order. */
async function listed(path: string): Promise<number[]> {
  const res = await t.call('GET', path);
  expect(res.status).toBe(200);
  return (res.body.items as { id: number }[]).map((i) => i.id);
}

const market = (tag: string, extra = '') => listed(`/api/board?topcategory=4&sort=fresh&keyword=${encodeURIComponent(tag)}${extra}`);
const jobs = (tag: string, extra = '') => listed(`/api/jobs?sort=fresh&keyword=${encodeURIComponent(tag)}${extra}`);

/** Moves a listing's last bump back by `ms`, as if it had been bumped (or written) then. */
async function ageBump(table: 'board' | 'jobs', id: number, ms: number) {
  const row = await t.deps.db.selectFrom(table).select(['bumpdate', 'expiredate']).where('id', '=', id).executeTakeFirstOrThrow();
  const back = (iso: string) => (iso ? new Date(Date.parse(iso) - ms).toISOString() : '');
  await t.deps.db
    .updateTable(table)
    .set({ bumpdate: back(row.bumpdate), expiredate: back(row.expiredate) })
    .where('id', '=', id)
    .execute();
}

const bump = (table: 'board' | 'jobs', id: number, token?: string) => t.call('POST', `/api/${table}/${id}/bump`, { token });

/** Runs `between` when the server next opens a transaction, before it does: in a bump, after its
 * read and before its update. */
function beforeNextTransaction(between: () => Promise<void>) {
  const db = t.deps.db;
  const own = db.transaction;
  db.transaction = () => {
    db.transaction = own;
    const builder = own.call(db);
    return {
      execute: async (work: Parameters<typeof builder.execute>[0]) => {
        await between();
        return builder.execute(work);
      },
    } as never;
  };
}

/** Open, shown rows of a listing table, counted. */
async function openRows(table: 'board' | 'jobs', topcategory?: number): Promise<number> {
  let q = t.deps.db
    .selectFrom(table as 'board')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hidden', '=', 0)
    .where('closed', '=', 0);
  if (topcategory !== undefined) q = q.where('topcategory', '=', topcategory);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const expiryNotices = async (m: Member) =>
  (
    (await t.call('GET', '/api/notification?size=100', { token: m.token })).body.items as {
      kind: string;
      title: string;
      link: string;
      read: boolean;
    }[]
  ).filter((n) => n.kind === 'expiry');

describe('closing by time', () => {
  test('a market listing closes 30 days after it was written: the default list drops it, 마감 포함 shows it as closed', async () => {
    const m = await t.member();
    const tag = newTag();
    const id = await listing(m, `자전거 팝니다 ${tag}`);
    const created = (await t.call('GET', `/api/board/${id}`)).body.item;
    // Bumped as it was written (the same moment, to the millisecond or two the save takes).
    expect(created.closed).toBe(0);
    expect(Math.abs(Date.parse(created.bumpdate) - Date.parse(created.date))).toBeLessThan(1000);
    expect(Date.parse(created.expiredate) - Date.parse(created.bumpdate)).toBe(30 * DAY);

    // A visitor's list is answered from the cache from its second call on.
    expect(await market(tag)).toEqual([id]);
    expect(await market(tag)).toEqual([id]);
    // A day before the close date nothing changes; after it, the sweep closes it and the cached list renews.
    expect((await sweepListings(t.deps, new Date(Date.now() + 29 * DAY))).closed).toBe(0);
    expect(await market(tag)).toEqual([id]);
    expect((await sweepListings(t.deps, new Date(Date.now() + 30 * DAY + 60_000))).closed).toBeGreaterThanOrEqual(1);
    expect(await market(tag)).toEqual([]);
    expect((await t.call('GET', `/api/board/count?topcategory=4&keyword=${encodeURIComponent(tag)}`)).body.total).toBe(0);
    expect(await market(tag, '&expired=1')).toEqual([id]);
    expect((await t.call('GET', `/api/board?topcategory=4&expired=1&keyword=${encodeURIComponent(tag)}`)).body.items[0].closed).toBe(1);
    // Still readable on its own page, closed.
    expect((await t.call('GET', `/api/board/${id}`)).body.item.closed).toBe(1);
    expect((await t.call('GET', '/api/board?topcategory=4&expired=2')).body).toMatchObject({ message: 'invalid', field: 'expired' });
  });

  test('a job closes when its deadline day ends in the site’s time zone; one without a deadline 30 days after its bump', async () => {
    const m = await t.member();
    const tag = newTag();
    const inTenDays = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const dated = await job(m, `간호사 모집 ${tag}`, { limitdate: inTenDays });
    const open = await job(m, `상시 모집 ${tag}`);
    const seeking = await job(m, `구직합니다 ${tag}`, { type: 2 });
    const end = zonedDayRange(undefined, inTenDays, t.env.SITE_TIMEZONE).end as string;
    expect((await t.call('GET', `/api/jobs/${dated}`)).body.item.expiredate).toBe(end);
    expect(await jobs(tag)).toEqual([seeking, open, dated]);

    await sweepListings(t.deps, new Date(Date.parse(end) - 1000));
    expect(await jobs(tag)).toEqual([seeking, open, dated]);
    await sweepListings(t.deps, new Date(Date.parse(end)));
    expect(await jobs(tag)).toEqual([seeking, open]);
    await sweepListings(t.deps, new Date(Date.now() + 31 * DAY));
    expect(await jobs(tag)).toEqual([]);
    expect(await jobs(tag, '&expired=1')).toEqual([seeking, open, dated]);

    // A deadline already past is closed from the start; moving it on opens the job again.
    const late = await job(m, `지난 공고 ${tag}`, { limitdate: '2020-01-01' });
    expect(await jobs(tag)).toEqual([]);
    const edited = await t.call('PUT', '/api/jobs', { token: m.token, body: { id: late, limitdate: inTenDays } });
    expect(edited.body.item).toMatchObject({ closed: 0, expiredate: end });
    expect(await jobs(tag)).toEqual([late]);
  });

  test('a client cannot set the freshness fields', async () => {
    const m = await t.member();
    const id = await listing(m, '냉장고 팝니다', {
      bumpdate: '2099-01-01T00:00:00.000Z',
      closed: 0,
      expiredate: '2099-01-01T00:00:00.000Z',
    });
    const item = (await t.call('GET', `/api/board/${id}`)).body.item;
    expect(Math.abs(Date.parse(item.bumpdate) - Date.parse(item.date))).toBeLessThan(1000);
    expect(item.expiredate < '2099').toBe(true);
  });
});

describe('끌어올리기 (bump)', () => {
  test('lifts a listing to the top of its list and renews it for 30 days', async () => {
    const m = await t.member();
    const tag = newTag();
    const first = await listing(m, `소파 ${tag}`);
    const second = await listing(m, `책상 ${tag}`);
    expect(await market(tag)).toEqual([second, first]);
    await ageBump('board', first, 2 * DAY);
    const before = Date.now();
    const res = await bump('board', first, m.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'ok', item: { id: first, closed: 0 } });
    expect(Date.parse(res.body.item.bumpdate)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(res.body.item.expiredate) - Date.parse(res.body.item.bumpdate)).toBe(30 * DAY);
    expect(Date.parse(res.body.item.nextbump) - Date.parse(res.body.item.bumpdate)).toBe(DAY);
    expect(await market(tag)).toEqual([first, second]);
    // The API's default order stays newest written first.
    expect(await listed(`/api/board?topcategory=4&keyword=${encodeURIComponent(tag)}`)).toEqual([second, first]);
  });

  test('a closed listing bumped is listed again; a second bump within a day is refused with when it is possible', async () => {
    const m = await t.member();
    const tag = newTag();
    const id = await listing(m, `유모차 ${tag}`);
    // Written just now: the writing counts as the day's bump.
    const early = await bump('board', id, m.token);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'error', message: 'too soon' });
    expect(early.body.detail).toMatch(/^끌어올리기는 하루에 한 번 할 수 있습니다\. \d{4}-\d{2}-\d{2} \d{2}:\d{2}부터 다시 할 수 있습니다$/);

    await ageBump('board', id, 31 * DAY);
    await sweepListings(t.deps);
    expect(await market(tag)).toEqual([]);
    expect((await bump('board', id, m.token)).status).toBe(200);
    expect(await market(tag)).toEqual([id]);
    const again = await bump('board', id, m.token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('too soon');
  });

  test('a bump the sweep meets (it closes the listing between the bump’s read and update) still bumps; the totals stay exact', async () => {
    const m = await t.member();
    const tag = newTag();
    const listings = [
      { table: 'board', id: await listing(m, `자전거 ${tag}`), list: market },
      { table: 'jobs', id: await job(m, `상시 모집 ${tag}`), list: jobs },
    ] as const;
    for (const { table, id, list } of listings) {
      // Due to close a day ago and not swept yet: still listed, and open as the bump reads it.
      await ageBump(table, id, 31 * DAY);
      expect(await list(tag)).toEqual([id]);
      let closedBetween: number | undefined;
      beforeNextTransaction(async () => {
        await sweepListings(t.deps);
        closedBetween = (await t.deps.db.selectFrom(table).select('closed').where('id', '=', id).executeTakeFirstOrThrow()).closed;
      });
      const res = await bump(table, id, m.token);
      expect(closedBetween).toBe(1);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.item).toMatchObject({ id, closed: 0 });
      expect(await list(tag)).toEqual([id]);
    }
    expect((await t.call('GET', '/api/board/count?topcategory=4')).body.total).toBe(await openRows('board', 4));
    expect((await t.call('GET', '/api/jobs/count')).body.total).toBe(await openRows('jobs'));
  });

  test('two bumps at once: one lifts the listing, the other is told when it may bump again', async () => {
    const m = await t.member();
    const id = await listing(m, '식탁 의자');
    await ageBump('board', id, 2 * DAY);
    const answers = await Promise.all([bump('board', id, m.token), bump('board', id, m.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.detail).toMatch(
      /^끌어올리기는 하루에 한 번 할 수 있습니다\. .+부터 다시 할 수 있습니다$/,
    );
  });

  test('only the author or an admin bumps; only market listings and jobs; a passed deadline is moved, not bumped', async () => {
    const [author, other] = await Promise.all([t.member(), t.member()]);
    const id = await listing(author, '전자레인지');
    await ageBump('board', id, 2 * DAY);
    expect((await bump('board', id)).status).toBe(401);
    expect((await bump('board', id, other.token)).body).toMatchObject({ message: 'forbidden' });
    expect((await bump('board', id, other.token)).status).toBe(403);
    expect((await bump('board', id, await t.root())).status).toBe(200);

    const post = (
      await t.call('POST', '/api/board', { token: author.token, body: { topcategory: 5, title: '자유글', content: '<p>글</p>' } })
    ).body.id;
    await ageBump('board', post, 2 * DAY);
    expect((await bump('board', post, author.token)).status).toBe(404);
    expect((await bump('board', 99_999_999, author.token)).status).toBe(404);
    expect((await bump('board', 'abc' as unknown as number, author.token)).status).toBe(404);

    const open = await job(author, '주방 보조');
    await ageBump('jobs', open, 2 * DAY);
    expect((await bump('jobs', open, other.token)).status).toBe(403);
    expect((await bump('jobs', open, author.token)).status).toBe(200);
    const past = await job(author, '지난 공고', { limitdate: '2020-01-01' });
    await ageBump('jobs', past, 2 * DAY);
    const refused = await bump('jobs', past, author.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'invalid', field: 'limitdate' });
  });
});

describe('the 3-day notice', () => {
  test('is sent once per close date, by notification and mail with a link to renew; a bump starts a new period', async () => {
    const m = await t.member();
    const id = await listing(m, '캠핑 의자 팝니다');
    const closes = Date.now() + 30 * DAY;
    await sweepListings(t.deps, new Date(closes - 4 * DAY));
    expect(await expiryNotices(m)).toEqual([]);
    await sweepListings(t.deps, new Date(closes - 2 * DAY));
    expect(await expiryNotices(m)).toMatchObject([{ title: '캠핑 의자 팝니다', link: `/market/${id}`, read: false }]);
    const mail = await t.smtp.mailTo(m.loginid, '곧 마감');
    expect(mail?.subject).toContain('캠핑 의자 팝니다');
    expect(mail?.text).toContain(`/market/${id}`);
    expect(mail?.text).toContain('끌어올리기');
    await sweepListings(t.deps, new Date(closes - 1 * DAY));
    expect(await expiryNotices(m)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.messagesTo(m.loginid).filter((x) => x.subject?.includes('곧 마감'))).toHaveLength(1);

    // Bumped: a new close date, told again when it nears (one notice in the list, the new one).
    await ageBump('board', id, 2 * DAY);
    expect((await bump('board', id, m.token)).status).toBe(200);
    await sweepListings(t.deps, new Date(Date.now() + 28 * DAY));
    const notices = await expiryNotices(m);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.read).toBe(false);
    await expect.poll(() => t.smtp.messagesTo(m.loginid).filter((x) => x.subject?.includes('곧 마감')).length).toBe(2);
  });

  test('the sweep runs once across two servers, and two sweeps at once still tell once', async () => {
    // A second server on the same database, mailing through the same SMTP server. Several servers
    // are a PostgreSQL set-up (PRODUCT.md); two SQLite connections in this one test process would
    // block each other's event loop in SQLite's busy wait, so on SQLite one server sweeps twice.
    const second = dbKind === 'postgres' ? await buildDeps(t.env, createLogger('silent')) : undefined;
    try {
      const m = await t.member();
      await listing(m, '아기 침대');
      const at = new Date(Date.now() + 28 * DAY);
      const servers = [t.deps, second?.deps ?? t.deps];
      const ran = await Promise.all(
        [...servers, ...servers].map(async (deps) => {
          if (!(await claimRun(deps.db, `listing-sweep-${m.id}`, 60_000, at))) return false;
          await sweepListings(deps, at);
          return true;
        }),
      );
      expect(ran.filter(Boolean)).toHaveLength(1);
      await Promise.all(servers.map((deps) => sweepListings(deps, at)));
      expect(await expiryNotices(m)).toHaveLength(1);
      await expect.poll(() => t.smtp.messagesTo(m.loginid).length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(t.smtp.messagesTo(m.loginid)).toHaveLength(1);
    } finally {
      if (second) {
        await drainMails(second.deps);
        await second.connection.close();
      }
    }
  });
});

describe('거래완료', () => {
  test('sinks below every listing still in trade in the listing order', async () => {
    const m = await t.member();
    const tag = newTag();
    const a = await listing(m, `의자 ${tag}`);
    const b = await listing(m, `식탁 ${tag}`);
    const c = await listing(m, `선풍기 ${tag}`);
    expect(await market(tag)).toEqual([c, b, a]);
    const sold = await t.call('PUT', '/api/board', { token: m.token, body: { id: c, marketstatus: 2 } });
    expect(sold.body.item).toMatchObject({ marketstatus: 2, closed: 0 });
    expect(await market(tag)).toEqual([b, a, c]);
    expect(await market(tag, '&marketstatus=2')).toEqual([c]);
  });
});

describe('migration 0016', () => {
  test('existing rows: bumped when written, closing by the rule, closed when that is past', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-migrate-'));
    const { db, close } = connect({ dataDir, databaseUrl: await freshDatabaseUrl() });
    try {
      await migrateUpTo(db, dbKind, '0015-keyword-alerts');
      const recent = new Date(Date.now() - 5 * DAY).toISOString();
      const old = '2020-03-01T10:20:30.456Z';
      const post = {
        content: '',
        etitle: '',
        econtent: '',
        image: '',
        images: '[]',
        location: '',
        category: '',
        subcategory: '',
        name: '',
        date: recent,
      };
      await db
        .insertInto('board')
        .values([
          { ...post, id: 1, title: '최근 판매글', topcategory: 4 },
          { ...post, id: 2, title: '오래된 판매글', topcategory: 4, date: old },
          { ...post, id: 3, title: '뉴스', topcategory: 1, date: old },
        ] as never)
        .execute();
      const job = {
        content: '',
        companyname: '',
        tel: '',
        url: '',
        manager: '',
        email: '',
        category: '',
        location: '',
        employmenttype: '',
        name: '',
      };
      await db
        .insertInto('jobs')
        .values([
          { ...job, id: 1, title: '상시 모집', limitdate: '', date: recent },
          { ...job, id: 2, title: '마감 지난 공고', limitdate: '2020-03-10', date: old },
          { ...job, id: 3, title: '빈 날짜 공고', limitdate: '9999-01-01', date: recent },
        ] as never)
        .execute();
      expect((await upgradeToLatest(db, dbKind))[0]).toBe('0016-listing-freshness');
      const board = await db.selectFrom('board').select(['id', 'bumpdate', 'expiredate', 'closed', 'expirynotice']).orderBy('id').execute();
      const after30 = (iso: string) => new Date(Date.parse(iso) + 30 * DAY).toISOString();
      expect(board).toEqual([
        { id: 1, bumpdate: recent, expiredate: after30(recent), closed: 0, expirynotice: '' },
        { id: 2, bumpdate: old, expiredate: after30(old), closed: 1, expirynotice: '' },
        { id: 3, bumpdate: old, expiredate: '', closed: 0, expirynotice: '' },
      ]);
      const jobs = await db.selectFrom('jobs').select(['id', 'bumpdate', 'expiredate', 'closed']).orderBy('id').execute();
      const deadline = zonedDayRange(undefined, '2020-03-10', process.env.SITE_TIMEZONE || 'America/Los_Angeles').end;
      expect(jobs).toEqual([
        { id: 1, bumpdate: recent, expiredate: after30(recent), closed: 0 },
        { id: 2, bumpdate: old, expiredate: deadline, closed: 1 },
        { id: 3, bumpdate: recent, expiredate: after30(recent), closed: 0 },
      ]);
    } finally {
      await close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
