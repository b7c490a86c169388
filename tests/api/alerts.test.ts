import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { matchNewItems, sendDailyDigests } from '#server/modules/alert/alert.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Keyword alerts (키워드 알림): what search finds, alerts find; once per member and item, never for
// one's own item nor for an edit; matched in the background round, mailed at once or daily.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The first round starts the cursors at the newest items.
  await matchNewItems(t.deps);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

async function follow(m: Member, keyword: string, fields: Record<string, unknown> = {}) {
  return t.call('POST', '/api/alert', { token: m.token, body: { keyword, ...fields } });
}

async function post(m: Member, title: string, content = '<p>내용</p>', topcategory = 5): Promise<number> {
  const res = await t.call('POST', '/api/board', { token: m.token, body: { topcategory, title, content, price: 100 } });
  expect(res.status).toBe(200);
  return res.body.id;
}

const keywordNotices = async (m: Member) =>
  (
    (await t.call('GET', '/api/notification?size=100', { token: m.token })).body.items as {
      kind: string;
      keyword: string;
      title: string;
      link: string;
    }[]
  ).filter((n) => n.kind === 'keyword');

describe('keyword alerts', () => {
  test('a member lists, adds and removes keywords; 20 at most, 1-30 characters, each once', async () => {
    const m = await t.member();
    const other = await t.member();
    expect((await t.call('GET', '/api/alert')).status).toBe(401);
    const added = await follow(m, '렌트', { section: 'market', mail: 'daily' });
    expect(added.status).toBe(200);
    expect((await t.call('GET', '/api/alert', { token: m.token })).body).toMatchObject({
      code: 'ok',
      total: 1,
      items: [{ id: added.body.id, keyword: '렌트', section: 'market', mail: 'daily' }],
    });
    expect((await follow(m, '렌트', { section: 'market' })).body).toMatchObject({ message: 'already', field: 'keyword' });
    expect((await follow(m, '')).body.field).toBe('keyword');
    expect((await follow(m, '가'.repeat(31))).body.field).toBe('keyword');
    expect((await follow(m, '!!!')).body.field).toBe('keyword');
    expect((await follow(m, '렌트', { section: 'faq' })).body.field).toBe('section');
    expect((await follow(m, '렌트', { mail: 'hourly' })).body.field).toBe('mail');
    for (let i = 1; i < 20; i++) expect((await follow(m, `키워드${i}`)).status).toBe(200);
    const over = await follow(m, '스물한번째');
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe('키워드는 20개까지 등록할 수 있습니다');
    // Another member neither sees nor removes mine.
    expect((await t.call('GET', '/api/alert', { token: other.token })).body.total).toBe(0);
    expect((await t.call('DELETE', '/api/alert', { token: other.token, body: { id: added.body.id } })).status).toBe(404);
    expect((await t.call('DELETE', '/api/alert', { token: m.token, body: { id: added.body.id } })).status).toBe(200);
    expect((await t.call('GET', '/api/alert', { token: m.token })).body.total).toBe(19);
  });

  test('a keyword of lone jamo (ㄱ, ㅋㅋ, ㅏ) is refused in Korean at the field: it never matches a word', async () => {
    const m = await t.member();
    for (const keyword of ['ㄱ', 'ㅋㅋ', 'ㅏ', 'ㄱ ㄴ']) {
      const res = await follow(m, keyword);
      expect(res.status, keyword).toBe(400);
      expect(res.body, keyword).toMatchObject({
        code: 'error',
        message: 'invalid',
        field: 'keyword',
        detail: '자음이나 모음만으로는 키워드를 등록할 수 없습니다. 완성된 글자로 입력하세요',
      });
    }
    // A word beside them is a keyword as search reads it.
    expect((await follow(m, '자전거 ㄱ')).status).toBe(200);
    expect((await follow(m, 'ㄱ자')).status).toBe(200);
  });

  test('a new matching item tells each subscriber once, in the background; never its author, never for an edit', async () => {
    const [a, b, writer] = await Promise.all([t.member(), t.member(), t.member()]);
    await follow(a, '렌트는');
    await follow(a, '렌트');
    await follow(b, '간호사', { section: 'jobs' });
    await follow(writer, '렌트');
    const id = await post(writer, '한인타운 렌트 구합니다');
    // Nothing in the writer's request: the background round tells.
    expect(await keywordNotices(a)).toEqual([]);
    expect(await matchNewItems(t.deps)).toBe(1);
    const notices = await keywordNotices(a);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: '한인타운 렌트 구합니다', link: `/community/${id}` });
    // It names a keyword of theirs that matched (both did: one notice).
    expect(['렌트는', '렌트']).toContain(notices[0]?.keyword);
    expect(await keywordNotices(writer)).toEqual([]);
    expect(await keywordNotices(b)).toEqual([]);

    // An edit is no new item; a second round finds nothing new.
    await t.call('PUT', '/api/board', { token: writer.token, body: { id, title: '한인타운 렌트 구합니다 (수정)' } });
    expect(await matchNewItems(t.deps)).toBe(0);
    expect(await keywordNotices(a)).toHaveLength(1);

    // A section narrows: 간호사 in jobs only.
    await post(writer, '간호사 모임 안내');
    const job = (await t.call('POST', '/api/jobs', { token: writer.token, body: { title: '정규직 간호사 구인' } })).body.id;
    await matchNewItems(t.deps);
    expect((await keywordNotices(b)).map((n) => n.link)).toEqual([`/jobs/${job}`]);
  });

  test('a removed keyword tells nobody any more', async () => {
    const [m, stays, writer] = await Promise.all([t.member(), t.member(), t.member()]);
    const id = (await follow(m, '피아노')).body.id;
    await follow(stays, '피아노');
    await t.call('DELETE', '/api/alert', { token: m.token, body: { id } });
    await post(writer, '피아노 레슨 합니다');
    await matchNewItems(t.deps);
    expect(await keywordNotices(m)).toEqual([]);
    expect(await keywordNotices(stays)).toHaveLength(1);
  });

  test('a member who leaves the site takes their keywords and notifications along', async () => {
    const [leaver, stays, writer] = await Promise.all([t.member(), t.member(), t.member()]);
    await follow(leaver, '첼로', { mail: 'daily' });
    await follow(stays, '첼로');
    await post(writer, '첼로 팝니다');
    await matchNewItems(t.deps);
    expect(await keywordNotices(leaver)).toHaveLength(1);
    expect((await t.call('DELETE', '/api/user', { token: leaver.token, body: { id: leaver.id, passwd: leaver.passwd } })).status).toBe(200);
    const left = async (table: 'alerts' | 'notifications' | 'alert_digest') =>
      (await t.deps.db.selectFrom(table).select('id').where('user', '=', leaver.id).execute()).length;
    expect([await left('alerts'), await left('notifications'), await left('alert_digest')]).toEqual([0, 0, 0]);
    expect(await keywordNotices(stays)).toHaveLength(1);
  });

  test('a keyword followed by thousands tells each of them once', async () => {
    const writer = await t.member();
    // Followers written directly: 2,500 members' worth of one keyword (accounts are not needed).
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      user: 1_000_000 + i,
      keyword: '바이올린',
      section: '',
      mail: 'none',
      key: '바이',
      date: new Date().toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.deps.db
        .insertInto('alerts')
        .values(rows.slice(i, i + 500))
        .execute();
    await t.deps.db.insertInto('alert_words').values({ keyword: '바이올린', key: '바이' }).execute();
    const id = await post(writer, '바이올린 중고 팝니다', '<p>상태 좋아요</p>', 4);
    expect(await matchNewItems(t.deps)).toBe(2500);
    const told = await t.deps.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'keyword')
      .where('item', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(told.n)).toBe(2500);
  });

  test('matching reads like search: particles, two-syllable words, Latin words, all words', async () => {
    const [m, writer] = await Promise.all([t.member(), t.member()]);
    for (const k of ['김치를', 'costco', '이사 견적', '밥']) await follow(m, k);
    const hits = [
      await post(writer, '맛있는 김치 나눔'),
      await post(writer, 'Costco 회원권 양도'),
      await post(writer, '견적 문의', '<p>다음 달 이사 예정입니다</p>'),
      await post(writer, '한식 밥집 추천'),
    ];
    const misses = [await post(writer, 'costcos 아님'), await post(writer, '이사만 합니다')];
    await matchNewItems(t.deps);
    const linked = (await keywordNotices(m)).map((n) => Number(n.link.split('/').at(-1)));
    expect(linked.sort()).toEqual([...hits].sort());
    for (const miss of misses) expect(linked).not.toContain(miss);
    // The search page finds the same items for the same words.
    for (const q of ['김치를', 'costco']) {
      const found = await t.call('GET', `/api/search?q=${encodeURIComponent(q)}&section=community`);
      const ids = found.body.groups[0].items.map((i: { item: number }) => i.item);
      expect(ids.some((i: number) => hits.includes(i))).toBe(true);
      for (const miss of misses) expect(ids).not.toContain(miss);
    }
  });

  test('e-mail at once, or one daily digest, through the mail queue', async () => {
    const [instant, daily, writer] = await Promise.all([t.member(), t.member(), t.member()]);
    await follow(instant, '중고차', { mail: 'instant' });
    await follow(daily, '중고차', { mail: 'daily' });
    await post(writer, '중고차 팝니다', '<p>2015년식</p>', 4);
    await post(writer, '중고차 삽니다', '<p>상태 좋은 차</p>', 4);
    await matchNewItems(t.deps);
    const now = await t.smtp.mailTo(instant.loginid, '중고차 팝니다');
    expect(now?.subject).toContain('키워드 "중고차"');
    expect(t.smtp.messagesTo(daily.loginid)).toEqual([]);
    expect(await sendDailyDigests(t.deps)).toBe(1);
    const digest = await t.smtp.mailTo(daily.loginid, '오늘의 키워드 알림 2건');
    expect(digest?.text).toContain('중고차 팝니다');
    expect(digest?.text).toContain('중고차 삽니다');
    // Sent once: the next day's digest has nothing of these.
    expect(await sendDailyDigests(t.deps)).toBe(0);
  });
});
