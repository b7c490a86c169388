import { beforeAll, describe, expect, test } from 'vitest';
import { WRITE_LIMITS } from '#server/lib/rate-limit.ts';
import { seedDemo } from '#server/seed/demo.ts';
import type { TestApp } from '#tests/support/test-app.ts';
import { testAppsOfFile } from '#tests/support/test-app.ts';

// PRODUCT.md, beyond the spec: reports (신고). A member reports an item once, with a reason; at
// REPORT_HIDE_AT members (2 here) it leaves every list, search, the sitemap and the feeds, while
// its author still reads it; an admin restores or deletes it, audited, and a deleted item's
// author is told.

const apps = testAppsOfFile();
let t: TestApp;
beforeAll(async () => {
  t = await apps.app({ REPORT_HIDE_AT: '2' });
});

type Member = Awaited<ReturnType<TestApp['member']>>;

async function newPost(m: Member, title: string, topcategory = 5): Promise<number> {
  const res = await t.call('POST', '/api/board', {
    token: m.token,
    body: { topcategory, title, content: `<p>${title} 본문</p>`, price: 100 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const report = (m: Member | undefined, body: Record<string, unknown>) => t.call('POST', '/api/report', { token: m?.token, body });

async function reportedBy(n: number, target: string, item: number) {
  for (let i = 0; i < n; i++) {
    const res = await report(await t.member(), { target, item, reason: 'spam' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const communityTitles = async (token?: string) =>
  (await t.call('GET', '/api/board?topcategory=5&size=100', { token })).body.items.map((i: { title: string }) => i.title);

describe('reporting an item (POST /api/report)', () => {
  test('the input is checked: target, reason, 기타 with its text, an existing item; visitors get 401', async () => {
    const author = await t.member();
    const reporter = await t.member();
    const post = await newPost(author, '신고 검사용 글');
    expect((await report(undefined, { target: 'board', item: post, reason: 'spam' })).status).toBe(401);

    const badReason = await report(reporter, { target: 'board', item: post, reason: 'boring' });
    expect(badReason.status).toBe(400);
    expect(badReason.body).toMatchObject({ code: 'error', message: 'invalid', field: 'reason' });

    const otherWithout = await report(reporter, { target: 'board', item: post, reason: 'other', detail: '  ' });
    expect(otherWithout.status).toBe(400);
    expect(otherWithout.body).toMatchObject({ field: 'detail', detail: '기타 사유를 입력하세요' });

    expect((await report(reporter, { target: 'users', item: post, reason: 'spam' })).body.field).toBe('target');
    const missing = await report(reporter, { target: 'board', item: post + 100_000, reason: 'spam' });
    expect(missing.status).toBe(404);
    expect((await report(reporter, { target: 'comment', item: 999_999, reason: 'abuse' })).status).toBe(404);

    const own = await report(author, { target: 'board', item: post, reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.body.detail).toBe('내가 쓴 글은 신고할 수 없습니다');

    const ok = await report(reporter, { target: 'board', item: post, reason: 'other', detail: '같은 글을 매일 올립니다' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ code: 'ok', reported: true, hidden: false });
  });

  test('once per member: a second report is refused with a Korean reason and stores nothing', async () => {
    const author = await t.member();
    const reporter = await t.member();
    const post = await newPost(author, '한 번만 신고');
    expect((await report(reporter, { target: 'board', item: post, reason: 'fraud' })).status).toBe(200);
    const again = await report(reporter, { target: 'board', item: post, reason: 'abuse' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'error', message: 'already', field: 'item', detail: '이미 신고한 게시물입니다' });
    const rows = await t.deps.db.selectFrom('reports').selectAll().where('target', '=', 'board').where('item', '=', post).execute();
    expect(rows.map((r) => r.reason)).toEqual(['fraud']);
    // Concurrent repeats by one member still make one row (the unique key).
    const other = await t.member();
    const second = await newPost(author, '동시에 신고');
    const answers = await Promise.all([1, 2, 3].map(() => report(other, { target: 'board', item: second, reason: 'spam' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });
});

describe('hidden at REPORT_HIDE_AT members, for review', () => {
  test('below the threshold it stays; at it, the post leaves the list, search, sitemap and feed', async () => {
    const author = await t.member();
    const post = await newPost(author, '숨김테스트 중고차 급매');
    await reportedBy(1, 'board', post);
    expect(await communityTitles()).toContain('숨김테스트 중고차 급매');

    await reportedBy(1, 'board', post);
    expect(await communityTitles()).not.toContain('숨김테스트 중고차 급매');
    expect((await t.call('GET', '/api/board/count?topcategory=5')).body.total).toBe(
      (await t.call('GET', '/api/board?topcategory=5&size=100')).body.total,
    );
    const search = await t.call('GET', `/api/search?q=${encodeURIComponent('숨김테스트')}`);
    expect(search.body.groups.flatMap((g: { items: { item: number }[] }) => g.items.map((i) => i.item))).not.toContain(post);
    const sitemap = await t.call('GET', '/sitemap.xml', { headers: { host: 'portal.example' } });
    expect(sitemap.body).not.toContain(`/community/${post}<`);
    const feed = await t.call('GET', '/community/rss.xml', { headers: { host: 'portal.example' } });
    expect(feed.body).not.toContain('숨김테스트');

    // Others get a 404; its author still reads it, with its state (2: 검토 중); admins too.
    expect((await t.call('GET', `/api/board/${post}`)).status).toBe(404);
    expect((await t.call('GET', `/api/board/${post}`, { token: (await t.member()).token })).status).toBe(404);
    const mine = await t.call('GET', `/api/board/${post}`, { token: author.token });
    expect(mine.status).toBe(200);
    expect(mine.body.item).toMatchObject({ id: post, hidden: 2 });
    expect((await t.call('GET', `/api/board/${post}`, { token: await t.root() })).body.item.hidden).toBe(2);
    // Told on 마이페이지 > 알림, by nobody: the reporters stay unnamed.
    const told = (await t.call('GET', '/api/notification', { token: author.token })).body.items;
    expect(told).toEqual([
      expect.objectContaining({ kind: 'held', actor: '', title: '숨김테스트 중고차 급매', link: `/community/${post}` }),
    ]);
    // A hidden item cannot be reported, liked or commented on by others.
    expect((await report(await t.member(), { target: 'board', item: post, reason: 'spam' })).status).toBe(404);
    const other = await t.member();
    expect((await t.call('POST', '/api/like', { token: other.token, body: { target: 'board', item: post } })).status).toBe(404);
  });

  test('a held item’s link answers 404 under review to others, without its content; a moderator’s hide stays not found', async () => {
    const author = await t.member();
    const post = await newPost(author, '검토 안내 글');
    await reportedBy(2, 'board', post);
    for (const token of [undefined, (await t.member()).token]) {
      const held = await t.call('GET', `/api/board/${post}`, { token });
      expect(held).toMatchObject({ status: 404, body: { code: 'error', message: 'under review' } });
      expect(JSON.stringify(held.body)).not.toContain('검토 안내 글');
    }
    const hidden = await newPost(author, '운영진이 숨긴 글');
    await t.deps.db.updateTable('board').set({ hidden: 1 }).where('id', '=', hidden).execute();
    expect((await t.call('GET', `/api/board/${hidden}`)).body).toEqual({ code: 'error', message: 'not found' });
    expect((await t.call('GET', '/api/board/99999999')).body).toEqual({ code: 'error', message: 'not found' });
  });

  test('a job and a business are hidden the same way', async () => {
    const author = await t.member();
    const job = await t.call('POST', '/api/jobs', {
      token: author.token,
      body: { type: 1, title: '숨겨질 구인 광고', content: '<p>연락주세요</p>', companyname: '회사', limitdate: '2099-01-01' },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(200);
    await reportedBy(2, 'jobs', job.body.id);
    const jobs = (await t.call('GET', '/api/jobs?size=100')).body.items.map((i: { id: number }) => i.id);
    expect(jobs).not.toContain(job.body.id);
    expect((await t.call('GET', `/api/jobs/${job.body.id}`)).status).toBe(404);

    const biz = await t.call('POST', '/api/business', { token: author.token, body: { title: '숨겨질 업소', content: '<p>업소</p>' } });
    expect(biz.status, JSON.stringify(biz.body)).toBe(200);
    await reportedBy(2, 'business', biz.body.id);
    expect((await t.call('GET', `/api/business/${biz.body.id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/business/${biz.body.id}`, { token: author.token })).body.item.hidden).toBe(2);
  });

  test('a hidden comment keeps its place without its text for others; its author still reads it', async () => {
    const author = await t.member();
    const commenter = await t.member();
    const post = await newPost(author, '댓글 신고 글');
    const c = await t.call('POST', '/api/comment', { token: commenter.token, body: { board: post, parent: 0, content: '욕설 댓글' } });
    await reportedBy(2, 'comment', c.body.id);
    const seen = async (token?: string) => (await t.call('GET', `/api/comment?board=${post}`, { token })).body.items[0];
    expect(await seen()).toMatchObject({ id: c.body.id, hidden: 2, content: '', name: '', user: 0 });
    expect(await seen(commenter.token)).toMatchObject({ id: c.body.id, hidden: 2, content: '욕설 댓글' });
  });
});

describe('/api/admin/report: restore or delete', () => {
  test('admins only: a member gets 403, a visitor 401', async () => {
    const m = await t.member();
    expect((await t.call('GET', '/api/admin/report', { token: m.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/report')).status).toBe(401);
    const restore = await t.call('POST', '/api/admin/report/restore', { token: m.token, body: { target: 'board', item: 1 } });
    expect(restore.status).toBe(403);
    expect((await t.call('POST', '/api/admin/report/delete', { token: m.token, body: { target: 'board', item: 1 } })).status).toBe(403);
  });

  test('the list names each item, its count and reasons, most reported first, paginated', async () => {
    const admin = await t.member({ level: 3 });
    const author = await t.member();
    const many = await newPost(author, '많이 신고된 글');
    const one = await newPost(author, '한 번 신고된 글');
    await reportedBy(2, 'board', many);
    await report(await t.member(), { target: 'board', item: one, reason: 'other', detail: '전화번호가 노출되어 있어요' });
    const list = await t.call('GET', '/api/admin/report?size=100', { token: admin.token });
    expect(list.status).toBe(200);
    const entries: { item: number; reports: number }[] = list.body.items;
    const manyAt = entries.findIndex((e) => e.item === many);
    const oneAt = entries.findIndex((e) => e.item === one);
    expect(manyAt).toBeLessThan(oneAt);
    expect(list.body.items[manyAt]).toMatchObject({
      target: 'board',
      reports: 2,
      title: '많이 신고된 글',
      link: `/community/${many}`,
      hidden: 2,
    });
    expect(list.body.items[oneAt]).toMatchObject({
      reports: 1,
      hidden: 0,
      reasons: [{ reason: 'other', label: '기타', detail: '전화번호가 노출되어 있어요' }],
    });
    const paged = await t.call('GET', '/api/admin/report?size=1&page=2', { token: admin.token });
    expect(paged.body).toMatchObject({ page: 2, size: 1, total: list.body.total });
    expect(paged.body.items).toHaveLength(1);
  });

  test('restore shows the item again and clears its reports (audited); reporters are not told', async () => {
    const admin = await t.member({ level: 3 });
    const author = await t.member();
    const reporter = await t.member();
    const post = await newPost(author, '복구될 글 테스트');
    await report(reporter, { target: 'board', item: post, reason: 'abuse' });
    await reportedBy(1, 'board', post);
    expect(await communityTitles()).not.toContain('복구될 글 테스트');

    const res = await t.call('POST', '/api/admin/report/restore', { token: admin.token, body: { target: 'board', item: post } });
    expect(res.status).toBe(200);
    expect(await communityTitles()).toContain('복구될 글 테스트');
    expect((await t.call('GET', `/api/board/${post}`)).body.item.hidden).toBe(0);
    const search = await t.call('GET', `/api/search?q=${encodeURIComponent('복구될')}`);
    expect(search.body.groups.flatMap((g: { items: { item: number }[] }) => g.items.map((i) => i.item))).toContain(post);
    const listed = (await t.call('GET', '/api/admin/report?size=100', { token: admin.token })).body.items;
    expect(listed.map((e: { item: number }) => e.item)).not.toContain(post);
    const audit = await t.call('GET', `/api/admin/audit?target=board&item=${post}`, { token: admin.token });
    expect(audit.body.items[0]).toMatchObject({ action: 'report-restore', before: { hidden: 2, reports: 2 }, after: { hidden: 0 } });
    expect((await t.call('GET', '/api/notification', { token: reporter.token })).body.total).toBe(0);
    // Cleared: the same member may report it again.
    expect((await report(reporter, { target: 'board', item: post, reason: 'abuse' })).status).toBe(200);
  });

  test('delete removes the item as the admin delete does, audited, and tells its author', async () => {
    const admin = await t.member({ level: 3 });
    const author = await t.member();
    const post = await newPost(author, '삭제될 사기 글', 4);
    await reportedBy(2, 'board', post);
    const res = await t.call('POST', '/api/admin/report/delete', { token: admin.token, body: { target: 'board', item: post } });
    expect(res.status).toBe(200);
    expect((await t.call('GET', `/api/board/${post}`, { token: author.token })).status).toBe(404);
    const audit = await t.call('GET', `/api/admin/audit?target=board&item=${post}`, { token: admin.token });
    // One removal, one row: the decision (not also the plain delete's).
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ action: 'report-delete', before: { title: '삭제될 사기 글', reports: 2 } });
    const told = (await t.call('GET', '/api/notification', { token: author.token })).body;
    expect(told.items[0]).toMatchObject({ kind: 'removed', title: '삭제될 사기 글', link: '/customer/inquiry', read: false });
    const listed = (await t.call('GET', '/api/admin/report?size=100', { token: admin.token })).body.items;
    expect(listed.map((e: { item: number }) => e.item)).not.toContain(post);
    expect((await t.call('POST', '/api/admin/report/delete', { token: admin.token, body: { target: 'board', item: post } })).status).toBe(
      404,
    );
  });

  test('a reported comment is deleted the way an admin deletes a comment', async () => {
    const admin = await t.member({ level: 3 });
    const author = await t.member();
    const commenter = await t.member();
    const post = await newPost(author, '댓글 삭제 글');
    const c = await t.call('POST', '/api/comment', { token: commenter.token, body: { board: post, parent: 0, content: '광고 댓글' } });
    await reportedBy(1, 'comment', c.body.id);
    const res = await t.call('POST', '/api/admin/report/delete', { token: admin.token, body: { target: 'comment', item: c.body.id } });
    expect(res.status).toBe(200);
    expect((await t.call('GET', `/api/comment?board=${post}`)).body.items).toEqual([]);
    expect((await t.call('GET', `/api/board/${post}`)).body.item.comment).toBe(0);
    expect((await t.call('GET', '/api/notification', { token: commenter.token })).body.items[0]).toMatchObject({ kind: 'removed' });
    const audit = await t.call('GET', `/api/admin/audit?target=comment&item=${c.body.id}`, { token: admin.token });
    expect(audit.body.items).toMatchObject([{ action: 'report-delete', before: { title: '광고 댓글', reports: 1 } }]);
  });
});

describe('the admin allow-list (ADMIN_ALLOW_IPS)', () => {
  test('the reports list and decisions answer only from listed addresses', async () => {
    const guarded = await apps.app({ ADMIN_ALLOW_IPS: '10.20.0.0/16' });
    const root = await guarded.root();
    const inside = { token: root, ip: '10.20.1.2' };
    const outside = { token: root, ip: '198.51.100.9' };
    expect((await guarded.call('GET', '/api/admin/report', inside)).status).toBe(200);
    expect((await guarded.call('GET', '/api/admin/report', outside)).status).toBe(403);
    const body = { target: 'board', item: 1 };
    expect((await guarded.call('POST', '/api/admin/report/restore', { ...outside, body })).status).toBe(403);
    expect((await guarded.call('POST', '/api/admin/report/delete', { ...outside, body })).status).toBe(403);
  });
});

describe('reports count against the write limits', () => {
  test("a new account's report budget per minute, then 429 with a Korean reason", async () => {
    const limited = await apps.app({ WRITE_LIMITS: '1' });
    // The author's posts are made by the admin, who writes without limits.
    const author = await limited.root();
    const reporter = await limited.member();
    const { minute } = WRITE_LIMITS.report.newcomer;
    const posts: number[] = [];
    for (let i = 0; i <= minute; i++) {
      const res = await limited.call('POST', '/api/board', {
        token: author,
        body: { topcategory: 5, title: `글 ${i}`, content: '<p>글</p>' },
      });
      posts.push(res.body.id);
    }
    for (let i = 0; i < minute; i++) {
      const ok = await limited.call('POST', '/api/report', {
        token: reporter.token,
        body: { target: 'board', item: posts[i], reason: 'spam' },
      });
      expect(ok.status).toBe(200);
    }
    const refused = await limited.call('POST', '/api/report', {
      token: reporter.token,
      body: { target: 'board', item: posts[minute], reason: 'spam' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^가입 첫날에는 신고는 1분에 \d+개까지 할 수 있습니다/);
  });
});

describe('demo content', () => {
  test('a new site shows /admin/report with work in it: one listing held for review, one post still shown', async () => {
    const seeded = await apps.app();
    await seedDemo(seeded.deps);
    const list = await seeded.call('GET', '/api/admin/report', { token: await seeded.root() });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const [held, shown] = list.body.items;
    expect(held).toMatchObject({ target: 'board', reports: 3, hidden: 2, link: expect.stringMatching(/^\/market\/\d+$/) });
    expect(held.reasons[0]).toMatchObject({ label: '사기 의심', detail: '선입금을 요구하고 연락이 끊겼습니다' });
    expect(shown).toMatchObject({ reports: 2, hidden: 0 });
    expect((await seeded.call('GET', held.link.replace('/market/', '/api/board/'))).status).toBe(404);
  });
});
