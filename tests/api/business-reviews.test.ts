import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Business reviews (PRODUCT.md "Members and trust"): a rating and a text, once per member and
// business, not on one's own; the owner answers once; the business carries the average and the
// count and its list sorts by them; a young account's review, or the sixth within a day on one
// business, waits on the review queue before it counts (with a moved clock).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;
type Member = { id: number; token: string; loginid: string; passwd: string };

/** Moves the clock on and logs the members in again (their sessions would have run out). */
async function later(ms: number, members: Member[]): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
  await Promise.all(
    members.map(async (m) => {
      m.token = await t.login(m.loginid, m.passwd);
    }),
  );
}

async function business(owner: Member, title = '서울 감자탕'): Promise<number> {
  const res = await t.call('POST', '/api/business', { token: owner.token, body: { title, category: '식당', content: '<p>맛집</p>' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

const review = (m: Member, id: number, body: object) => t.call('POST', `/api/business/${id}/review`, { token: m.token, body });
const item = async (id: number) => (await t.call('GET', `/api/business/${id}`)).body.item;

describe('business reviews', () => {
  test('once per member, not on one’s own; the average and count; the owner answers once', async () => {
    const [owner, a, b] = [await t.member(), await t.member(), await t.member()];
    await later(8 * DAY, [owner, a, b]);
    const id = await business(owner);
    expect((await review(owner, id, { rating: 5, content: '내 가게 최고입니다 정말로요' })).status).toBe(403);
    const first = await review(a, id, { rating: 5, content: '국물이 진하고 친절해요 👍' });
    expect(first.body).toEqual({ code: 'ok', id: expect.any(Number) });
    expect((await review(b, id, { rating: 4, content: '양이 많고 가격도 괜찮아요' })).status).toBe(200);
    const again = await review(a, id, { rating: 1, content: '두 번째 후기를 써 봅니다' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('already');
    for (const body of [
      { rating: 6, content: '열 글자가 넘는 후기입니다' },
      { rating: 0, content: '열 글자가 넘는 후기입니다' },
      { rating: 3, content: '짧아요' },
      { rating: 3, content: '가'.repeat(1001) },
    ]) {
      expect((await review(b, id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await item(id)).toMatchObject({ rating: 4.5, reviews: 2 });

    const listed = await t.call('GET', `/api/business/${id}/review`);
    expect(listed.body.items.map((r: { rating: number }) => r.rating)).toEqual([4, 5]);
    const reply = (m: Member, body: object) => t.call('PUT', `/api/review/${first.body.id}/reply`, { token: m.token, body });
    expect((await reply(a, { content: '감사합니다' })).status).toBe(403);
    expect((await reply(owner, { content: '찾아 주셔서 감사합니다' })).status).toBe(200);
    expect((await reply(owner, { content: '한 번 더' })).status).toBe(400);
    const answered = (await t.call('GET', `/api/business/${id}/review`)).body.items.find((r: { id: number }) => r.id === first.body.id);
    expect(answered).toMatchObject({ reply: '찾아 주셔서 감사합니다', content: '국물이 진하고 친절해요 👍' });

    // The list sorts by the average.
    const other = await business(owner, '부산 돼지국밥');
    expect((await review(b, other, { rating: 2, content: '조금 짰어요 다음엔 싱겁게' })).status).toBe(200);
    const sorted = await t.call('GET', `/api/business?sort=-rating&user=${owner.id}`);
    expect(sorted.body.items.map((r: { id: number }) => r.id)).toEqual([id, other]);
  });

  test('a young account’s review waits on the queue (검토 중 to its author) until an admin approves it', async () => {
    const owner = await t.member();
    const young = await t.member();
    const id = await business(owner);
    const held = await review(young, id, { rating: 1, content: '새로 가입했는데 별로였어요' });
    expect(held.body).toEqual({ code: 'ok', id: expect.any(Number), held: true });
    expect(await item(id)).toMatchObject({ rating: 0, reviews: 0 });
    expect((await t.call('GET', `/api/business/${id}/review`)).body.items).toEqual([]);
    const mine = (await t.call('GET', `/api/business/${id}/review`, { token: young.token })).body.items;
    expect(mine).toEqual([expect.objectContaining({ id: held.body.id, held: true })]);

    const admin = await t.root();
    const queue = (await t.call('GET', '/api/admin/queue', { token: admin })).body.items;
    expect(queue).toContainEqual(expect.objectContaining({ target: 'review', item: held.body.id, reason: 'newmember' }));
    const decided = await t.call('PUT', '/api/admin/queue', {
      token: admin,
      body: { target: 'review', item: held.body.id, action: 'approve' },
    });
    expect(decided.status).toBe(200);
    expect(await item(id)).toMatchObject({ rating: 1, reviews: 1 });

    // Seven days on, the same kind of account's review counts at once.
    const other = await t.member();
    await later(7 * DAY + 60_000, [other]);
    expect((await review(other, id, { rating: 3, content: '일주일 지나서 씁니다' })).body.held).toBeUndefined();
  });

  test('the sixth review within 24 hours on one business waits; a day later they count again', async () => {
    const [owner, admin] = [await t.member(), await t.member({ level: 3 })];
    const members = [owner, ...(await Promise.all(Array.from({ length: 6 }, () => t.member())))];
    const [late, last] = await Promise.all([t.member(), t.member()]);
    await later(8 * DAY, [...members, admin, late, last]);
    const id = await business(owner);
    const answers = [];
    for (const m of members.slice(1, 7)) answers.push((await review(m, id, { rating: 4, content: '괜찮은 가게였습니다' })).body);
    expect(answers.map((a) => a.held ?? false)).toEqual([false, false, false, false, false, true]);
    const queue = (await t.call('GET', '/api/admin/queue', { token: admin.token })).body.items;
    expect(queue).toContainEqual(expect.objectContaining({ target: 'review', item: answers[5].id, reason: 'burst' }));
    expect(await item(id)).toMatchObject({ reviews: 5 });
    // Held ones count toward the burst too; a day later the window is empty.
    expect((await review(late, id, { rating: 4, content: '괜찮은 가게였습니다' })).body.held).toBe(true);
    await later(DAY + 60_000, [last]);
    expect((await review(last, id, { rating: 4, content: '괜찮은 가게였습니다' })).body.held).toBeUndefined();
  }, 120_000); // nine accounts and their logins on a shared machine
});

describe('reporting a business review', () => {
  test('members report a review; once held it no longer counts, and an admin restores or deletes it', async () => {
    const [owner, a, b, admin] = [await t.member(), await t.member(), await t.member(), await t.member({ level: 3 })];
    const reporters = await Promise.all(Array.from({ length: t.deps.env.REPORT_HIDE_AT }, () => t.member()));
    await later(8 * DAY, [owner, a, b, admin, ...reporters]);
    const id = await business(owner, '신고될 후기의 식당');
    const bad = await review(a, id, { rating: 1, content: '광고 문의는 카톡 아이디 abc123 으로 주세요 📢' });
    expect((await review(b, id, { rating: 5, content: '반찬이 깔끔하고 사장님이 친절해요' })).status).toBe(200);
    expect(await item(id)).toMatchObject({ rating: 3, reviews: 2 });

    const report = (m: Member) =>
      t.call('POST', '/api/report', { token: m.token, body: { target: 'review', item: bad.body.id, reason: 'spam' } });
    expect((await report(a)).status).toBe(400);
    for (const [n, r] of reporters.entries()) {
      expect((await report(r)).status).toBe(200);
      // Once each; the last one's report holds it, and a held review is not found by others.
      if (n === 0) expect((await report(r)).body.message).toBe('already');
    }
    expect((await report(reporters[0] as Member)).status).toBe(404);
    // Held for review: out of the average and count, out of the list but for its author (검토 중).
    expect(await item(id)).toMatchObject({ rating: 5, reviews: 1 });
    const listed = (m?: Member) => t.call('GET', `/api/business/${id}/review`, m ? { token: m.token } : {});
    expect((await listed()).body.items.map((r: { id: number }) => r.id)).not.toContain(bad.body.id);
    expect((await listed(a)).body.items).toContainEqual(expect.objectContaining({ id: bad.body.id, held: true }));

    const reports = (await t.call('GET', '/api/admin/report', { token: admin.token })).body.items;
    expect(reports).toContainEqual(
      expect.objectContaining({ target: 'review', item: bad.body.id, link: `/business/${id}#review-${bad.body.id}`, hidden: 2 }),
    );
    const decide = (action: string) =>
      t.call('POST', `/api/admin/report/${action}`, { token: admin.token, body: { target: 'review', item: bad.body.id } });
    expect((await decide('restore')).status).toBe(200);
    expect(await item(id)).toMatchObject({ rating: 3, reviews: 2 });
    expect((await decide('delete')).status).toBe(200);
    expect(await item(id)).toMatchObject({ rating: 5, reviews: 1 });
    expect((await listed(a)).body.items.map((r: { id: number }) => r.id)).not.toContain(bad.body.id);
  }, 120_000); // eight accounts and their logins on a shared machine
});
