import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// An author's nickname on a list card links to their profile (/member/{id}) beside the card's own
// link to the item, on every list that names its authors; an author who left has no profile and
// is named in plain text. Needs the built app (`npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await startTestApp();
  app = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
}, 120_000);
afterAll(() => t.close());

let ip = 0;
async function html(url: string): Promise<string> {
  const res = await app.request(url, { headers: { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': `10.87.0.${(++ip % 250) + 1}` } });
  expect(res.status).toBe(200);
  // React marks where one text ends and the next begins; a reader sees one text.
  return (await res.text()).replaceAll('<!-- -->', '');
}

const link = (href: string, text: string) => new RegExp(`<a[^>]*href="${href}"[^>]*>${text}</a>`);

async function write(token: string, url: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', url, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const LISTS: [page: string, api: string, body: Record<string, unknown>][] = [
  ['/community', '/api/board', { topcategory: 5, category: '자유게시판', title: '동네 산책 모임', content: '<p>같이 걸어요</p>' }],
  ['/market', '/api/board', { topcategory: 4, title: '아기 의자 팝니다', content: '<p>깨끗해요</p>', price: 30 }],
  ['/jobs', '/api/jobs', { title: '주방 보조 구합니다', content: '<p>주 5일</p>' }],
  [
    '/housing',
    '/api/housing',
    {
      title: '한인타운 원룸',
      content: '<p>채광 좋음</p>',
      kind: 1,
      rent: 1500,
      location: 'LA',
      address: '3700 Wilshire Blvd',
      tel: '213-555-0101',
    },
  ],
];

describe('list cards link their author to the profile', () => {
  test.each(LISTS)('%s: the title opens the item, the nickname the profile', async (page, api, body) => {
    const nickname = `카드글쓴이${++ip}`;
    const author = await t.member({ nickname });
    const id = await write(author.token, api, body);
    // The list answer names the author by id and nickname only.
    const listed = (await t.call('GET', `${api}?size=100`)).body.items.find((i: { id: number }) => i.id === id);
    expect(listed).toMatchObject({ user: author.id, name: nickname });
    expect(listed).not.toHaveProperty('loginid');
    expect(listed).not.toHaveProperty('passwd');

    const text = await html(page);
    expect(text).toMatch(link(`${page}/${id}`, body.title as string));
    expect(text).toMatch(link(`/member/${author.id}`, nickname));
  });

  test('an author who left is named without a link', async () => {
    const nickname = '떠난글쓴이';
    const gone = await t.member({ nickname });
    const id = await write(gone.token, '/api/board', {
      topcategory: 5,
      category: '자유게시판',
      title: '작별 인사',
      content: '<p>안녕</p>',
    });
    expect((await t.call('DELETE', '/api/user', { token: gone.token, body: { id: gone.id, passwd: gone.passwd } })).status).toBe(200);
    const text = await html('/community');
    expect(text).toMatch(link(`/community/${id}`, '작별 인사'));
    expect(text).toContain(nickname);
    expect(text).not.toContain(`/member/${gone.id}"`);
  });
});
