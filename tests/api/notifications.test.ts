import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pruneNotifications } from '#server/modules/notification/notification.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// PRODUCT.md, beyond the spec: notifications. Each event tells its member once, never the actor;
// a member sees and marks only their own; read ones go after 90 days; chosen kinds are mailed
// through the queue.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

async function newPost(m: Member, title = '알림 받을 글'): Promise<number> {
  const res = await t.call('POST', '/api/board', { token: m.token, body: { topcategory: 5, title, content: '<p>알림</p>' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function comment(m: Member, board: number, parent = 0): Promise<number> {
  const res = await t.call('POST', '/api/comment', { token: m.token, body: { board, parent, content: '댓글입니다' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

const mine = async (m: Member, query = '') => (await t.call('GET', `/api/notification${query}`, { token: m.token })).body;

describe('notifications (PRODUCT.md, beyond the spec)', () => {
  test('a comment tells the post author once, with who, what and where; never the actor', async () => {
    const author = await t.member();
    const other = await t.member({ nickname: '댓글러' });
    const post = await newPost(author, '렌트 구합니다');
    await comment(author, post);
    expect(await mine(author)).toMatchObject({ code: 'ok', items: [], total: 0, unread: 0 });

    const id = await comment(other, post);
    const list = await mine(author);
    expect(list).toMatchObject({ total: 1, unread: 1, page: 1, size: 20 });
    expect(list.items[0]).toEqual({
      id: expect.any(Number),
      kind: 'comment',
      actor: '댓글러',
      keyword: '',
      title: '렌트 구합니다',
      link: `/community/${post}#comment-${id}`,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      read: false,
    });
    expect((await mine(other)).total).toBe(0);
  });

  test('a reply tells the comment author (once, as a reply) and the post author', async () => {
    const author = await t.member();
    const commenter = await t.member();
    const replier = await t.member();
    const post = await newPost(author);
    const top = await comment(commenter, post);
    await comment(replier, post, top);
    expect((await mine(commenter)).items.map((n: { kind: string }) => n.kind)).toEqual(['reply']);
    expect((await mine(author)).items.map((n: { kind: string }) => n.kind)).toEqual(['comment', 'comment']);

    // A reply to my own comment under my own post is one notice, a reply; my own reply none.
    const mineTop = await comment(author, post);
    await comment(commenter, post, mineTop);
    await comment(author, post, mineTop);
    const kinds = (await mine(author)).items.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(['reply', 'comment', 'comment']);
  });

  test('an inquiry answer tells its author once, however often the answer is edited', async () => {
    const asker = await t.member();
    const root = await t.root();
    const id = (await t.call('POST', '/api/inquiry', { token: asker.token, body: { title: '배송 문의', content: '<p>언제?</p>' } })).body
      .id;
    await t.call('PUT', '/api/inquiry', { token: root, body: { id, answer: '<p>내일입니다.</p>' } });
    await t.call('PUT', '/api/inquiry', { token: root, body: { id, answer: '<p>모레입니다.</p>' } });
    const list = await mine(asker);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ kind: 'answer', title: '배송 문의', link: `/mypage/inquiry#inquiry-${id}` });
    // The answer goes by e-mail by default, through the queue.
    const mail = await t.smtp.mailTo(asker.loginid, '답변');
    expect(mail?.text).toContain('배송 문의');
  });

  test('concurrent comments give exactly one notification each', async () => {
    const author = await t.member();
    const post = await newPost(author);
    // Members are made one by one (each is two password hashes); their comments go all at once.
    const members: Member[] = [];
    for (let i = 0; i < 15; i++) members.push(await t.member());
    const ids = await Promise.all(members.flatMap((m) => [comment(m, post), comment(m, post), comment(m, post)]));
    const list = await mine(author, '?size=100');
    expect(list.total).toBe(45);
    expect(list.unread).toBe(45);
    const linked = list.items.map((n: { link: string }) => Number(n.link.split('#comment-')[1]));
    expect(linked.sort((a: number, b: number) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Newest first.
    expect(list.items.map((n: { id: number }) => n.id)).toEqual([...list.items.map((n: { id: number }) => n.id)].sort((a, b) => b - a));
  }, 120_000);

  test('members only; a member never sees or marks another member’s notifications', async () => {
    const a = await t.member();
    const b = await t.member();
    const post = await newPost(a);
    await comment(b, post);
    const bPost = await newPost(b);
    await comment(a, bPost);
    expect((await t.call('GET', '/api/notification')).status).toBe(401);
    expect((await t.call('PUT', '/api/notification/read', { body: { all: true } })).status).toBe(401);

    const aId = (await mine(a)).items[0].id;
    const bList = await mine(b);
    expect(bList.items.map((n: { id: number }) => n.id)).not.toContain(aId);
    const marked = await t.call('PUT', '/api/notification/read', { token: b.token, body: { ids: [aId] } });
    expect(marked.body).toEqual({ code: 'ok', updated: 0, unread: 1 });
    await t.call('PUT', '/api/notification/read', { token: b.token, body: { all: true } });
    expect((await mine(a)).unread).toBe(1);
    expect((await mine(b)).unread).toBe(0);
  });

  test('read by ids or all, pages newest first, and bad input named', async () => {
    const author = await t.member();
    const post = await newPost(author);
    const others = await Promise.all(Array.from({ length: 5 }, () => t.member()));
    for (const m of others) await comment(m, post);

    const first = await mine(author, '?size=2');
    expect(first).toMatchObject({ total: 5, unread: 5, page: 1, size: 2 });
    const third = await mine(author, '?size=2&page=3');
    expect(third.items).toHaveLength(1);
    expect(third.items[0].id).toBeLessThan(first.items[1].id);

    const ids = first.items.map((n: { id: number }) => n.id);
    expect((await t.call('PUT', '/api/notification/read', { token: author.token, body: { ids } })).body).toEqual({
      code: 'ok',
      updated: 2,
      unread: 3,
    });
    const again = await mine(author, '?size=2');
    expect(again.items.map((n: { read: boolean }) => n.read)).toEqual([true, true]);
    expect((await t.call('PUT', '/api/notification/read', { token: author.token, body: { all: true } })).body).toEqual({
      code: 'ok',
      updated: 3,
      unread: 0,
    });

    for (const body of [{}, { ids: [] }, { all: false }, { ids: [1], all: true }, { ids: ['1'] }]) {
      const res = await t.call('PUT', '/api/notification/read', { token: author.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('GET', '/api/notification?size=101', { token: author.token })).body.field).toBe('size');
  });

  test('read notifications go after 90 days, unread and newer ones stay', async () => {
    const author = await t.member();
    const post = await newPost(author);
    const others = await Promise.all(Array.from({ length: 3 }, () => t.member()));
    for (const m of others) await comment(m, post);
    const [newest, middle, oldest] = (await mine(author)).items.map((n: { id: number }) => n.id);
    await t.call('PUT', '/api/notification/read', { token: author.token, body: { ids: [middle, oldest] } });
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    // `oldest` is read and old, `newest` old but unread, `middle` read but recent.
    await t.deps.db.updateTable('notifications').set({ date: old }).where('id', 'in', [oldest, newest]).execute();
    await pruneNotifications(t.deps);
    expect((await mine(author)).items.map((n: { id: number }) => n.id)).toEqual([newest, middle]);
  });

  test('the kinds a member chooses also go by e-mail, through the mail queue', async () => {
    const author = await t.member();
    const commenter = await t.member({ nickname: '메일러' });
    expect((await t.call('GET', '/api/notification/settings', { token: author.token })).body).toMatchObject({
      code: 'ok',
      mail: ['answer', 'message'],
    });
    const post = await newPost(author, '메일 받을 글');
    await comment(commenter, post);
    // Off by default for comments: the notice only.
    expect((await mine(author)).total).toBe(1);

    const saved = await t.call('PUT', '/api/notification/settings', { token: author.token, body: { mail: ['comment'] } });
    expect(saved.body).toMatchObject({ code: 'ok', mail: ['comment'] });
    expect((await t.call('PUT', '/api/notification/settings', { token: author.token, body: { mail: ['spam'] } })).status).toBe(400);
    expect((await t.call('PUT', '/api/notification/settings', { body: { mail: [] } })).status).toBe(401);
    await comment(commenter, post);
    const mail = await t.smtp.mailTo(author.loginid, '댓글');
    expect(mail?.subject).toContain('메일러님이 내 글에 댓글을 남겼습니다');
    expect(mail?.text).toContain('메일 받을 글');
    expect(t.smtp.messagesTo(author.loginid)).toHaveLength(1);
    // Sent mail leaves the queue.
    await expect.poll(async () => (await t.deps.db.selectFrom('mails').selectAll().execute()).length).toBe(0);
  });
});
