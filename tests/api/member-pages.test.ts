import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CountedPages, countedPages } from '#tests/support/stored-pages.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Members get the visitors' stored page with their own parts filled in (traffic issue): their
// name, bell and like state, and the rules that show their controls, in the HTML itself (a plain
// fetch, as a browser without JavaScript reads it); their client navigations get the visitors'
// stored `.data` answer as it is, the member named in its X-Me header. Renders are counted at the
// build's entry (tests/support/stored-pages.ts): a page served from the cache draws nothing. Needs
// the built app (`npm run build`).

let t: TestApp;
let pages: CountedPages;

interface Member {
  id: number;
  token: string;
  nickname: string;
}
let author: Member;
let liker: Member;
let admin: string;
let post: number;

async function member(nickname: string): Promise<Member> {
  const m = await t.member({ nickname });
  return { id: m.id, token: m.token, nickname };
}

beforeAll(async () => {
  t = await startTestApp();
  pages = await countedPages(t, '10.88.0.', { data: true });
  [author, liker] = await Promise.all([member('글쓴이회원'), member('좋아요회원')]);
  admin = await t.root();
  const created = await t.call('POST', '/api/board', {
    token: author.token,
    body: { topcategory: 5, category: '자유게시판', title: '함께 보는 글', content: '<p>본문</p>' },
  });
  expect(created.status).toBe(200);
  post = created.body.id;
  // The liker likes it and comments: the author has one unread notification.
  expect((await t.call('POST', '/api/like', { token: liker.token, body: { target: 'board', item: post } })).status).toBe(200);
  expect((await t.call('POST', '/api/comment', { token: liker.token, body: { board: post, content: '잘 읽었습니다' } })).status).toBe(200);
}, 120_000);
afterAll(() => t.close());

const page: CountedPages['page'] = (...args) => pages.page(...args);
const stored = (url: string) => pages.stored(url);

/** The member the page was filled in for (`#me`), or null. */
function meOf(html: string): { id: number; nickname: string; unread: number; liked?: string[] } | null {
  const json = /<script nonce="[^"]+" id="me" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error('a page without #me');
  return JSON.parse(json);
}
const styleOf = (html: string) => /<style id="me-style">(.*?)<\/style>/.exec(html)?.[1] ?? '';
const likePressed = (html: string) => /<button id="like" type="submit"[^>]*aria-pressed="(true|false)"/.exec(html)?.[1];

describe('a member gets the shared page with their own parts', () => {
  test('two members and a visitor, interleaved on one post: no render, each sees only their own name, like state and controls', async () => {
    const url = `/community/${post}`;
    await stored(url);
    pages.renders = 0;
    const answers = await Promise.all(
      [author, liker, undefined, liker, author, undefined, author, liker].map(async (m) => ({ m, ...(await page(url, m?.token)) })),
    );
    // Every answer came from the copy a visitor's request stored.
    expect(pages.renders).toBe(0);
    for (const { m, html, status, headers } of answers) {
      expect(status).toBe(200);
      const other = m === author ? liker : author;
      if (!m) {
        expect(meOf(html)).toBeNull();
        expect(html).not.toContain(`${author.nickname}님`);
        expect(html).not.toContain(`${liker.nickname}님`);
        expect(html).toContain('>로그인</a>');
        // The owner's and an organization's keepers' controls are among what a visitor's copy hides.
        expect(styleOf(html)).toMatch(/\[data-owner\][^{]*\{display:none/);
        expect(headers.get('cache-control')).toBe('no-cache');
        continue;
      }
      expect(headers.get('cache-control')).toBe('private, no-store');
      expect(meOf(html)?.id).toBe(m.id);
      // The header: their name, not the other member's (the post and its comment show both as authors).
      expect(html).toContain(`${m.nickname}님`);
      expect(html).not.toContain(`${other.nickname}님`);
      expect(html).toContain('로그아웃');
      // The post's 수정 / 삭제 are marked for the author, and the style shows them to the author only.
      expect(html).toContain(`data-owner="${author.id}"`);
      expect(styleOf(html)).toContain(`[data-owner]:not([data-owner="${m.id}"])`);
    }
    const of = (m: Member) => answers.find((a) => a.m === m)?.html ?? '';
    expect(likePressed(of(liker))).toBe('true');
    expect(likePressed(of(author))).toBe('false');
    expect(meOf(of(author))?.unread).toBe(1);
    // 알림, its badge, and the count in words for screen readers.
    expect(of(author)).toContain('<span class="sr-only"> 1개 읽지 않음</span>');
    expect(meOf(of(liker))?.unread).toBe(0);
    // A visitor's like is a link to log in.
    expect(likePressed(answers.find((a) => !a.m)?.html ?? '')).toBeUndefined();
  });

  test('list and index pages: the visitors’ stored copy serves members too, the member named in the header', async () => {
    for (const url of ['/community', '/']) {
      await stored(url);
      pages.renders = 0;
      const visitor = await page(url);
      const mine = await page(url, author.token);
      const theirs = await page(url, liker.token);
      expect(pages.renders).toBe(0);
      expect([visitor.status, mine.status, theirs.status]).toEqual([200, 200, 200]);
      expect(mine.html).toContain(`${author.nickname}님`);
      expect(theirs.html).toContain(`${liker.nickname}님`);
      expect(theirs.html).not.toContain(`${author.nickname}님`);
      expect(visitor.html).not.toContain(`${author.nickname}님`);
    }
  });

  test('search results too: one stored copy, each member named in their own #me', async () => {
    const url = `/search?q=${encodeURIComponent('함께 보는 글')}`;
    await stored(url);
    pages.renders = 0;
    const [mine, theirs] = [await page(url, author.token), await page(url, liker.token)];
    expect(pages.renders).toBe(0);
    expect(mine.html).toContain('함께 보는 글');
    expect([meOf(mine.html)?.id, meOf(theirs.html)?.id]).toEqual([author.id, liker.id]);
  });

  test('a gzip answer carries the same fill-in as valid gzip', async () => {
    const url = `/community/${post}`;
    const plain = await page(url, liker.token);
    const gzip = await page(url, liker.token, 'gzip, br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // Only the nonce differs.
    const nonceless = (html: string) => html.replace(/[A-Za-z0-9+/]{22}==/g, 'NONCE');
    expect(nonceless(gzip.html)).toBe(nonceless(plain.html));
    expect(likePressed(gzip.html)).toBe('true');
  });

  test('a member sees their own like at once, the page renewed for everyone', async () => {
    const url = `/community/${post}`;
    await page(url);
    const like = await t.call('POST', '/api/like', { token: author.token, body: { target: 'board', item: post } });
    expect(like.status).toBe(200);
    // The like's answer marks its author as having just written (http/recent-writer.ts).
    const wrote = like.headers.get('set-cookie')?.split(';')[0];
    expect(wrote).toBe('wrote=1');
    const after = await page(url, author.token, undefined, wrote);
    expect(likePressed(after.html)).toBe('true');
    expect(after.html).toMatch(/data-testid="like-count">2</);
    const visitor = await page(url);
    expect(visitor.html).toMatch(/data-testid="like-count">2</);
    expect(likePressed((await page(url, liker.token)).html)).toBe('true');
  });

  test('a member’s own pages are drawn for them, and a hidden post for an admin', async () => {
    const mypage = await page('/mypage', author.token);
    expect(mypage.status).toBe(200);
    expect(meOf(mypage.html)?.id).toBe(author.id);
    expect(mypage.html).toContain(`${author.nickname}님`);
    expect((await page('/mypage')).status).toBe(401);

    const hidden = await t.call('POST', '/api/board', {
      token: author.token,
      body: { topcategory: 5, category: '자유게시판', title: '숨길 글', content: '<p>본문</p>' },
    });
    const id = hidden.body.id;
    expect(
      (await t.call('POST', '/api/admin/moderate', { token: admin, body: { target: 'board', ids: [id], action: 'hide' } })).status,
    ).toBe(200);
    expect((await page(`/community/${id}`)).status).toBe(404);
    const seen = await page(`/community/${id}`, admin);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain('숨길 글');
    // The admin's moderation box is shown to them; a member's style hides it.
    expect(styleOf(seen.html)).not.toContain('[data-min-level="3"]');
    expect(styleOf((await page(`/community/${post}`, author.token)).html)).toContain('[data-min-level="3"]');
  });
});

/** The member a `.data` answer was served to (its X-Me header), or null. */
function toldMe(
  headers: Headers,
): { id: number; nickname: string; level: number; unread: number; liked?: string[]; reported?: string[] } | null {
  const header = headers.get('x-me');
  return header === null ? null : JSON.parse(decodeURIComponent(header));
}
/** Only the nonce differs between copies of one stored answer. */
const nonceless = (text: string) => text.replace(/[A-Za-z0-9+/]{22}==/g, 'NONCE');

// These count pages.renders: on a heavily loaded machine a read that overlaps a write, or a moment
// without hearing PostgreSQL's announcements, is drawn again on purpose (write-tracker.ts), one
// render more. A real leak fails every attempt.
describe('a member’s client navigation (.data) comes from the shared copy too', { retry: 2 }, () => {
  test('two members and a visitor interleaved on a post’s and a list’s .data: no render, one answer, each told only their own state', async () => {
    const made = await t.call('POST', '/api/board', {
      token: author.token,
      body: { topcategory: 5, category: '자유게시판', title: '옮겨 다니며 보는 글', content: '<p>본문</p>' },
    });
    const id: number = made.body.id;
    expect((await t.call('POST', '/api/like', { token: liker.token, body: { target: 'board', item: id } })).status).toBe(200);
    // The liker comments; the author reports the comment.
    const comment = await t.call('POST', '/api/comment', { token: liker.token, body: { board: id, content: '광고 같은 댓글' } });
    expect(comment.status).toBe(200);
    const reported = await t.call('POST', '/api/report', {
      token: author.token,
      body: { target: 'comment', item: comment.body.id, reason: 'spam' },
    });
    expect(reported.status).toBe(200);
    for (const url of [`/community/${id}.data`, '/community.data?page=1']) {
      await stored(url);
      pages.renders = 0;
      const answers = await Promise.all(
        [author, liker, undefined, liker, author, undefined, author, liker].map(async (m) => ({ m, ...(await page(url, m?.token)) })),
      );
      // Every answer came from the copy a visitor's request stored, and it is the same for all.
      expect(pages.renders).toBe(0);
      expect(new Set(answers.map((a) => nonceless(a.html))).size).toBe(1);
      expect(answers[0]?.html).toContain('옮겨 다니며 보는 글');
      for (const { m, status, headers } of answers) {
        expect(status).toBe(200);
        if (!m) {
          expect(toldMe(headers)).toBeNull();
          expect(headers.get('cache-control')).toBe('no-cache');
          continue;
        }
        expect(headers.get('cache-control')).toBe('private, no-store');
        const me = toldMe(headers);
        expect(me).toMatchObject({ id: m.id, nickname: m.nickname, level: 1 });
        // Their unread count as their full page says it.
        expect(me?.unread).toBe(meOf((await page(url.replace(/\.data.*$/, ''), m.token)).html)?.unread);
        // On the post, its like and 신고 state is theirs: the liker likes it, its author does not
        // and reported the comment.
        if (url.startsWith(`/community/${id}`)) {
          expect(me?.liked).toEqual(m === liker ? [`board:${id}`] : []);
          expect(me?.reported).toEqual(m === author ? [`comment:${comment.body.id}`] : []);
        }
      }
    }
  });

  test('after their own like a member’s next navigation shows it at once, the answer renewed for everyone', async () => {
    const url = `/community/${post}.data`;
    const made = await t.call('POST', '/api/board', {
      token: liker.token,
      body: { topcategory: 5, category: '자유게시판', title: '좋아요를 누를 글', content: '<p>본문</p>' },
    });
    const id: number = made.body.id;
    const own = `/community/${id}.data`;
    await stored(own);
    await stored(url);
    const before = await page(own, author.token);
    expect(toldMe(before.headers)?.liked).toEqual([]);
    const like = await t.call('POST', '/api/like', { token: author.token, body: { target: 'board', item: id } });
    expect(like.status).toBe(200);
    // The liker's browser carries the mark of a write just made (http/recent-writer.ts).
    const wrote = like.headers.get('set-cookie')?.split(';')[0];
    pages.renders = 0;
    const after = await page(own, author.token, undefined, wrote);
    expect(toldMe(after.headers)?.liked).toEqual([`board:${id}`]);
    // The count the answer carries is the new one, and the visitor's copy is that one render.
    expect(nonceless(after.html)).not.toBe(nonceless(before.html));
    expect(nonceless((await page(own)).html)).toBe(nonceless(after.html));
    expect(pages.renders).toBe(1);
    // An unrelated post's stored answer stays in place.
    await page(url, author.token);
    expect(pages.renders).toBe(1);
  });

  test('a hidden post’s .data is the admin’s alone: drawn for them, a 404 for others', async () => {
    const made = await t.call('POST', '/api/board', {
      token: author.token,
      body: { topcategory: 5, category: '자유게시판', title: '숨긴 뒤 옮겨 가는 글', content: '<p>본문</p>' },
    });
    const id: number = made.body.id;
    expect(
      (await t.call('POST', '/api/admin/moderate', { token: admin, body: { target: 'board', ids: [id], action: 'hide' } })).status,
    ).toBe(200);
    const url = `/community/${id}.data`;
    expect((await page(url)).status).toBe(404);
    const seen = await page(url, admin);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain('숨긴 뒤 옮겨 가는 글');
    expect((await page(url, liker.token)).status).toBe(404);
    expect((await page(url)).status).toBe(404);
  });
});

// A home's address and contact are for members (PRODUCT.md "Housing"): its page is one stored copy
// without them, and each member's fill-in reads them (pages/member-fill.ts), into the page's
// holes or, on a client navigation, the X-Me header.
describe('a home’s contact is filled in for members, never stored in the copy visitors get', { retry: 2 }, () => {
  const CONTACT = { address: '3700 Wilshire Blvd #909', tel: '(213) 555-0199', email: 'room-owner@example.com' };
  const leaks = (text: string) => ['Wilshire', '555-0199', 'room-owner@'].filter((s) => text.includes(s));

  test('members and visitors interleaved on the page and its .data: no render, only members read it', async () => {
    const made = await t.call('POST', '/api/housing', {
      token: author.token,
      body: { title: '연락처를 나누는 방', content: '<p>본문</p>', kind: 1, rent: 1500, ...CONTACT },
    });
    expect(made.status).toBe(200);
    const id: number = made.body.id;
    for (const url of [`/housing/${id}`, `/housing/${id}.data`]) {
      const data = url.endsWith('.data');
      await stored(url);
      pages.renders = 0;
      const answers = await Promise.all(
        [liker, undefined, author, undefined, liker].map(async (m) => ({ m, ...(await page(url, m?.token)) })),
      );
      expect(pages.renders).toBe(0);
      for (const { m, html, headers, status } of answers) {
        expect(status).toBe(200);
        if (!m) {
          expect(leaks(html)).toEqual([]);
          if (!data) expect(html).toContain('로그인하고 연락처 보기');
          continue;
        }
        if (data) {
          // The shared answer's body is the visitors'; the member's header says the contact.
          expect(leaks(html)).toEqual([]);
          expect(toldMe(headers)).toMatchObject({ id: m.id, membersOnly: { [`housing:${id}`]: CONTACT } });
          continue;
        }
        expect(meOf(html)?.id).toBe(m.id);
        for (const value of Object.values(CONTACT)) expect(html).toContain(value.replaceAll('&', '&amp;'));
        expect(html).not.toContain('로그인하고 연락처 보기');
      }
    }
  });

  test('an edited address shows to members at once, and still not to visitors', async () => {
    const made = await t.call('POST', '/api/housing', {
      token: author.token,
      body: { title: '주소를 고칠 방', content: '<p>본문</p>', kind: 2, rent: 900, ...CONTACT },
    });
    const id: number = made.body.id;
    const url = `/housing/${id}`;
    await stored(url);
    expect((await page(url, liker.token)).html).toContain(CONTACT.address);
    const edit = await t.call('PUT', '/api/housing', {
      token: author.token,
      body: { id, title: '주소를 고칠 방', content: '<p>본문</p>', kind: 2, rent: 900, ...CONTACT, address: '500 S Normandie Ave #12' },
    });
    expect(edit.status).toBe(200);
    const after = await page(url, liker.token);
    expect(after.html).toContain('500 S Normandie Ave #12');
    expect(after.html).not.toContain(CONTACT.address);
    const visitor = await page(url);
    expect(visitor.html).not.toContain('Normandie');
    expect(leaks(visitor.html)).toEqual([]);
  });
});
