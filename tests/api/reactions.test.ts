import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flushViews, pruneViews } from '#server/modules/view/view.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function newPost(token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/board', {
    token,
    body: { topcategory: 5, title: '반응 테스트', content: '<p>반응</p>', ...fields },
  });
  return res.body.id;
}
const getPost = async (id: number) => (await t.call('GET', `/api/board/${id}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).body.item;

describe('comments, likes and views (PRODUCT.md)', () => {
  test('50 parallel likes from 50 members and 50 parallel comments leave exact counts', async () => {
    const author = await t.member();
    const id = await newPost(author.token);
    const jobId = (await t.call('POST', '/api/jobs', { token: author.token, body: { title: '동시성 채용' } })).body.id;
    // Fifty members mean a hundred password hashes (sign-up and login) queued on the hashing slots.
    const members = await Promise.all(Array.from({ length: 50 }, () => t.member()));
    const answers = await Promise.all([
      ...members.map((m) => t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: id } })),
      ...members.map((m, i) => t.call('POST', '/api/comment', { token: m.token, body: { board: id, content: `댓글 ${i} 😀` } })),
      ...members.map((m) => t.call('POST', '/api/like', { token: m.token, body: { target: 'jobs', item: jobId } })),
    ]);
    for (const a of answers) expect(a.status).toBe(200);
    const item = await getPost(id);
    expect(item.like).toBe(50);
    expect(item.comment).toBe(50);
    expect((await t.call('GET', `/api/jobs/${jobId}`, { headers: { 'user-agent': 'bingbot' } })).body.item.like).toBe(50);
    // And 50 parallel unlikes bring it back to zero.
    await Promise.all(members.map((m) => t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: id } })));
    expect((await getPost(id)).like).toBe(0);
  }, 120_000);

  test('a like is one per member per item, toggled, and listed on my page', async () => {
    const m = await t.member();
    const id = await newPost(m.token, { title: '좋아요 받을 글' });
    const bizId = (await t.call('POST', '/api/business', { token: m.token, body: { title: '좋아요 식당' } })).body.id;
    expect((await t.call('POST', '/api/like', { body: { target: 'board', item: id } })).status).toBe(401);
    expect((await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: id } })).body).toEqual({
      code: 'ok',
      liked: true,
      like: 1,
    });
    expect((await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: id } })).body).toEqual({
      code: 'ok',
      liked: false,
      like: 0,
    });
    await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: id } });
    await t.call('POST', '/api/like', { token: m.token, body: { target: 'business', item: bizId } });
    const mine = await t.call('GET', '/api/like', { token: m.token });
    expect(mine.body).toMatchObject({ code: 'ok', total: 2 });
    expect(mine.body.items.map((i: { target: string; title: string }) => [i.target, i.title])).toEqual([
      ['business', '좋아요 식당'],
      ['board', '좋아요 받을 글'],
    ]);
    expect((await t.call('GET', '/api/like?target=board', { token: m.token })).body.total).toBe(1);
    expect((await t.call('GET', `/api/like/status?target=board&items=${id},999999`, { token: m.token })).body).toEqual({
      code: 'ok',
      liked: [id],
    });
    expect((await t.call('DELETE', '/api/like', { token: m.token, body: { target: 'business', item: bizId } })).body).toEqual({
      code: 'ok',
      liked: false,
      like: 0,
    });
    expect((await t.call('POST', '/api/like', { token: m.token, body: { target: 'inquiry', item: 1 } })).body).toMatchObject({
      field: 'target',
    });
    expect((await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: 99999999 } })).status).toBe(404);
  });

  test('comments take one level of replies and list as a thread', async () => {
    const m = await t.member();
    const other = await t.member();
    const id = await newPost(m.token);
    expect((await t.call('POST', '/api/comment', { body: { board: id, content: '익명' } })).status).toBe(401);
    const top = (await t.call('POST', '/api/comment', { token: m.token, body: { board: id, content: '첫 댓글' } })).body.id;
    const reply = (await t.call('POST', '/api/comment', { token: other.token, body: { board: id, parent: top, content: '답글입니다' } }))
      .body.id;
    const deep = await t.call('POST', '/api/comment', { token: m.token, body: { board: id, parent: reply, content: '답글의 답글' } });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ field: 'parent' });
    expect((await t.call('POST', '/api/comment', { token: m.token, body: { board: id, content: '' } })).body).toMatchObject({
      field: 'content',
      detail: '댓글을 입력하세요',
    });
    const thread = await t.call('GET', `/api/comment?board=${id}`);
    expect(thread.body).toMatchObject({ code: 'ok', total: 1 });
    expect(thread.body.items[0]).toMatchObject({
      id: top,
      content: '첫 댓글',
      replies: [{ id: reply, content: '답글입니다', parent: top }],
    });
    expect((await getPost(id)).comment).toBe(2);
  });

  test('the author or an admin deletes a comment; one with replies stays as a placeholder', async () => {
    const m = await t.member();
    const other = await t.member();
    const id = await newPost(m.token);
    const top = (await t.call('POST', '/api/comment', { token: m.token, body: { board: id, content: '지울 댓글' } })).body.id;
    const reply = (await t.call('POST', '/api/comment', { token: other.token, body: { board: id, parent: top, content: '남는 답글' } }))
      .body.id;
    expect((await t.call('DELETE', '/api/comment', { token: other.token, body: { id: top } })).status).toBe(403);
    expect((await t.call('DELETE', '/api/comment', { token: m.token, body: { id: top } })).status).toBe(200);
    let thread = (await t.call('GET', `/api/comment?board=${id}`)).body.items;
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ id: top, deleted: 1, content: '', name: '' });
    expect(thread[0].replies[0]).toMatchObject({ id: reply, content: '남는 답글' });
    expect((await getPost(id)).comment).toBe(1);
    // The last reply going takes the placeholder with it.
    const root = await t.root();
    expect((await t.call('DELETE', '/api/comment', { token: root, body: { id: reply } })).status).toBe(200);
    thread = (await t.call('GET', `/api/comment?board=${id}`)).body.items;
    expect(thread).toHaveLength(0);
    expect((await getPost(id)).comment).toBe(0);
    // An admin's delete of someone else's comment is in the audit log; an author's own is not.
    const audit = async (item: number) => (await t.call('GET', `/api/admin/audit?target=comment&item=${item}`, { token: root })).body.items;
    expect(await audit(reply)).toMatchObject([{ action: 'delete', before: { content: '남는 답글' } }]);
    expect(await audit(top)).toEqual([]);
  });

  test('deleting a post takes its comments and likes with it', async () => {
    const m = await t.member();
    const id = await newPost(m.token);
    await t.call('POST', '/api/comment', { token: m.token, body: { board: id, content: '댓글' } });
    await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: id } });
    await t.call('DELETE', '/api/board', { token: m.token, body: { id } });
    expect((await t.call('GET', '/api/like?target=board', { token: m.token })).body.total).toBe(0);
    const left = await t.deps.db.selectFrom('comment').select('id').where('board', '=', id).execute();
    expect(left).toHaveLength(0);
  });

  test('a view counts once per visitor per 24 hours; bots are not counted', async () => {
    const m = await t.member();
    const id = await newPost(m.token);
    const first = await t.call('GET', `/api/board/${id}`);
    expect(first.body.item.count).toBe(1);
    const vid = /vid=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(vid).toBeTruthy();
    expect((await t.call('GET', `/api/board/${id}`, { cookie: `vid=${vid}` })).body.item.count).toBe(1);
    expect((await t.call('GET', `/api/board/${id}`, { token: m.token })).body.item.count).toBe(2);
    expect((await t.call('GET', `/api/board/${id}`, { token: m.token })).body.item.count).toBe(2);
    // Once the visits are written, a returning visitor still sees the same number.
    await flushViews(t.deps);
    expect((await t.call('GET', `/api/board/${id}`, { token: m.token })).body.item.count).toBe(2);
    await flushViews(t.deps);
    expect((await t.call('GET', `/api/board/${id}`, { cookie: `vid=${vid}` })).body.item.count).toBe(2);
    expect(
      (await t.call('GET', `/api/board/${id}`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } })).body.item.count,
    ).toBe(2);
    // A day later the same visitor counts again.
    await flushViews(t.deps);
    await t.deps.db
      .updateTable('views')
      .set({ date: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('item', '=', id)
      .execute();
    expect((await t.call('GET', `/api/board/${id}`, { cookie: `vid=${vid}` })).body.item.count).toBe(3);
  });

  test('without the visitor cookie a view counts once per address and item per day; with one as before', async () => {
    const m = await t.member();
    const id = await newPost(m.token);
    const other = await newPost(m.token);
    // A script that never keeps cookies: thirty reads from one address are one view.
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await t.call('GET', `/api/board/${id}`, { ip: '198.51.100.7' }));
    expect(answers.map((a) => a.body.item.count)).toEqual(Array(30).fill(1));
    await flushViews(t.deps);
    expect((await getPost(id)).count).toBe(1);
    // Another address is another visitor; the same address on another item counts there.
    expect((await t.call('GET', `/api/board/${id}`, { ip: '198.51.100.8' })).body.item.count).toBe(2);
    expect((await t.call('GET', `/api/board/${other}`, { ip: '198.51.100.7' })).body.item.count).toBe(1);
    // The browser that keeps the cookie the first read gave is the visitor already counted.
    const vid = /vid=([^;]+)/.exec(answers[0]?.headers.get('set-cookie') ?? '')?.[1];
    expect(vid).toBeTruthy();
    expect((await t.call('GET', `/api/board/${id}`, { ip: '198.51.100.9', cookie: `vid=${vid}` })).body.item.count).toBe(2);
    // A visitor with a cookie of their own counts once, whatever their address.
    for (const ip of ['198.51.100.7', '198.51.100.10'])
      expect((await t.call('GET', `/api/board/${id}`, { ip, cookie: `vid=own-cookie-${id}-abcdefghij` })).body.item.count).toBe(3);
    // A day later the address counts again. Its visits are kept under a keyed hash, not as typed.
    await flushViews(t.deps);
    const kept = await t.deps.db.selectFrom('views').select('visitor').where('item', '=', id).execute();
    expect(kept.map((v) => v.visitor).join(' ')).not.toContain('198.51.100');
    await t.deps.db
      .updateTable('views')
      .set({ date: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('item', '=', id)
      .execute();
    expect((await t.call('GET', `/api/board/${id}`, { ip: '198.51.100.7' })).body.item.count).toBe(4);
  });

  test('views written while members comment and like: every write succeeds and every count is exact', async () => {
    const author = await t.member();
    const ids = [await newPost(author.token), await newPost(author.token)];
    const members = await Promise.all(Array.from({ length: 20 }, () => t.member()));
    // 300 first visits by distinct visitors, queued and written in several flushes, while members
    // comment and like the same posts (on SQLite, the view writes run on the second connection).
    const visits = Array.from({ length: 300 }, (_, i) => ({ id: ids[i % 2] as number, cookie: `vid=crowd-${ids[0]}-${i}-abcdefghijkl` }));
    const answers = await Promise.all([
      ...visits.map((v) => t.call('GET', `/api/board/${v.id}`, { cookie: v.cookie })),
      ...members.map((m, i) => t.call('POST', '/api/comment', { token: m.token, body: { board: ids[i % 2], content: `동시 댓글 ${i}` } })),
      ...members.map((m) => t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: ids[0] } })),
      flushViews(t.deps).then(() => ({ status: 200 })),
    ]);
    for (const a of answers) expect(a.status).toBe(200);
    await flushViews(t.deps);
    const stored = await t.deps.db.selectFrom('board').select(['count', 'comment', 'like']).where('id', 'in', ids).orderBy('id').execute();
    expect(stored).toEqual([
      { count: 150, comment: 10, like: 20 },
      { count: 150, comment: 10, like: 0 },
    ]);
  });

  test('visits to many items, written together, raise each item by its own number', async () => {
    const m = await t.member();
    const ids = [await newPost(m.token), await newPost(m.token), await newPost(m.token)];
    const visitors = ['a', 'b', 'c'].map((k) => `vid=visitor-${k}-${ids[0]}-abcdefghij`);
    // Item i is seen by i + 1 visitors; the same visitor twice counts once.
    for (const [i, id] of ids.entries()) {
      for (const cookie of visitors.slice(0, i + 1)) {
        await t.call('GET', `/api/board/${id}`, { cookie });
        await t.call('GET', `/api/board/${id}`, { cookie });
      }
    }
    await flushViews(t.deps);
    const stored = await t.deps.db.selectFrom('board').select(['id', 'count']).where('id', 'in', ids).orderBy('id').execute();
    expect(stored.map((r) => r.count)).toEqual([1, 2, 3]);
    for (const [i, id] of ids.entries())
      expect((await t.call('GET', `/api/board/${id}`, { cookie: visitors[0] })).body.item.count).toBe(i + 1);
  });

  test('visits older than a day are cleared in batches; recent ones stay', async () => {
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    const recent = new Date().toISOString();
    // More old visits than one batch (5,000) twice over.
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ target: 'board', item: 900_000 + i, visitor: 'a-old-visitor', date: old }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.deps.db
        .insertInto('views')
        .values(rows.slice(i, i + 1000))
        .execute();
    await t.deps.db
      .insertInto('views')
      .values([1, 2, 3].map((i) => ({ target: 'jobs', item: 900_000 + i, visitor: 'a-new-visitor', date: recent })))
      .execute();
    await pruneViews(t.deps);
    const left = await t.deps.db.selectFrom('views').select(['visitor', 'date']).where('item', '>=', 900_000).execute();
    expect(left).toHaveLength(3);
    expect(left.every((v) => v.visitor === 'a-new-visitor')).toBe(true);
  });
});
