import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// The admin area's calls (issue: admin area) on both databases: refused below level 3, the
// dashboard's numbers, all-or-nothing moderation, the audit log and the users' CSV.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (fields: Record<string, unknown> = {}) => ({ title: '관리 테스트 글', content: '<p>본문</p>', topcategory: 5, ...fields });

async function create(path: string, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const moderate = async (token: string, body: Record<string, unknown>) => t.call('POST', '/api/admin/moderate', { token, body });

describe('/api/admin refuses everyone below level 3', () => {
  const CALLS: [method: string, path: string, body?: unknown][] = [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/audit?target=users&item=1'],
    ['GET', '/api/admin/comments'],
    ['GET', '/api/admin/users.csv'],
    ['POST', '/api/admin/moderate', { target: 'board', ids: [1], action: 'hide' }],
  ];

  test.each(CALLS)('%s %s: 401 for visitors, 403 for members and managers', async (method, path, body) => {
    const member = await t.member();
    const manager = await t.member({ level: 2 });
    expect(await t.call(method, path, { body })).toMatchObject({ status: 401, body: { code: 'error', message: 'unauthorized' } });
    for (const who of [member, manager]) {
      expect(await t.call(method, path, { token: who.token, body })).toMatchObject({
        status: 403,
        body: { code: 'error', message: 'forbidden' },
      });
    }
    const admin = await t.member({ level: 3 });
    expect([401, 403]).not.toContain((await t.call(method, path, { token: admin.token, body })).status);
  });
});

describe('GET /api/admin/dashboard', () => {
  test('counts sign-ups, items per section (shown and hidden) and waiting inquiries', async () => {
    const root = await t.root();
    const before = (await t.call('GET', '/api/admin/dashboard', { token: root })).body;
    const m = await t.member();
    const a = await create('/api/board', m.token, post({ topcategory: 4, price: 30 }));
    await create('/api/board', m.token, post({ topcategory: 4, price: 30 }));
    await create('/api/jobs', m.token, { title: '주방 보조 구함' });
    await create('/api/inquiry', m.token, { title: '문의', content: '<p>질문</p>' });
    expect((await moderate(root, { target: 'board', ids: [a], action: 'hide' })).status).toBe(200);

    const after = (await t.call('GET', '/api/admin/dashboard', { token: root })).body;
    expect(after.code).toBe('ok');
    expect(after.signups.today).toBe(before.signups.today + 1);
    expect(after.signups.week).toBe(before.signups.week + 1);
    const section = (body: typeof after, key: string) => body.sections.find((s: { key: string }) => s.key === key);
    expect(section(after, 'market')).toMatchObject({
      label: '벼룩시장',
      shown: section(before, 'market').shown + 1,
      hidden: section(before, 'market').hidden + 1,
    });
    expect(section(after, 'jobs').shown).toBe(section(before, 'jobs').shown + 1);
    expect(after.inquiries.waiting).toBe(before.inquiries.waiting + 1);
    expect(after.sections.map((s: { key: string }) => s.key)).toEqual([
      'news',
      'life',
      'jobs',
      'market',
      'housing',
      'community',
      'business',
      'organizations',
      'customer',
    ]);
  });
});

describe('POST /api/admin/moderate', () => {
  test('hide makes posts 404 for everyone but admins; show brings them back', async () => {
    const m = await t.member();
    const admin = await t.member({ level: 3 });
    const word = `숨김시험${Date.now()}`;
    const ids = [
      await create('/api/board', m.token, post({ title: `${word} 첫째` })),
      await create('/api/board', m.token, post({ title: `${word} 둘째` })),
    ];
    expect((await moderate(admin.token, { target: 'board', ids, action: 'hide' })).body).toEqual({ code: 'ok', ids });
    for (const id of ids) {
      expect((await t.call('GET', `/api/board/${id}`)).status).toBe(404);
      expect((await t.call('GET', `/api/board/${id}`, { token: m.token })).status).toBe(404);
      expect((await t.call('GET', `/api/board/${id}`, { token: admin.token })).body.item.hidden).toBe(1);
    }
    const hiddenList = await t.call('GET', '/api/board?topcategory=5&hidden=1&size=100', { token: admin.token });
    expect(hiddenList.body.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining(ids));

    const found = async () => (await t.call('GET', `/api/board?topcategory=5&keyword=${encodeURIComponent(word)}`)).body.total;
    expect(await found()).toBe(0);
    await moderate(admin.token, { target: 'board', ids, action: 'show' });
    for (const id of ids) expect((await t.call('GET', `/api/board/${id}`)).status).toBe(200);
    // Shown again, they are back in the search index.
    expect(await found()).toBe(2);
  });

  test('all or nothing: one missing id or one item the action does not fit changes nothing', async () => {
    const root = await t.root();
    const m = await t.member();
    const market = await create('/api/board', m.token, post({ topcategory: 4, price: 100 }));
    const community = await create('/api/board', m.token, post());
    const missing = await moderate(root, { target: 'board', ids: [market, 99_999_999], action: 'hide' });
    expect(missing).toMatchObject({ status: 404, body: { message: 'not found' } });
    expect((await t.call('GET', `/api/board/${market}`)).status).toBe(200);

    const mixed = await moderate(root, { target: 'board', ids: [market, community], action: 'close' });
    expect(mixed).toMatchObject({ status: 400, body: { message: 'invalid', field: 'action' } });
    expect((await t.call('GET', `/api/board/${market}`)).body.item.marketstatus).toBe(1);

    expect((await moderate(root, { target: 'business', ids: [1], action: 'close' })).status).toBe(400);
    expect((await moderate(root, { target: 'comment', ids: [1], action: 'hide' })).status).toBe(400);
    expect((await moderate(root, { target: 'users', ids: [1], action: 'hide' })).body).toMatchObject({ field: 'target' });
    expect((await moderate(root, { target: 'board', ids: [], action: 'hide' })).body).toMatchObject({ field: 'ids' });
  });

  test('close marks a market post 거래완료 and a job 마감', async () => {
    const admin = await t.member({ level: 3 });
    const m = await t.member();
    const market = await create('/api/board', m.token, post({ topcategory: 4, price: 30 }));
    const job = await create('/api/jobs', m.token, { title: '배달 기사 구함' });
    expect((await moderate(admin.token, { target: 'board', ids: [market], action: 'close' })).status).toBe(200);
    expect((await moderate(admin.token, { target: 'jobs', ids: [job], action: 'close' })).status).toBe(200);
    expect((await t.call('GET', `/api/board/${market}`)).body.item.marketstatus).toBe(2);
    expect((await t.call('GET', `/api/jobs/${job}`)).body.item.status).toBe(2);
  });

  test('delete removes listings and posts; a deleted comment with replies leaves its placeholder and the count drops', async () => {
    const admin = await t.member({ level: 3 });
    const m = await t.member();
    const biz = await create('/api/business', m.token, { title: '서울 식당', category: '식당' });
    expect((await moderate(admin.token, { target: 'business', ids: [biz], action: 'delete' })).status).toBe(200);
    expect((await t.call('GET', `/api/business/${biz}`, { token: admin.token })).status).toBe(404);
    const gone = await t.call('GET', `/api/admin/audit?target=business&item=${biz}`, { token: admin.token });
    expect(gone.body.items[0]).toMatchObject({ actor: admin.id, action: 'delete', before: { title: '서울 식당' } });

    const board = await create('/api/board', m.token, post());
    const comment = await create('/api/comment', m.token, { board, parent: 0, content: '광고 댓글' });
    const reply = await create('/api/comment', m.token, { board, parent: comment, content: '광고 답글' });
    const recent = await t.call('GET', '/api/admin/comments', { token: admin.token });
    expect(recent.body.items[1]).toMatchObject({ id: comment, board, content: '광고 댓글' });
    expect((await moderate(admin.token, { target: 'comment', ids: [comment], action: 'delete' })).status).toBe(200);
    expect((await t.call('GET', `/api/board/${board}`)).body.item.comment).toBe(1);
    const thread = await t.call('GET', `/api/comment?board=${board}`);
    expect(thread.body.items[0]).toMatchObject({ id: comment, deleted: 1, content: '' });
    expect((await moderate(admin.token, { target: 'comment', ids: [comment], action: 'delete' })).status).toBe(404);
    // The same rule as the author's delete: the last reply takes the placeholder along.
    expect((await moderate(admin.token, { target: 'comment', ids: [reply], action: 'delete' })).status).toBe(200);
    expect((await t.call('GET', `/api/comment?board=${board}`)).body.items).toEqual([]);
    expect((await t.call('GET', `/api/board/${board}`)).body.item.comment).toBe(0);

    const audit = await t.call('GET', `/api/admin/audit?target=comment&item=${comment}`, { token: admin.token });
    expect(audit.body.items[0]).toMatchObject({ actor: admin.id, action: 'delete', before: { content: '광고 댓글' } });
  });
});

describe('user changes and the audit log', () => {
  test('a level change is written with who, before, after and when', async () => {
    const root = await t.root();
    const m = await t.member();
    await t.call('PUT', '/api/user', { token: root, body: { id: m.id, level: 2, remark: '편집 담당' } });
    const res = await t.call('GET', `/api/admin/audit?target=users&item=${m.id}`, { token: root });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      action: 'update',
      actorname: '관리자',
      before: { level: 1, remark: '' },
      after: { level: 2, remark: '편집 담당' },
    });
    expect(Date.parse(res.body.items[0].date)).toBeGreaterThan(Date.now() - 60_000);
    // A member editing their own name is not an admin change.
    await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, name: '새이름' } });
    expect((await t.call('GET', `/api/admin/audit?target=users&item=${m.id}`, { token: root })).body.items).toHaveLength(1);
  });

  test('a refused change writes nothing; batch deletes are audited per user', async () => {
    const admin = await t.member({ level: 3 });
    const peer = await t.member({ level: 3 });
    const a = await t.member();
    const b = await t.member();
    expect((await t.call('PUT', '/api/user', { token: admin.token, body: { id: peer.id, status: 2 } })).status).toBe(403);
    expect((await t.call('GET', `/api/admin/audit?target=users&item=${peer.id}`, { token: admin.token })).body.items).toEqual([]);
    expect((await t.call('DELETE', '/api/user/batch', { token: admin.token, body: [a.id, b.id] })).status).toBe(200);
    for (const id of [a.id, b.id]) {
      const items = (await t.call('GET', `/api/admin/audit?target=users&item=${id}`, { token: admin.token })).body.items;
      expect(items[0]).toMatchObject({ actor: admin.id, action: 'delete', before: { level: 1, use: 1 }, after: null });
    }
  });

  test('a level-3 admin cannot raise anyone to level 3 or edit a level-4 user', async () => {
    const admin = await t.member({ level: 3 });
    const m = await t.member();
    const superadmin = await t.member({ level: 4 });
    const raise = await t.call('PUT', '/api/user', { token: admin.token, body: { id: m.id, level: 3 } });
    expect(raise).toMatchObject({ status: 403, body: { message: 'forbidden', field: 'level' } });
    const edit = await t.call('PUT', '/api/user', { token: admin.token, body: { id: superadmin.id, remark: '메모' } });
    expect(edit).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    // What stays allowed: a member's level below 3, status and use.
    const ok = await t.call('PUT', '/api/user', { token: admin.token, body: { id: m.id, level: 2, status: 2, use: 2 } });
    expect(ok.body.item).toMatchObject({ level: 2, status: 2, use: 2 });
  });
});

describe('PUT /api/user/batch', () => {
  const batch = (token: string | undefined, body: unknown) => t.call('PUT', '/api/user/batch', { token, body });
  const storedUse = async (id: number) => (await t.call('GET', `/api/user/${id}`, { token: await t.root() })).body.item.use;
  const auditOf = async (id: number) =>
    (await t.call('GET', `/api/admin/audit?target=users&item=${id}`, { token: await t.root() })).body.items;

  test('401 for visitors, 403 for members and managers, and nothing changes', async () => {
    const target = await t.member();
    const body = [{ id: target.id, use: 2 }];
    expect(await batch(undefined, body)).toMatchObject({ status: 401, body: { message: 'unauthorized' } });
    for (const who of [await t.member(), await t.member({ level: 2 })]) {
      expect(await batch(who.token, body)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    }
    expect(await storedUse(target.id)).toBe(1);
  });

  test('an admin switches several users off in one call, with an audit entry per user', async () => {
    const admin = await t.member({ level: 3 });
    const [a, b] = [await t.member(), await t.member({ level: 2 })];
    const res = await batch(admin.token, [
      { id: a.id, use: 2 },
      { id: b.id, use: 2 },
    ]);
    expect(res).toMatchObject({ status: 200, body: { code: 'ok', ids: [a.id, b.id] } });
    for (const who of [a, b]) {
      expect(await storedUse(who.id)).toBe(2);
      expect(await auditOf(who.id)).toEqual([
        expect.objectContaining({ actor: admin.id, action: 'update', before: { use: 1 }, after: { use: 2 } }),
      ]);
      // use = 2 blocks the login and ends the session at once.
      expect((await t.call('GET', `/api/user/${who.id}`, { token: who.token })).status).toBe(401);
    }
  });

  test('one refused user changes nobody, and the answer names it', async () => {
    const admin = await t.member({ level: 3 });
    const [a, b] = [await t.member(), await t.member()];
    const peer = await t.member({ level: 3 });
    const cases: [body: unknown[], status: number, message: string, field: string][] = [
      // No admin edits an equal or higher level.
      [
        [
          { id: a.id, use: 2 },
          { id: peer.id, use: 2 },
          { id: b.id, use: 2 },
        ],
        403,
        'forbidden',
        '[1]',
      ],
      // Only the root admin grants levels of 3 or more.
      [
        [
          { id: a.id, use: 2 },
          { id: b.id, level: 3 },
        ],
        403,
        'forbidden',
        '[1].level',
      ],
      [
        [
          { id: a.id, use: 2 },
          { id: 99_999_999, use: 2 },
        ],
        404,
        'not found',
        '[1]',
      ],
    ];
    for (const [body, status, message, field] of cases) {
      expect(await batch(admin.token, body)).toMatchObject({ status, body: { code: 'error', message, field } });
    }
    for (const who of [a, b, peer]) {
      const stored = (await t.call('GET', `/api/user/${who.id}`, { token: await t.root() })).body.item;
      expect(stored).toMatchObject({ use: 1, level: who === peer ? 3 : 1 });
      expect(await auditOf(who.id)).toEqual([]);
    }
  });

  test('the root admin may batch admins, but not switch off the last active root admin', async () => {
    const root = await t.root();
    const admin = await t.member({ level: 4 });
    const second = await t.member({ level: 5 });
    const rootId = (await t.call('GET', '/api/user?level=5&sort=id', { token: root })).body.items[0].id;
    // Two root admins: switching both off would leave none; the second refusal undoes the first.
    const both = await batch(root, [
      { id: admin.id, status: 3 },
      { id: second.id, use: 2 },
      { id: rootId, use: 2 },
    ]);
    expect(both).toMatchObject({ status: 403, body: { message: 'last root admin', field: '[2]' } });
    expect(await storedUse(second.id)).toBe(1);
    expect((await t.call('GET', `/api/user/${admin.id}`, { token: root })).body.item.status).toBe(1);

    expect(
      (
        await batch(root, [
          { id: admin.id, status: 3 },
          { id: second.id, use: 2 },
        ])
      ).status,
    ).toBe(200);
    expect(await storedUse(second.id)).toBe(2);
    expect((await batch(root, [{ id: second.id, use: 1 }])).status).toBe(200);
  });

  test('bad input is a 400 naming the field', async () => {
    const root = await t.root();
    const m = await t.member();
    expect((await batch(root, [])).status).toBe(400);
    expect(await batch(root, { ids: [m.id], use: 2 })).toMatchObject({ status: 400, body: { message: 'invalid' } });
    expect(await batch(root, [{ id: m.id, use: 3 }])).toMatchObject({ status: 400, body: { field: '[0].use' } });
    expect(await batch(root, [{ id: m.id, nickname: '새별명' }])).toMatchObject({ status: 400, body: { field: 'nickname' } });
    expect(await storedUse(m.id)).toBe(1);
  });
});

describe('GET /api/admin/users.csv', () => {
  test('UTF-8 with a BOM, Korean labels, the list filters applied', async () => {
    const root = await t.root();
    const tag = `엑셀${Date.now()}`;
    await t.member({ name: `${tag}-가`, level: 2 });
    await t.member({ name: `${tag}-나`, nickname: `=HYPERLINK${Date.now()}` });
    const res = await t.app.request(`/api/admin/users.csv?keyword=${encodeURIComponent(tag)}&sort=name`, {
      headers: { authorization: `Bearer ${root}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('번호,아이디,이름,닉네임,등급,상태,사용,최근 로그인,가입일,비고');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${tag}-가`);
    expect(lines[1]).toMatch(/,팀장,근무,사용,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},$/);
    expect(lines[2]).toContain(',일반,근무,사용,');
    expect(lines[2]).toContain(",'=HYPERLINK");

    const managers = await t.app.request(`/api/admin/users.csv?keyword=${encodeURIComponent(tag)}&level=2`, {
      headers: { authorization: `Bearer ${root}` },
    });
    expect((await managers.text()).trimEnd().split('\r\n')).toHaveLength(2);
  });
});
