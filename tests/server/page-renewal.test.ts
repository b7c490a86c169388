import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createApp } from '#server/app.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { nextMidnight, zonedMidnight } from '#shared/format.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { onEachRender } from '#tests/support/counted-renders.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Visitors' pages after a write (traffic issue): one render per page per change (single flight),
// and while it runs the other visitors get the previous copy, for at most 2 s. The renders are
// counted at the build's entry, which React Router calls once for each page it renders.

let t: TestApp;
let app: ReturnType<typeof createApp>;
let renders = 0;
/** Held open to make a render slow (the next render waits for it to be released). */
let gate: Promise<void> | undefined;

beforeAll(async () => {
  t = await startTestApp();
  const root = path.resolve(import.meta.dirname, '../..');
  if (!existsSync(path.join(root, 'build/server/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  const real = await productionBuild(root)();
  const counted = onEachRender(real, async () => {
    renders++;
    if (gate) await gate;
  });
  app = createApp(t.deps, { root, dev: false, loadBuild: async () => counted });
}, 120_000);
afterAll(() => t.close());

/** Counts renders from zero and holds the next one until the answer is called. */
function holdRenders(): () => void {
  renders = 0;
  let open: () => void = () => {};
  gate = new Promise((resolve) => {
    open = resolve;
  });
  return () => {
    gate = undefined;
    open();
  };
}

let ip = 0;
async function visit(url: string, cookie?: string): Promise<string> {
  const headers = { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': `10.77.0.${++ip % 250}`, ...(cookie && { cookie }) };
  const res = await app.request(url, { headers });
  expect(res.status).toBe(200);
  return res.text();
}

async function post(title: string) {
  const m = await t.member();
  const res = await t.call('POST', '/api/board', {
    token: m.token,
    body: { topcategory: 5, category: '자유게시판', title, content: '<p>본문</p>' },
  });
  expect(res.status).toBe(200);
}

describe('one render per page per change', () => {
  test('twenty visitors at once on a page nobody has seen: one render, the same page for all', async () => {
    const url = '/community?category=%EB%AA%A8%EC%9E%84';
    renders = 0;
    const pages = await Promise.all(Array.from({ length: 20 }, () => visit(url)));
    expect(renders).toBe(1);
    for (const page of pages) expect(page).toContain('커뮤니티');
  });

  test('after a write, the first visitor renders the page anew; those meanwhile get the previous copy; then all get the new one', async () => {
    const url = '/community';
    await post('먼저 있던 글');
    expect(await visit(url)).toContain('먼저 있던 글');
    await post('새로 쓴 글 🍜');
    const release = holdRenders();
    const first = visit(url);
    // The first visitor's render is under way (and held): the others are answered at once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = await Promise.all(Array.from({ length: 10 }, () => visit(url)));
    for (const page of meanwhile) expect(page).not.toContain('새로 쓴 글 🍜');
    expect(renders).toBe(1);
    release();
    expect(await first).toContain('새로 쓴 글 🍜');
    expect(await visit(url)).toContain('새로 쓴 글 🍜');
    expect(renders).toBe(1);
  });

  test('the previous copy is answered for at most 2 s: past that, visitors wait for the render under way', async () => {
    const url = '/community';
    await visit(url);
    await post('느린 렌더 중에 쓴 글');
    const release = holdRenders();
    const first = visit(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await visit(url)).not.toContain('느린 렌더 중에 쓴 글');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = visit(url);
    let lateDone = false;
    void late.then(() => {
      lateDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lateDone).toBe(false);
    release();
    expect(await first).toContain('느린 렌더 중에 쓴 글');
    expect(await late).toContain('느린 렌더 중에 쓴 글');
    expect(renders).toBe(1);
  });
});

describe('new pages take turns', () => {
  test('a second new page is drawn once the first is done; a stored page is answered meanwhile', async () => {
    const stored = '/news';
    expect(await visit(stored)).toContain('뉴스');
    const release = holdRenders();
    const first = visit('/community?category=%EC%97%AC%ED%96%89');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toBe(1);
    let secondDone = false;
    const second = visit('/life').then((html) => {
      secondDone = true;
      return html;
    });
    // The first render is held: the second waits for its turn, and a stored page does not wait.
    expect(await visit(stored)).toContain('뉴스');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renders).toBe(1);
    expect(secondDone).toBe(false);
    release();
    expect(await first).toContain('커뮤니티');
    expect(await second).toContain('생활정보');
    expect(renders).toBe(2);
  });
});

describe('stored pages and the clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const list = '/community?category=%EC%9E%90%EC%9C%A0%EA%B2%8C%EC%8B%9C%ED%8C%90';

  test('a list stays stored past the minute’s turn, at most a minute from its drawing; a business list is drawn again at the turn', async () => {
    const turn = (Math.floor(Date.now() / 60_000) + 2) * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(turn - 10_000);
    await visit(list);
    expect(await visit('/business')).toContain('업소록');
    renders = 0;
    vi.setSystemTime(turn + 5_000);
    await visit(list);
    expect(renders).toBe(0);
    // Whether each business is open now follows the clock's minute.
    await visit('/business');
    expect(renders).toBe(1);
    // View counts are no write the store follows: they are at most a minute old.
    vi.setSystemTime(turn + 51_000);
    await visit(list);
    expect(renders).toBe(2);
  });

  test('pages are drawn again when the site’s date changes (D-days, today’s schedule)', async () => {
    const midnight = nextMidnight(t.deps.env.SITE_TIMEZONE, new Date(Date.now() + 86_400_000));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(midnight - 5_000);
    for (const url of [list, '/']) await visit(url);
    renders = 0;
    vi.setSystemTime(midnight - 1_000);
    for (const url of [list, '/']) await visit(url);
    expect(renders).toBe(0);
    vi.setSystemTime(midnight + 1_000);
    for (const url of [list, '/']) await visit(url);
    expect(renders).toBe(2);
  });

  test('the footer’s year is the site’s: it turns at the site’s New Year, not the server’s', async () => {
    const newYear = Date.parse(zonedMidnight('2027-01-01', t.deps.env.SITE_TIMEZONE));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(newYear - 60_000);
    for (const url of ['/', list]) expect(await visit(url)).toContain('© 2026 ');
    vi.setSystemTime(newYear + 1_000);
    for (const url of ['/', list]) expect(await visit(url)).toContain('© 2027 ');
  });

  test('business pages say 영업중 by the site’s clock; other pages’ data carries no clock to go stale', async () => {
    const m = await t.member();
    const write = (path: string, body: Record<string, unknown>) => t.call('POST', path, { token: m.token, body });
    const business = (await write('/api/business', { title: '시계 보는 식당', category: '식당', starttime: '09:00', endtime: '18:00' }))
      .body.id;
    const post = (await write('/api/board', { topcategory: 5, category: '자유게시판', title: '시계 없는 글', content: '<p>본문</p>' })).body
      .id;
    // A Wednesday in the site's zone: 10:00, then 19:00.
    const wednesday = Date.parse(zonedMidnight('2026-12-02', t.deps.env.SITE_TIMEZONE));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(wednesday + 10 * 3_600_000);
    for (const url of ['/business', `/business/${business}`]) expect(await visit(url)).toMatch(/>영업중</);
    expect(await visit('/business.data')).toContain('"time","10:00"');
    vi.setSystemTime(wednesday + 19 * 3_600_000);
    for (const url of ['/business', `/business/${business}`]) expect(await visit(url)).toMatch(/>영업종료</);
    for (const url of ['/community.data', `/community/${post}.data`]) expect(await visit(url)).not.toContain('"clock"');
  });
});

describe('members while a page is renewed', () => {
  test('a member gets the previous copy while another request draws the page, unless they just wrote', async () => {
    const url = '/community';
    const m = await t.member();
    const session = `${TOKEN_COOKIE}=${m.token}`;
    await visit(url);
    const title = '회원이 기다리지 않는 글 ⏱';
    const res = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, category: '자유게시판', title, content: '<p>본문</p>' },
    });
    const wrote = res.headers.get('set-cookie')?.split(';')[0];
    expect(wrote).toBe('wrote=1');
    const release = holdRenders();
    const first = visit(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Another member (the same account, without the mark) is answered at once, the post not yet in it.
    expect(await visit(url, session)).not.toContain(title);
    // The writer waits for the page with their post.
    let waited = false;
    const writer = visit(url, `${session}; ${wrote}`).then((html) => {
      waited = true;
      return html;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(waited).toBe(false);
    release();
    expect(await first).toContain(title);
    expect(await writer).toContain(title);
    expect(renders).toBe(1);
  });
});

describe('a write changes only what it changes', () => {
  /** Two posts, each with its own page, and the member who likes and comments. */
  async function twoPosts() {
    const m = await t.member();
    const ids: number[] = [];
    for (const title of ['좋아요 받을 글', '가만히 있을 글']) {
      const res = await t.call('POST', '/api/board', {
        token: m.token,
        body: { topcategory: 5, category: '맛집', title, content: '<p>본문</p>' },
      });
      ids.push(res.body.id);
    }
    return { m, liked: ids[0] as number, quiet: ids[1] as number };
  }

  /** Past the time a copy out of date only by its numbers still answers (page-cache.ts COUNTS_LAG_MS). */
  const pastCountsLag = () => new Promise((resolve) => setTimeout(resolve, 1100));

  test('a like renews its post’s page and the lists that show it, not another post’s page, at most once a second', async () => {
    const { m, liked, quiet } = await twoPosts();
    const list = '/community?category=%EB%A7%9B%EC%A7%91';
    for (const url of [`/community/${liked}`, `/community/${quiet}`, list, '/']) await visit(url);
    renders = 0;
    const like = await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: liked } });
    expect(like.status).toBe(200);
    // The liker's answer marks them as having just written: their next page is drawn anew.
    const wrote = like.headers.get('set-cookie')?.match(/wrote=1/)?.[0];
    expect(wrote).toBe('wrote=1');
    expect(await visit(`/community/${liked}`, wrote)).toMatch(/data-testid="like-count">1</);
    expect(renders).toBe(1);
    // Others get the list's copy drawn before the like for under a second: a number is all it lacks.
    await visit(list);
    expect(renders).toBe(1);
    await pastCountsLag();
    await visit(`/community/${quiet}`);
    expect(renders).toBe(1);
    // The list shows the liked post; the index's popular box is ordered by likes.
    await visit(list);
    await visit('/');
    expect(renders).toBe(3);
  });

  test('a comment renews its post’s page with the comment at once, and leaves another post’s page stored', async () => {
    const { m, liked, quiet } = await twoPosts();
    // A sign-up is a write of its own: the reporter of the end joins first.
    const reporter = await t.member();
    const list = '/community?category=%EB%A7%9B%EC%A7%91';
    for (const url of [`/community/${liked}`, `/community/${quiet}`, list]) await visit(url);
    renders = 0;
    const comment = '댓글도 곧바로 보여요 👍 long한국어단어';
    expect((await t.call('POST', '/api/comment', { token: m.token, body: { board: liked, content: comment } })).status).toBe(200);
    await visit(`/community/${quiet}`);
    expect(renders).toBe(0);
    // The thread is more than a number: everyone gets it at once.
    expect(await visit(`/community/${liked}`)).toContain(comment);
    expect(renders).toBe(1);
    // The list shows only the count: its copy answers for under a second, then it is drawn anew.
    await visit(list);
    expect(renders).toBe(1);
    await pastCountsLag();
    await visit(list);
    expect(renders).toBe(2);
    // A report of the comment changes only the thread: the list showing the post stays stored.
    const [{ id: commentId }] = (await t.call('GET', `/api/comment?board=${liked}`)).body.items;
    renders = 0;
    const reported = await t.call('POST', '/api/report', {
      token: reporter.token,
      body: { target: 'comment', item: commentId, reason: 'spam' },
    });
    expect(reported.status).toBe(200);
    await visit(list);
    expect(renders).toBe(0);
    await visit(`/community/${liked}`);
    expect(renders).toBe(1);
  });

  test('a new post renews the lists of its table, the index and the newest post’s page, not older posts’ pages', async () => {
    const { quiet } = await twoPosts();
    const jobs = '/jobs';
    for (const url of [`/community/${quiet}`, '/community', '/', jobs]) await visit(url);
    renders = 0;
    await post('목록을 새로 그리는 글 🆕');
    // The newest post's page gains a 다음 글; an older post's page and another table's list stay.
    expect(await visit(`/community/${quiet}`)).toContain('목록을 새로 그리는 글 🆕');
    expect(renders).toBe(1);
    expect(await visit('/community')).toContain('목록을 새로 그리는 글 🆕');
    expect(await visit('/')).toContain('목록을 새로 그리는 글 🆕');
    expect(renders).toBe(3);
    // A member who is already there (a sign-up is a write of its own) posts again: the older
    // post's page and the jobs list are answered from the cache.
    const { m, liked } = await twoPosts();
    for (const url of [`/community/${liked}`, jobs]) await visit(url);
    renders = 0;
    const res = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, category: '자유게시판', title: '또 하나의 새 글', content: '<p>본문</p>' },
    });
    expect(res.status).toBe(200);
    await visit(`/community/${liked}`);
    await visit(jobs);
    expect(renders).toBe(0);
  });

  test('a post in one section leaves the other sections’ lists and newest post’s page stored', async () => {
    const { m, quiet } = await twoPosts();
    // `quiet` is the community's newest post: its page shows no 다음 글 yet.
    for (const url of [`/community/${quiet}`, '/community', '/market']) await visit(url);
    renders = 0;
    const res = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 4, category: '가구', title: '팝니다: 책상 🪑', content: '<p>거의 새것</p>', price: 30, free: 1, location: 'LA' },
    });
    expect(res.status).toBe(200);
    await visit(`/community/${quiet}`);
    await visit('/community');
    expect(renders).toBe(0);
    expect(await visit('/market')).toContain('팝니다: 책상 🪑');
    expect(renders).toBe(1);
  });

  test('a search page stays stored through likes and comments on its results, and a new post that matches shows at once', async () => {
    const m = await t.member();
    const write = (title: string) =>
      t.call('POST', '/api/board', { token: m.token, body: { topcategory: 5, category: '맛집', title, content: '<p>본문</p>' } });
    const found = (await write('돌솥비빔밥집 후기')).body.id;
    const search = `/search?q=${encodeURIComponent('돌솥비빔밥집')}`;
    expect(await visit(search)).toContain('돌솥비빔밥집 후기');
    renders = 0;
    expect((await t.call('POST', '/api/like', { token: m.token, body: { target: 'board', item: found } })).status).toBe(200);
    expect((await t.call('POST', '/api/comment', { token: m.token, body: { board: found, content: '검색 결과의 댓글' } })).status).toBe(
      200,
    );
    await pastCountsLag();
    await visit(search);
    expect(renders).toBe(0);
    expect((await write('돌솥비빔밥집 두 번째 후기 🔎')).status).toBe(200);
    expect(await visit(search)).toContain('돌솥비빔밥집 두 번째 후기 🔎');
    expect(renders).toBe(1);
  });

  test('any other write (an edit) renews every stored page, as before', async () => {
    const { m, quiet } = await twoPosts();
    await visit(`/community/${quiet}`);
    await visit('/jobs');
    const edited = await t.call('PUT', '/api/board', { token: m.token, body: { id: quiet, title: '고친 제목' } });
    expect(edited.status).toBe(200);
    renders = 0;
    expect(await visit(`/community/${quiet}`)).toContain('고친 제목');
    await visit('/jobs');
    expect(renders).toBe(2);
  });
});
