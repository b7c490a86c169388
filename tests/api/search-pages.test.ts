import { afterAll, beforeAll, expect, test } from 'vitest';
import { TopCategory } from '#shared/enums.ts';
import { insertSearchDocs, type SearchDoc } from '#server/modules/search/search.repository.ts';
import { search } from '#server/modules/search/search.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A section with more entries than PostgreSQL's first looks among the newest (2,000, then 20,000
// entries: search.repository.ts): results and counts must be the same whichever way a page was
// found, for words common near the top, spread thin, or only in the oldest entries; and the same
// whether a first page came from the first look at every section (pgFirstLooks) or not.

let t: TestApp;
const ENTRIES = 2600;
const items = Array.from({ length: ENTRIES }, (_, i) => i + 1);
const titled = (i: number) => i % 400 === 0;
const spread = (i: number) => i % 13 === 0;

beforeAll(async () => {
  t = await startTestApp();
  const docs: SearchDoc[] = items.map((i) => ({
    target: 'board',
    item: i,
    section: TopCategory.community,
    date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    title: `${titled(i) ? '바늘 ' : ''}${i === 5 ? '희귀한 ' : ''}글 제목 ${i}`,
    body: `${spread(i) ? '바늘 ' : ''}${i === 7 ? '희귀한 ' : ''}흔한 본문 내용`,
    chosung: '',
  }));
  for (let i = 0; i < docs.length; i += 500) await insertSearchDocs(t.deps.db, t.deps.dialect, docs.slice(i, i + 500));
});
afterAll(() => t.close());

async function pages(q: string, size: number): Promise<{ total: number; items: number[] }> {
  const seen: number[] = [];
  let total = 0;
  for (let page = 1; page <= 20; page++) {
    const group = (await search(t.deps, { q, section: 'community', page, size })).groups[0];
    total = group?.total ?? 0;
    const got = (group?.items ?? []).map((r) => r.item);
    seen.push(...got);
    if (got.length < size) break;
  }
  return { total, items: seen };
}

const newestFirst = (list: number[]) => [...list].sort((a, b) => b - a);

test('a word spread thin: title matches first, then the rest, newest first, across pages', async () => {
  const inTitles = newestFirst(items.filter(titled));
  const rest = newestFirst(items.filter((i) => spread(i) && !titled(i)));
  const found = await pages('바늘', 50);
  expect(found.total).toBe(inTitles.length + rest.length);
  expect(found.items).toEqual([...inTitles, ...rest]);
});

test('a word only in the oldest entries is found and counted, title matches first', async () => {
  expect(await pages('희귀한', 20)).toEqual({ total: 2, items: [5, 7] });
  const overview = (await search(t.deps, { q: '희귀한', page: 1, size: 20 })).groups.find((g) => g.key === 'community');
  expect([overview?.total, overview?.items.map((r) => r.item)]).toEqual([2, [5, 7]]);
});

test('a word in every entry: counted up to the cap, pages newest first', async () => {
  const first = (await search(t.deps, { q: '흔한', section: 'community', page: 3, size: 50 })).groups[0];
  expect(first?.total).toBe(1000);
  expect(first?.items.map((r) => r.item)).toEqual(newestFirst(items).slice(100, 150));
});

test('a word no entry has', async () => {
  expect(await pages('없는단어', 20)).toEqual({ total: 0, items: [] });
});

test("the overview's first results: title matches first, though newer entries match in their text", async () => {
  const group = (await search(t.deps, { q: '바늘', page: 1, size: 20 })).groups.find((g) => g.key === 'community');
  expect(group?.items.map((r) => r.item)).toEqual(newestFirst(items.filter(titled)).slice(0, 5));
});

test("the overview counts a section's matches up to 100, the section's own page on to 1,000", async () => {
  const matches = items.filter((i) => titled(i) || spread(i)).length;
  expect(matches).toBeGreaterThan(100);
  const overview = (await search(t.deps, { q: '바늘', page: 1, size: 20 })).groups.find((g) => g.key === 'community');
  expect([overview?.total, overview?.more]).toEqual([100, true]);
  const section = (await search(t.deps, { q: '바늘', section: 'community', page: 1, size: 20 })).groups[0];
  expect([section?.total, section?.more]).toEqual([matches, false]);
  const every = (await search(t.deps, { q: '흔한', page: 1, size: 20 })).groups.find((g) => g.key === 'community');
  expect([every?.total, every?.more]).toEqual([100, true]);
});

test('a word in every title: the first page of the section and of the overview, counted up to the cap', async () => {
  const section = (await search(t.deps, { q: '제목', section: 'community', page: 1, size: 20 })).groups[0];
  expect(section?.total).toBe(1000);
  expect(section?.items.map((r) => r.item)).toEqual(newestFirst(items).slice(0, 20));
  const overview = (await search(t.deps, { q: '제목', page: 1, size: 20 })).groups.find((g) => g.key === 'community');
  expect(overview?.items.map((r) => [r.item, r.title, r.date])).toEqual(
    newestFirst(items)
      .slice(0, 5)
      .map((i) => [i, `${titled(i) ? '바늘 ' : ''}글 제목 ${i}`, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()]),
  );
});
