import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECTION_LISTS } from '#shared/sections.ts';
import { SECTIONS as SEARCH_SECTIONS } from '#server/modules/search/search.repository.ts';
import { releaseDatabase } from '#tests/support/release-fixture.ts';
import { dbKind, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// An existing site upgraded to this code: a database an earlier release built and filled
// (tests/fixtures/upgrade) starts under today's server, which migrates it as it would a live
// site's. Every section then lists, searches and takes a new post, the old content included.
// A new section whose migration forgot its tables fails here, not on the first site that
// upgrades (each other test starts from an empty database).

/** Each release, with the sections it had: a section added since starts empty on its site. */
const RELEASES = ['026e8a6'];
const ADDED_SINCE: Record<string, readonly string[]> = { '026e8a6': ['housing'] };

/** What a new item of a table needs beside its title and text: a board post its section and a
 * price (the market asks for one), a home its rent. */
const REQUIRED: Record<string, (topcategory: number) => Record<string, unknown>> = {
  board: (topcategory) => ({ topcategory, price: 10 }),
  housing: () => ({ rent: 1500 }),
};

describe.each(RELEASES)('a database of release %s', (release) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const { env } = await releaseDatabase(release);
    t = await startTestApp(env);
    // The release's root admin, with the password it was given then (a site keeps its root).
    admin = await t.login('root@upgrade.example', 'upgrade-root-pass-9');
  }, 120_000);
  afterAll(() => t?.close());

  test('every search section has its own index structures', async () => {
    const names =
      dbKind === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where name like 'search_fts_%'`.execute(t.deps.db)).rows
        : (
            await sql<{ name: string }>`select indexname as name from pg_indexes where indexname like 'search_doc_title_%'`.execute(
              t.deps.db,
            )
          ).rows;
    const prefix = dbKind === 'sqlite' ? 'search_fts_' : 'search_doc_title_';
    for (const section of SEARCH_SECTIONS) expect(names.map((n) => n.name)).toContain(`${prefix}${section}`);
  });

  test.each(SECTION_LISTS.map((list) => [list.label, list] as const))('%s lists, searches and takes a new post', async (_, list) => {
    const { table, topcategory } = list;
    const api = `/api/${table}`;
    const scope = table === 'board' ? `topcategory=${topcategory}&` : '';

    // Its old content is found by its title.
    const old = await t.deps.db
      .selectFrom(table)
      .select(['id', 'title'])
      .where('hidden', '=', 0)
      .$if(table === 'board', (q) => q.where(sql.ref('topcategory'), '=', topcategory))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (ADDED_SINCE[release]?.includes(list.section.key)) expect(old, 'a section added since starts empty').toBeUndefined();
    else {
      expect(old, 'the release had content in this section').toBeDefined();
      const found = await t.call('GET', `/api/search?q=${encodeURIComponent(old?.title ?? '')}&section=${list.key}`);
      expect(found.status).toBe(200);
      expect(found.body.groups.flatMap((g: { items: { item: number }[] }) => g.items.map((i) => i.item))).toContain(old?.id);
    }

    // A new post goes in, and its list and search show it.
    const word = `무지개다리${topcategory}`;
    const created = await t.call('POST', api, {
      token: admin,
      body: {
        ...REQUIRED[table]?.(topcategory),
        ...(list.section.categories.length ? { category: list.section.categories[0] } : {}),
        title: `${list.label} ${word} 새 글`,
        content: '<p>업그레이드 뒤에 쓴 글입니다.</p>',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const listed = await t.call('GET', `${api}?${scope}keyword=${encodeURIComponent(word)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((i: { id: number }) => i.id)).toEqual([created.body.id]);
    const searched = await t.call('GET', `/api/search?q=${encodeURIComponent(word)}&section=${list.key}`);
    expect(searched.body.groups.flatMap((g: { items: { item: number }[] }) => g.items.map((i) => i.item))).toEqual([created.body.id]);
  });
});
