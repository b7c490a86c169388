import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { matchNewItems, sendDailyDigests } from '#server/modules/alert/alert.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Security round three: an item held by members' reports (or hidden by a moderator) reaches no
// other member on any path: not through keyword notifications already made, not through the next
// daily digest, not as a title in 좋아요한 글, and a held comment takes no replies.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The first round starts the alert cursors at the newest items.
  await matchNewItems(t.deps);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

async function holdByReports(target: string, item: number): Promise<void> {
  const reporters = await Promise.all([t.member(), t.member(), t.member()]);
  for (const r of reporters) {
    const res = await t.call('POST', '/api/report', { token: r.token, body: { target, item, reason: 'privacy' } });
    expect(res.status).toBe(200);
  }
}

async function post(m: Member, title: string, topcategory = 4): Promise<number> {
  const res = await t.call('POST', '/api/board', { token: m.token, body: { topcategory, title, price: 10, content: '<p>내용</p>' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

const titlesOf = async (m: Member) =>
  ((await t.call('GET', '/api/notification', { token: m.token })).body.items as { title: string }[]).map((n) => n.title);

describe('held means held', () => {
  test("a held post's title leaves keyword notifications and the next daily digest", async () => {
    const [follower, writer] = await Promise.all([t.member(), t.member()]);
    expect((await t.call('POST', '/api/alert', { token: follower.token, body: { keyword: '전기밥솥', mail: 'daily' } })).status).toBe(200);
    const exposed = await post(writer, '전기밥솥 팝니다 홍길동 010-1234-5678');
    await post(writer, '전기밥솥 새것 팝니다');
    expect(await matchNewItems(t.deps)).toBe(2);
    expect(await titlesOf(follower)).toHaveLength(2);

    await holdByReports('board', exposed);
    expect(await titlesOf(follower)).toEqual(['전기밥솥 새것 팝니다']);
    expect((await t.call('GET', '/api/notification', { token: follower.token })).body.unread).toBe(1);
    expect(await sendDailyDigests(t.deps)).toBe(1);
    const digest = await t.smtp.mailTo(follower.loginid, '오늘의 키워드 알림');
    expect(digest?.text).toContain('전기밥솥 새것 팝니다');
    expect(digest?.text).not.toContain('010-1234-5678');
  });

  test('a post hidden by a moderator leaves them too', async () => {
    const [follower, writer] = await Promise.all([t.member(), t.member()]);
    await t.call('POST', '/api/alert', { token: follower.token, body: { keyword: '캠핑의자' } });
    const id = await post(writer, '캠핑의자 팝니다');
    await matchNewItems(t.deps);
    expect(await titlesOf(follower)).toEqual(['캠핑의자 팝니다']);
    const hidden = await t.call('POST', '/api/admin/moderate', {
      token: await t.root(),
      body: { target: 'board', ids: [id], action: 'hide' },
    });
    expect(hidden.status).toBe(200);
    expect(await titlesOf(follower)).toEqual([]);
  });

  test("좋아요한 글 keeps a held post's place without its title or image; its author still sees it", async () => {
    const [liker, writer] = await Promise.all([t.member(), t.member()]);
    const id = await post(writer, '김민수 주민번호 노출된 글');
    expect((await t.call('POST', '/api/like', { token: liker.token, body: { target: 'board', item: id } })).status).toBe(200);
    expect((await t.call('POST', '/api/like', { token: writer.token, body: { target: 'board', item: id } })).status).toBe(200);
    await holdByReports('board', id);
    const mine = (m: Member) => t.call('GET', '/api/like', { token: m.token });
    const liked = await mine(liker);
    expect(liked.body.total).toBe(1);
    expect(liked.body.items[0]).toMatchObject({ target: 'board', item: id });
    expect(liked.body.items[0].title).toBeUndefined();
    expect(liked.body.items[0].image).toBeUndefined();
    expect(JSON.stringify(liked.body)).not.toContain('주민번호');
    expect((await mine(writer)).body.items[0].title).toBe('김민수 주민번호 노출된 글');
  });

  test('a held comment takes no replies, and its notices to others go', async () => {
    const [writer, commenter, replier] = await Promise.all([t.member(), t.member(), t.member()]);
    const board = await post(writer, '질문 있습니다', 5);
    const comment = await t.call('POST', '/api/comment', {
      token: commenter.token,
      body: { board, content: '연락처 010-9999-0000 으로 주세요' },
    });
    expect(comment.status).toBe(200);
    expect(await titlesOf(writer)).toEqual(['질문 있습니다']);
    await holdByReports('comment', comment.body.id);
    expect(await titlesOf(writer)).toEqual([]);
    const reply = await t.call('POST', '/api/comment', { token: replier.token, body: { board, parent: comment.body.id, content: '답글' } });
    expect(reply).toMatchObject({ status: 404, body: { field: 'parent' } });
  });
});
