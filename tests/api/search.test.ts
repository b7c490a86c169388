import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepListings } from '#server/modules/freshness/freshness.service.ts';
import { MAX_EXPANSION } from '#server/modules/search/search.repository.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let staff: { token: string };
let member: { token: string; id: number };
const ids: Record<string, number> = {};

async function post(token: string, key: string, fields: Record<string, unknown>) {
  const res = await t.call('POST', '/api/board', { token, body: { topcategory: 5, title: '제목', ...fields } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  ids[key] = res.body.id;
}

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.member({ level: 2 });
  member = await t.member();
  await post(member.token, 'restaurant', { title: '코리아타운 식당에서 점심', content: '<p>맛있는 김치찌개</p>' });
  await post(member.token, 'moving', {
    title: '토런스 이사 정리',
    content: '<p>가구를 <strong>무료</strong>로 드립니다. Costco 상품권 포함</p>',
  });
  await post(member.token, 'rent', { title: '아파트 정보', content: '<p>한인타운 렌트 문의 받습니다</p>', topcategory: 2 });
  await post(staff.token, 'news', {
    topcategory: 1,
    title: '서울시 한인회 방문',
    etitle: 'Seoul delegation visits LA',
    content: '<p>서울 대표단이 방문했다</p>',
  });
  await post(member.token, 'phrase', { title: '서울 식당 추천', content: '<p>서울식당 말고 다른 곳</p>' });
  await post(member.token, 'hidden', { title: '숨겨질 식당 글', content: '<p>곧 숨깁니다</p>' });
  await t.deps.db
    .updateTable('board')
    .set({ hidden: 1 })
    .where('id', '=', ids.hidden as number)
    .execute();
  // Moderation re-saves the item, which takes it out of the index.
  await t.call('PUT', '/api/board', { token: await t.root(), body: { id: ids.hidden, title: '숨겨질 식당 글' } });
  ids.job = (
    await t.call('POST', '/api/jobs', {
      token: member.token,
      body: { title: '주방 보조 구인', companyname: '서울식당', content: '<p>식당 경력자 우대</p>' },
    })
  ).body.id;
  ids.biz = (
    await t.call('POST', '/api/business', {
      token: member.token,
      body: { title: '한밭 설렁탕', category: '식당', address: '3300 Wilshire Blvd' },
    })
  ).body.id;
  await t.call('POST', '/api/inquiry', { token: member.token, body: { title: '식당 광고 문의', content: '<p>비공개 문의</p>' } });
});
afterAll(() => t.close());

async function items(
  q: string,
  section?: string,
): Promise<{ target: string; item: number; title: string; snippet: string; url: string; closed: boolean }[]> {
  const res = await t.call('GET', `/api/search?q=${encodeURIComponent(q)}${section ? `&section=${section}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.groups.flatMap((g: { items: unknown[] }) => g.items);
}

describe('Korean search (search issue)', () => {
  test('a two-syllable word matches inside longer words, particles included', async () => {
    const found = await items('식당');
    const boardIds = found.filter((i) => i.target === 'board').map((i) => i.item);
    expect(boardIds).toContain(ids.restaurant); // 식당에서
    expect(boardIds).toContain(ids.phrase);
    expect(found.some((i) => i.target === 'jobs' && i.item === ids.job)).toBe(true);
    expect(found.some((i) => i.target === 'business' && i.item === ids.biz)).toBe(true); // its category
  });

  test('one syllable, longer words and words from the text match too', async () => {
    expect((await items('찌')).map((i) => i.item)).toContain(ids.restaurant);
    expect((await items('김치찌개')).map((i) => i.item)).toContain(ids.restaurant);
    expect((await items('렌트')).map((i) => i.item)).toContain(ids.rent);
    expect((await items('이사')).map((i) => i.item)).toContain(ids.moving);
  });

  test('Latin words match case-insensitively, also in the English version', async () => {
    expect((await items('costco')).map((i) => i.item)).toContain(ids.moving);
    expect((await items('SEOUL')).map((i) => i.item)).toContain(ids.news);
  });

  test('a syllable that starts very many indexed words still finds them', async () => {
    await post(member.token, 'manyWords', { title: '뷂뷂 모임 안내', content: '<p>모임 안내</p>' });
    if (t.deps.dialect === 'sqlite') {
      // More words than a query is expanded into: FTS5's own prefix query answers instead.
      const words = Array.from({ length: MAX_EXPANSION + 10 }, (_, i) => `뷂${String.fromCharCode(0xac00 + i)}`);
      await sql`insert or ignore into search_term (term) select value from json_each(${JSON.stringify(words)})`.execute(t.deps.db);
    }
    expect((await items('뷂')).map((i) => i.item)).toEqual([ids.manyWords]);
  });

  test('a post with an English version is found by either title and answered with the two apart', async () => {
    for (const q of ['한인회', 'delegation']) {
      const news = (await items(q, 'news')).find((i) => i.item === ids.news);
      expect(news, q).toMatchObject({ title: '서울시 한인회 방문', etitle: 'Seoul delegation visits LA' });
    }
    const korean = (await items('김치찌개')).find((i) => i.item === ids.restaurant);
    expect(korean && 'etitle' in korean, 'no English title where there is none').toBe(false);
  });

  test('Latin words match whole words only', async () => {
    expect((await items('cost')).map((i) => i.item)).not.toContain(ids.moving);
  });

  test('one syllable matches at the start, inside and at the end of words, and nothing when no word has it', async () => {
    expect((await items('가')).map((i) => i.item)).toContain(ids.moving); // 가구
    expect((await items('구')).map((i) => i.item)).toContain(ids.moving); // 가구를
    expect((await items('찌')).map((i) => i.item)).toContain(ids.restaurant); // 김치찌개
    expect((await items('개')).map((i) => i.item)).toContain(ids.restaurant); // the last syllable of 김치찌개
    expect(await items('뷁')).toEqual([]);
  });

  test('several words mean AND; a quoted phrase matches exactly', async () => {
    expect((await items('토런스 가구')).map((i) => i.item)).toEqual([ids.moving]);
    expect(await items('토런스 김치')).toEqual([]);
    const phrase = (await items('"서울 식당"')).map((i) => i.item);
    expect(phrase).toContain(ids.phrase);
    expect(phrase).not.toContain(ids.job); // 서울식당 (no space) is not the phrase
  });

  test('NFD input matches NFC text', async () => {
    expect((await items('식당'.normalize('NFD'))).length).toBeGreaterThan(0);
  });

  test('title matches come before text matches', async () => {
    const news = await items('방문', 'news');
    expect(news[0]?.item).toBe(ids.news);
    await post(member.token, 'later', { title: '그냥 글', content: '<p>코리아타운 식당 소개</p>' });
    const community = (await items('식당', 'community')).map((i) => i.item);
    // The newer post mentions it only in the text, so the title matches still come first.
    expect(community.indexOf(ids.later as number)).toBeGreaterThan(community.indexOf(ids.restaurant as number));
  });

  test('results are grouped by section with counts, links and snippets', async () => {
    const res = await t.call('GET', `/api/search?q=${encodeURIComponent('식당')}`);
    const groups = Object.fromEntries(res.body.groups.map((g: { key: string }) => [g.key, g]));
    expect(groups.community.total).toBeGreaterThanOrEqual(2);
    expect(groups.jobs.items[0]).toMatchObject({ url: `/jobs/${ids.job}` });
    expect(res.body.words).toEqual(['식당']);
    expect(groups.community.items.find((i: { item: number }) => i.item === ids.restaurant).url).toBe(`/community/${ids.restaurant}`);
  });

  test('hidden items, deleted items and inquiries are never found', async () => {
    const found = await items('식당');
    expect(found.map((i) => i.item)).not.toContain(ids.hidden);
    expect(found.some((i) => i.title.includes('광고 문의'))).toBe(false);
    await t.call('DELETE', '/api/board', { token: member.token, body: { id: ids.restaurant } });
    expect((await items('김치찌개')).map((i) => i.item)).not.toContain(ids.restaurant);
    // A batch delete takes every entry out at once, in each one's own section.
    await post(member.token, 'gone1', { title: '단체삭제 시험 하나', content: '<p>시험</p>' });
    await post(member.token, 'gone2', { title: '단체삭제 시험 둘', content: '<p>시험</p>', topcategory: 2 });
    expect(await items('단체삭제')).toHaveLength(2);
    const batch = await t.call('DELETE', '/api/board/batch', { token: member.token, body: [ids.gone1, ids.gone2] });
    expect(batch.status).toBe(200);
    expect(await items('단체삭제')).toEqual([]);
  });

  test('an edit is found at once under its new words, and no longer under its old ones', async () => {
    await t.call('PUT', '/api/board', { token: member.token, body: { id: ids.rent, title: '아파트 월세 정보' } });
    expect((await items('월세')).map((i) => i.item)).toContain(ids.rent);
    await t.call('PUT', '/api/board', {
      token: member.token,
      body: { id: ids.rent, title: '원룸 전세 정보', content: '<p>보증금 문의</p>' },
    });
    expect((await items('월세')).map((i) => i.item)).not.toContain(ids.rent);
    expect((await items('렌트')).map((i) => i.item)).not.toContain(ids.rent);
    expect((await items('전세')).map((i) => i.item)).toEqual([ids.rent]);
    expect((await items('"보증금 문의"')).map((i) => i.item)).toEqual([ids.rent]);
  });

  test('초성 search finds titles', async () => {
    expect((await items('ㅎㅂ')).some((i) => i.item === ids.biz)).toBe(true);
  });

  test('초성 search matches within a word, never across the gap between two, in /search and in lists', async () => {
    await post(member.token, 'crib', { title: '아기 침대 팝니다', content: '<p>거의 새것</p>', topcategory: 4, price: 100 });
    expect((await items('ㅊㄷ')).map((i) => i.item)).toContain(ids.crib);
    expect((await items('ㅇㄱ ㅍㄴㄷ')).map((i) => i.item)).toContain(ids.crib); // each word in a word of its own
    expect((await items('ㄱㅊ')).map((i) => i.item)).not.toContain(ids.crib);
    expect((await items('ㅇㄱㅊㄷ')).map((i) => i.item)).not.toContain(ids.crib);
    const list = async (q: string) =>
      (await t.call('GET', `/api/board?topcategory=4&keyword=${encodeURIComponent(q)}`)).body.items.map((i: { id: number }) => i.id);
    expect(await list('ㅊㄷ')).toContain(ids.crib);
    expect(await list('ㄱㅊ')).not.toContain(ids.crib);
    const res = await t.call('GET', `/api/search?q=${encodeURIComponent('ㅊㄷ')}`);
    expect(res.body.words, 'the 초성 word is highlighted').toEqual(['ㅊㄷ']);
  });

  test('a list keyword box searches its own section with the same rules', async () => {
    const res = await t.call('GET', `/api/board?topcategory=5&keyword=${encodeURIComponent('식당')}`);
    expect(res.body.items.map((i: { id: number }) => i.id)).toContain(ids.phrase);
    expect(res.body.items.every((i: { topcategory: number }) => i.topcategory === 5)).toBe(true);
    const jobs = await t.call('GET', `/api/jobs?keyword=${encodeURIComponent('식당')}`);
    expect(jobs.body.items.map((i: { id: number }) => i.id)).toContain(ids.job);
  });

  test('closed market listings and jobs are still found, marked closed; a bump takes the mark off', async () => {
    const posted = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', path, { token: member.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id as number;
    };
    const sold = await posted('/api/board', { topcategory: 4, title: '아기 보행기 팝니다', content: '<p>한 달 썼어요</p>', price: 30 });
    const selling = await posted('/api/board', { topcategory: 4, title: '보행기 새것', content: '<p>포장 그대로</p>', price: 50 });
    const job = await posted('/api/jobs', { title: '보행기 매장 직원', content: '<p>주말 근무</p>', limitdate: '2020-01-01' });
    const talk = await posted('/api/board', { topcategory: 5, title: '보행기 언제부터 쓰나요', content: '<p>궁금해요</p>' });
    // Listed 40 days ago and due 10 days ago: the sweep closes it. The job's deadline has passed.
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await t.deps.db
      .updateTable('board')
      .set({ bumpdate: ago(40), expiredate: ago(10) })
      .where('id', '=', sold)
      .execute();
    await sweepListings(t.deps);

    const closedOf = async (section?: string) => Object.fromEntries((await items('보행기', section)).map((i) => [i.item, i.closed]));
    expect(await closedOf()).toEqual({ [sold]: true, [selling]: false, [job]: true, [talk]: false });
    expect(await closedOf('market')).toEqual({ [sold]: true, [selling]: false });
    expect(await closedOf('jobs')).toEqual({ [job]: true });

    expect((await t.call('POST', `/api/board/${sold}/bump`, { token: member.token })).status).toBe(200);
    expect(await closedOf('market')).toEqual({ [sold]: false, [selling]: false });
  });

  test('empty, long, punctuation, SQL- and FTS-operator-looking queries answer sanely', async () => {
    for (const q of [
      '',
      ' ',
      '!!!',
      '"',
      '""',
      '*',
      'NEAR(식당)',
      '식당 OR 1=1',
      "'; drop table board; --",
      '가'.repeat(1000),
      '^식당',
      '식당"*',
      'title:식당',
      '-식당',
    ]) {
      const res = await t.call('GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      const list = await t.call('GET', `/api/board?keyword=${encodeURIComponent(q.slice(0, 200))}`);
      expect(list.status, q).toBe(200);
    }
  });
});

describe('Korean words as typed: particles and compounds', () => {
  beforeAll(async () => {
    await post(member.token, 'rentWord', { title: '렌트 문의', content: '<p>LA 아파트 렌트 어디서 알아보나요</p>' });
    await post(member.token, 'rentParticle', { title: '요즘 렌트는 얼마인가요', content: '<p>궁금합니다</p>' });
    await post(member.token, 'kimchi', { title: '김치 담그는 법', content: '<p>배추 김치와 깍두기</p>' });
    await post(member.token, 'tax', { title: '세금 보고 마감 안내', content: '<p>서류 준비</p>' });
    await post(member.token, 'accountant', { title: '회계사 추천 부탁드립니다', content: '<p>개인 사업자</p>' });
    await post(member.token, 'taekwondo', { title: '아이 태권도 수업 후기', content: '<p>사범님이 친절해요</p>' });
    await post(member.token, 'name', { title: '김지은 선생님 피아노 레슨', content: '<p>초급 환영</p>' });
    await post(member.token, 'otherName', { title: '김지수 원장 인사', content: '<p>새로 왔습니다</p>' });
    await post(member.token, 'going', { title: '마트 가는 길', content: '<p>주차 안내</p>' });
  });

  const found = async (q: string) => (await items(q)).map((i) => i.item);

  test('a particle typed after a word finds the bare word', async () => {
    expect(await found('렌트는')).toEqual(expect.arrayContaining([ids.rentWord, ids.rentParticle]));
    expect(await found('김치를')).toContain(ids.kimchi);
    expect(await found('세금은')).toContain(ids.tax);
    expect(await found('회계사를')).toContain(ids.accountant);
  });

  test('a compound finds its longest head that posts use', async () => {
    expect(await found('태권도장')).toEqual([ids.taekwondo]);
  });

  test('a word that ends in a particle syllable is found as typed, not cut short', async () => {
    // 김지 ends no word in the index, so 김지은 stays whole and 김지수 is not found.
    expect(await found('김지은')).toEqual([ids.name]);
    expect(await found('가는')).toEqual([ids.going]);
  });

  test('several words with particles: each shortened on its own, and highlighted as found', async () => {
    expect(await found('렌트는 어디서')).toEqual([ids.rentWord]);
    const res = await t.call('GET', `/api/search?q=${encodeURIComponent('렌트는 어디서')}`);
    expect(res.body.words).toEqual(['렌트', '어디서']);
  });

  test('English words are unaffected', async () => {
    expect(await found('la 렌트는')).toEqual([ids.rentWord]);
    expect(await found('lax 렌트는')).toEqual([]);
  });

  test('a list keyword box shortens words the same way', async () => {
    const res = await t.call('GET', `/api/board?topcategory=5&keyword=${encodeURIComponent('회계사를')}`);
    expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([ids.accountant]);
  });
});
