import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WRITE_LIMITS } from '#server/lib/rate-limit.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Per-member write limits (security review: 30 posts and 30 comments in a few seconds all went
// through, a burst made ~1,200 posts) and the upload quota, with the limits on as in production.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WRITE_LIMITS: '1', UPLOAD_QUOTA_MB: '1' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

/** A member whose account is two days old: past the first day's smaller budget. */
async function establishedMember(): Promise<Member> {
  const m = await t.member();
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
  await t.deps.db.updateTable('users').set({ date: twoDaysAgo }).where('id', '=', m.id).execute();
  return m;
}

const post = (m: Member, title = '글') =>
  t.call('POST', '/api/board', { token: m.token, body: { title, content: '<p>글</p>', topcategory: 2 } });

function expectRefused(answer: Awaited<ReturnType<TestApp['call']>>, said: RegExp) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ code: 'error', message: 'too many requests' });
  expect(answer.body.detail).toMatch(said);
  const wait = Number(answer.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
}

async function postCount(user: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('board')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user', '=', user)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a member writes within a budget per minute and per day', () => {
  test("an account's first day: a few posts a minute, then 429 with Retry-After and a Korean reason", async () => {
    const m = await t.member();
    const { minute } = WRITE_LIMITS.post.newcomer;
    for (let i = 0; i < minute; i++) expect((await post(m, `새 글 ${i}`)).status).toBe(200);
    expectRefused(await post(m), /^가입 첫날에는 글은 1분에 \d+개까지 올릴 수 있습니다\. \d+(초|분) 후에 다시 시도하세요$/);
    expect(await postCount(m.id)).toBe(minute);
    // The budget is the member's own: another member still posts.
    expect((await post(await t.member())).status).toBe(200);
  });

  test('an older account gets the larger budget; a batch counts every item and is refused whole', async () => {
    const m = await establishedMember();
    const { minute } = WRITE_LIMITS.post.established;
    expect(minute).toBeGreaterThan(WRITE_LIMITS.post.newcomer.minute);
    const batch = Array.from({ length: minute + 1 }, (_, i) => ({ title: `묶음 ${i}`, content: '<p>묶음</p>', topcategory: 2 }));
    expectRefused(await t.call('POST', '/api/board/batch', { token: m.token, body: batch }), /^글은 1분에/);
    expect(await postCount(m.id)).toBe(0);
    for (let i = 0; i < minute; i++) expect((await post(m, `글 ${i}`)).status, `post ${i}`).toBe(200);
    expectRefused(await post(m), /^글은 1분에 \d+개까지 올릴 수 있습니다/);
  });

  test('comments and likes have budgets of their own', async () => {
    const author = await establishedMember();
    const board = (await post(author)).body.id as number;
    const m = await t.member();
    for (let i = 0; i < WRITE_LIMITS.comment.newcomer.minute; i++) {
      expect((await t.call('POST', '/api/comment', { token: m.token, body: { board, content: `댓글 ${i}` } })).status).toBe(200);
    }
    expectRefused(await t.call('POST', '/api/comment', { token: m.token, body: { board, content: '하나 더' } }), /댓글은 1분에/);
    // Liking and taking it back are both writes.
    for (let i = 0; i < WRITE_LIMITS.like.newcomer.minute; i++) {
      expect((await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: board } })).status).toBe(200);
    }
    expectRefused(await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: board } }), /좋아요는 1분에/);
  });

  test('a refused input costs nothing', async () => {
    const m = await t.member();
    for (let i = 0; i < 10; i++)
      expect((await t.call('POST', '/api/board', { token: m.token, body: { topcategory: 2 } })).status).toBe(400);
    expect((await post(m)).status).toBe(200);
  });

  test('staff and admins are exempt', async () => {
    for (const level of [2, 3]) {
      const trusted = await t.member({ level });
      for (let i = 0; i < WRITE_LIMITS.post.established.minute + 5; i++) expect((await post(trusted)).status, `level ${level}`).toBe(200);
    }
  });
});

describe('uploads', () => {
  async function upload(token: string, files: Buffer[]) {
    const form = new FormData();
    for (const [i, data] of files.entries()) form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), `사진${i}.png`);
    const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  }
  const small = () =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  /** Noise does not compress: a few hundred kB stored. */
  const large = () =>
    sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 400, height: 400, channels: 3 },
    })
      .png()
      .toBuffer();

  test('count files, not requests, against the budget', async () => {
    const m = await t.member();
    const png = await small();
    const { minute } = WRITE_LIMITS.upload.newcomer;
    expect((await upload(m.token, Array(minute).fill(png))).status).toBe(200);
    expectRefused(await upload(m.token, [png]), /^가입 첫날에는 사진은 1분에/);
  });

  test("a member's uploads fill at most UPLOAD_QUOTA_MB; the refusal says so in Korean and stores nothing", async () => {
    const m = await establishedMember();
    const big = await large();
    let stored = 0;
    let over: Awaited<ReturnType<typeof upload>> | undefined;
    for (let i = 0; i < 20 && !over; i++) {
      const answer = await upload(m.token, [big]);
      if (answer.status === 200) stored += answer.body.items[0].size;
      else over = answer;
    }
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(1024 * 1024);
    expect(over?.status).toBe(413);
    expect(over?.body).toMatchObject({ code: 'error', message: 'too large', field: 'file' });
    expect(over?.body.detail).toMatch(/^업로드 용량 1MB를 넘습니다/);
    const rows = await t.deps.db.selectFrom('upload').select(['size']).where('user', '=', m.id).execute();
    expect(rows.reduce((sum, r) => sum + r.size, 0)).toBe(stored);
    // Another member has a quota of their own.
    expect((await upload((await establishedMember()).token, [big])).status).toBe(200);
  });
});
