import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CountedPages, countedPages } from '#tests/support/stored-pages.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Stored /search pages and new posts (traffic issue): a new post renews only the search pages
// whose query it may match, so a search page stays stored through posts about other things, and
// a post that matches (in its title, in its body, inside a longer word, both words of two) is on
// the very next visitor's answer. Renders are counted at the build's entry
// (tests/support/stored-pages.ts). Needs the built app (`npm run build`).

let t: TestApp;
let pages: CountedPages;
let writer: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  pages = await countedPages(t, '10.78.0.');
  // A sign-up ends every stored page: the one who posts joins first.
  writer = await t.member();
}, 120_000);
afterAll(() => t.close());

const searchFor = (q: string) => `/search?q=${encodeURIComponent(q)}`;

async function post(title: string, content = '<p>본문</p>'): Promise<number> {
  const res = await t.call('POST', '/api/board', {
    token: writer.token,
    body: { topcategory: 5, category: '자유게시판', title, content },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

describe('a new post renews only the search pages it may match', () => {
  test('a post about something else leaves the page stored; one with the word in its title is on the next answer', async () => {
    await post('갈비찜 맛집 후기');
    const search = searchFor('갈비찜');
    expect(await pages.visit(search)).toContain('갈비찜 맛집 후기');
    pages.renders = 0;
    await post('비빔냉면 잘하는 곳', '<p>시원한 육수가 좋아요</p>');
    expect(await pages.visit(search)).not.toContain('비빔냉면');
    expect(pages.renders).toBe(0);
    await post('갈비찜 두 번째 집 🍖');
    expect(await pages.visit(search)).toContain('갈비찜 두 번째 집 🍖');
    expect(pages.renders).toBe(1);
  });

  test('a page with no results yet gets a post with the word only in its body, inside a longer word', async () => {
    const search = searchFor('떡볶이');
    expect(await pages.visit(search)).toContain('검색 결과가 없');
    pages.renders = 0;
    await post('오늘 점심 메뉴', '<p>순대국밥을 먹었어요</p>');
    await pages.visit(search);
    expect(pages.renders).toBe(0);
    await post('동네 분식 다녀옴', '<p>시장 떡볶이집에서 줄 서서 먹었어요</p>');
    expect(await pages.visit(search)).toContain('동네 분식 다녀옴');
    expect(pages.renders).toBe(1);
  });

  test('a word typed with a particle: a post with the bare word, which changes what the word is searched as, is on the next answer', async () => {
    // Nothing says 월세 yet: 월세는 is searched as typed, and finds nothing.
    const search = searchFor('월세는');
    expect(await pages.visit(search)).toContain('검색 결과가 없');
    pages.renders = 0;
    await post('전세 구합니다', '<p>방 두 개</p>');
    await pages.visit(search);
    expect(pages.renders).toBe(0);
    // Now 월세 stands as a word: 월세는 is searched as 월세, which this post holds.
    await post('한인타운 방 있어요', '<p>월세 1200불, 바로 입주</p>');
    expect(await pages.visit(search)).toContain('한인타운 방 있어요');
    expect(pages.renders).toBe(1);
  });

  test('two words: a post with only one of them leaves the page stored; a post with both is on the next answer', async () => {
    await post('Costco 주차 팁', '<p>아침 일찍 가세요</p>');
    const search = searchFor('costco 주차');
    expect(await pages.visit(search)).toContain('Costco 주차 팁');
    pages.renders = 0;
    await post('교회 주차 안내', '<p>주차는 뒤편에</p>');
    await post('Target 세일 정보');
    expect(await pages.visit(search)).not.toContain('교회 주차 안내');
    expect(pages.renders).toBe(0);
    await post('토요일 장보기 후기', '<p>COSTCO 주차장이 넓어서 편해요</p>');
    expect(await pages.visit(search)).toContain('토요일 장보기 후기');
    expect(pages.renders).toBe(1);
  });

  test('a section’s page of results is renewed by a post that matches, not by one that does not', async () => {
    await post('수영 강습 후기');
    const search = `${searchFor('수영')}&section=community`;
    expect(await pages.visit(search)).toContain('수영 강습 후기');
    pages.renders = 0;
    await post('테니스 레슨 후기');
    await pages.visit(search);
    expect(pages.renders).toBe(0);
    await post('주말 수영장 추천');
    expect(await pages.visit(search)).toContain('주말 수영장 추천');
    expect(pages.renders).toBe(1);
  });

  test('a job is found by its company’s name too: a job of another company leaves the page stored', async () => {
    const job = (title: string, companyname: string) =>
      t.call('POST', '/api/jobs', { token: writer.token, body: { title, companyname, content: '<p>연락 주세요</p>' } });
    expect((await job('간호사 구인', '가든 치과')).status).toBe(200);
    const search = searchFor('치과');
    expect(await pages.visit(search)).toContain('간호사 구인');
    pages.renders = 0;
    expect((await job('주방 보조 구함', '한식당 서울옥')).status).toBe(200);
    await pages.visit(search);
    expect(pages.renders).toBe(0);
    expect((await job('접수 직원 모집', '미소 치과')).status).toBe(200);
    expect(await pages.visit(search)).toContain('접수 직원 모집');
    expect(pages.renders).toBe(1);
  });

  test('hiding a result that is not on the stored page still renews it: the section’s count changes', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await post(`순두부찌개 맛집 ${i}호`));
    const search = searchFor('순두부찌개');
    const count = (html: string) => html.match(/커뮤니티 ?<span class="text-brand-700">([^<]*)<\/span>/)?.[1];
    const before = await pages.visit(search);
    expect(count(before)).toBe('7');
    // The page lists the five newest: the first post is counted but not shown.
    expect(before).not.toContain('순두부찌개 맛집 1호');
    const hidden = await t.call('POST', '/api/admin/moderate', {
      token: await t.root(),
      body: { target: 'board', ids: [ids[0]], action: 'hide' },
    });
    expect(hidden.status).toBe(200);
    expect(count(await pages.visit(search))).toBe('6');
  });
});
