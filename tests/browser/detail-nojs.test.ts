import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectMessage,
  expectNoHorizontalScroll,
  openPage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  submitLogin,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// A post's page without JavaScript (PRODUCT.md, Screens: no dead-end controls): comments,
// replies, edits, deletes and likes post to the page and work through its action; a visitor gets
// links to log in; refusals (an empty box, a write limit) are Korean sentences on the page with
// the typed text kept; typed text never travels in an address. With JavaScript 답글 puts the
// cursor in the reply box and a comment is added without a reload.

const suite = setUpServerAndBrowser();
let postId: number;
let path: string;

interface Comment {
  id: number;
  content: string;
  replies?: Comment[];
}
const commentsOf = async () => (await apiGet<{ items: Comment[] }>(suite.server, `/api/comment?board=${postId}&size=50`)).items;

beforeAll(async () => {
  const [post] = (await apiGet<{ items: { id: number }[] }>(suite.server, '/api/board?topcategory=5&size=1&sort=id')).items;
  if (!post) throw new Error('no community post');
  postId = post.id;
  path = `/community/${postId}`;
});

/** A page with scripts off, signed in as `account` if given; every address it asks for is kept. */
async function noScriptPage(width: number, account?: Pick<Account, 'token'>) {
  const opened = await openPage(suite.browser, suite.server, {
    width: width as 360 | 1280,
    token: account?.token,
    javaScriptEnabled: false,
  });
  const requested: string[] = [];
  opened.page.on('request', (r) => requested.push(`${r.method()} ${decodeURIComponent(r.url())}`));
  return { ...opened, requested };
}

/** The page's own address after a form: the path, with a fragment that names where to look. */
const address = (page: Page) => new URL(page.url());

const commentArticle = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe('without JavaScript', () => {
  for (const width of WIDTHS) {
    test(`a member comments, replies, edits and deletes at ${width} px, and nothing typed goes into an address`, async () => {
      const member = await createAccount(suite.server, 1);
      const { page, requested, close } = await noScriptPage(width, member);
      await page.goto(path);

      // A long word, an emoji and mixed scripts.
      const text = `국제운전면허증발급절차안내문의드립니다 🚗 Seoul→LA 渡美 ${width}`;
      await page.getByLabel('댓글 쓰기').fill(text);
      await page.getByRole('button', { name: '댓글 등록' }).click();
      const mine = commentArticle(page, text);
      await mine.waitFor();
      const [added] = (await commentsOf()).filter((c) => c.content === text);
      expect(added).toBeDefined();
      expect(address(page).pathname).toBe(path);
      expect(address(page).hash).toBe(`#comment-${added?.id}`);
      await expectNoHorizontalScroll(page);

      // 답글 opens the reply box through the address (the comment's id only).
      await mine.getByRole('button', { name: '답글' }).click();
      await page.waitForURL((u) => u.searchParams.get('reply') === String(added?.id));
      const reply = `답글입니다: 한국어와 English, 絵文字 😀👍🏽 ${width}`;
      await page.getByLabel('답글 쓰기').fill(reply);
      await page.getByRole('button', { name: '답글 등록' }).click();
      await page.getByRole('article', { name: '답글' }).filter({ hasText: reply }).waitFor();
      expect(address(page).search).toBe('');
      expect((await commentsOf()).find((c) => c.id === added?.id)?.replies?.map((r) => r.content)).toEqual([reply]);

      // 수정: the box holds the comment's text; the new text replaces it.
      await commentArticle(page, text).first().getByRole('button', { name: '수정' }).click();
      const box = page.getByLabel('댓글 수정');
      expect(await box.inputValue()).toBe(text);
      const edited = `${text} (수정됨: 맞춤법을 고쳤습니다)`;
      await box.fill(edited);
      await saveScreenshot(page, `detail-nojs-edit-${width}`);
      await page.getByRole('button', { name: '저장', exact: true }).click();
      await commentArticle(page, '수정됨').first().waitFor();
      expect((await commentsOf()).find((c) => c.id === added?.id)?.content).toBe(edited);

      // 삭제 asks first, as the confirm dialog does: 취소 keeps the comment.
      const replyArticle = page.getByRole('article', { name: '답글' }).filter({ hasText: reply });
      await replyArticle.getByRole('button', { name: '삭제' }).click();
      await replyArticle.getByRole('alert').filter({ hasText: '댓글을 삭제할까요?' }).waitFor();
      await replyArticle.getByRole('button', { name: '취소' }).click();
      await expect.poll(() => replyArticle.getByRole('alert').count()).toBe(0);
      expect(await replyArticle.count()).toBe(1);
      // Confirmed, the reply goes, then the comment (which has no live reply left).
      await replyArticle.getByRole('button', { name: '삭제' }).click();
      await saveScreenshot(page, `detail-nojs-confirm-${width}`);
      await replyArticle.getByRole('button', { name: '삭제' }).last().click();
      await expect.poll(() => page.getByText(reply).count()).toBe(0);
      const edit = commentArticle(page, '수정됨').first();
      await edit.getByRole('button', { name: '삭제' }).click();
      await edit.getByRole('button', { name: '삭제' }).last().click();
      await expect.poll(() => page.getByText('수정됨').count()).toBe(0);
      expect((await commentsOf()).some((c) => c.id === added?.id)).toBe(false);

      // Every form went as a POST body: no address carried what was typed.
      for (const typed of [text, reply, edited, '국제운전면허증', '😀']) {
        expect(requested.filter((r) => r.includes(typed))).toEqual([]);
      }
      // A comment, a reply, an edit, and two deletes asked and confirmed.
      expect(requested.filter((r) => r.startsWith('POST ')).length).toBe(8);
      await close();
    });
  }

  test('a member likes and takes the like back; the count is exact', async () => {
    const member = await createAccount(suite.server, 1);
    const { page, close } = await noScriptPage(360, member);
    await page.goto(path);
    const like = page.getByRole('button', { name: /좋아요/ });
    const before = Number(await page.getByTestId('like-count').textContent());
    await like.click();
    await page.waitForURL((u) => u.hash === '#like');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect(Number(await page.getByTestId('like-count').textContent())).toBe(before + 1);
    expect((await apiGet<{ item: { like: number } }>(suite.server, `/api/board/${postId}`)).item.like).toBe(before + 1);
    await like.click();
    await expect.poll(async () => Number(await page.getByTestId('like-count').textContent())).toBe(before);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await close();
  });

  test('the author deletes a post of their own after confirming, and lands on the list', async () => {
    const author = await createAccount(suite.server, 1);
    const title = `삭제할글입니다만확인부탁 🗑️ delete-me ${Date.now()}`;
    const { body } = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
      topcategory: 5,
      category: '자유게시판',
      title,
      content: '<p>곧 지웁니다</p>',
    });
    const { page, close } = await noScriptPage(360, author);
    await page.goto(`/community/${body.id}`);
    await page.getByRole('button', { name: '삭제', exact: true }).click();
    const question = page.getByRole('alert').filter({ hasText: '이 글을 삭제할까요?' });
    await question.waitFor();
    expect(await page.getByText('삭제한 글은 되돌릴 수 없습니다.').isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'detail-nojs-post-delete');
    await page.locator('#post-actions').getByRole('button', { name: '삭제' }).last().click();
    await page.waitForURL((u) => u.pathname === '/community');
    const gone = await fetch(`${suite.server.url}/api/board/${body.id}`);
    expect(gone.status).toBe(404);
    await close();
  });

  test('a visitor sees links to log in, not dead buttons, and comes back to the post signed in', async () => {
    const member = await createAccount(suite.server, 1);
    const { page, close } = await noScriptPage(360);
    await page.goto(path);
    expect(await page.getByRole('button', { name: /좋아요/ }).count()).toBe(0);
    const like = page.getByRole('link', { name: /^좋아요 [\d,]+ \(로그인 필요\)$/ });
    expect(await like.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`${path}#like`)}`);
    const login = page.getByRole('region', { name: /댓글/ }).getByRole('link', { name: '로그인' });
    expect(await login.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`${path}#comments`)}`);
    // The page is the one members get too (stored once): their box is in it, hidden from visitors.
    expect(await page.getByLabel('댓글 쓰기').isVisible()).toBe(false);
    // Sharing needs the app: without it the button is not there at all.
    expect(await page.getByRole('button', { name: '공유하기' }).isVisible()).toBe(false);
    await saveScreenshot(page, 'detail-nojs-visitor');

    await login.click();
    await page.waitForURL((u) => u.pathname === '/login');
    await submitLogin(page.getByRole('main'), member);
    await page.waitForURL((u) => u.pathname === path && u.hash === '#comments');
    await page.getByLabel('댓글 쓰기').waitFor();
    await close();
  });

  test('an admin’s moderation box says that its tools need JavaScript instead of showing dead buttons', async () => {
    const { page, close } = await noScriptPage(360, { token: await rootToken(suite.server) });
    await page.goto(path);
    const box = page.getByRole('region', { name: '관리자 메뉴' });
    expect(await box.getByText('숨기기, 삭제 같은 관리 기능은 JavaScript를 켜야 쓸 수 있습니다.').isVisible()).toBe(true);
    expect(await box.getByRole('button').filter({ visible: true }).count()).toBe(0);
    // 수정 is a link to the write page, which works without it.
    expect(await box.getByRole('link', { name: '수정' }).isVisible()).toBe(true);
    await close();
  });

  test('a comment sent after the session ended says to log in again', async () => {
    const member = await createAccount(suite.server, 1);
    const { page, close } = await noScriptPage(360, member);
    await page.goto(path);
    await page.getByLabel('댓글 쓰기').fill('세션이끝난뒤에보낸댓글 ⏰');
    await page.context().clearCookies();
    await page.getByRole('button', { name: '댓글 등록' }).click();
    await expectMessage(page, 'alert', '로그인이 필요합니다. 로그인한 뒤 다시 시도하세요');
    expect(await page.getByRole('region', { name: /댓글/ }).getByRole('link', { name: '로그인' }).isVisible()).toBe(true);
    expect((await commentsOf()).some((c) => c.content.startsWith('세션이끝난뒤에'))).toBe(false);
    await close();
  });

  test('an empty comment is refused with the site’s Korean message', async () => {
    const member = await createAccount(suite.server, 1);
    const { page, close } = await noScriptPage(360, member);
    await page.goto(path);
    await page.getByLabel('댓글 쓰기').fill('   ');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: '댓글 등록' }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expectMessage(page, 'alert', '댓글을 입력하세요');
    await close();
  });

  test('a write limit is a Korean sentence that says how long to wait, and the typed text stays', async () => {
    // A first-day account may comment five times a minute.
    const member = await createAccount(suite.server, 1);
    for (let i = 0; i < 5; i++) {
      expect((await apiCall(suite.server, 'POST', '/api/comment', member.token, { board: postId, content: `연속 댓글 ${i}` })).status).toBe(
        200,
      );
    }
    for (const width of WIDTHS) {
      const { page, requested, close } = await noScriptPage(width, member);
      await page.goto(path);
      const text = `여섯번째댓글입니다만제한에걸릴까요 🙏 limit-${width}`;
      await page.getByLabel('댓글 쓰기').fill(text);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: '댓글 등록' }).click(),
      ]);
      expect(answer.status()).toBe(429);
      const alert = page.getByRole('alert').filter({ hasText: '댓글은' });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/^가입 첫날에는 댓글은 1분에 5개까지 달 수 있습니다\. (\d+초|1분) 후에 다시 시도하세요$/);
      expect(await page.getByLabel('댓글 쓰기').inputValue()).toBe(text);
      expect(requested.filter((r) => r.includes('여섯번째'))).toEqual([]);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'detail-nojs-limit');
      await close();
    }
  });
});

describe('with JavaScript', () => {
  test('답글 puts the cursor in the reply box, and the reply is added without a reload', async () => {
    const member = await createAccount(suite.server, 1);
    const text = `포커스 확인용 댓글 ${Date.now()}`;
    await apiCall(suite.server, 'POST', '/api/comment', member.token, { board: postId, content: text });
    for (const width of WIDTHS) {
      const { page, errors, close } = await suite.visit(path, { width, token: member.token, status: 200 });
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await commentArticle(page, text).getByRole('button', { name: '답글' }).click();
      const box = page.getByLabel('답글 쓰기');
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await commentArticle(page, text).getByRole('button', { name: '답글' }).getAttribute('aria-expanded')).toBe('true');
      // Typing goes straight into the box.
      const reply = `바로입력한답글 ✍️ ${width}`;
      await page.keyboard.type(reply);
      await page.getByRole('button', { name: '답글 등록' }).click();
      await page.getByRole('article', { name: '답글' }).filter({ hasText: reply }).waitFor();
      expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
      expect(new URL(page.url()).search).toBe('');
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    }
  });

  test('수정 puts the cursor in the comment’s box and saves without a reload', async () => {
    const member = await createAccount(suite.server, 1);
    const text = `고칠댓글입니다 ✏️ ${Date.now()}`;
    await apiCall(suite.server, 'POST', '/api/comment', member.token, { board: postId, content: text });
    const { page, errors, close } = await suite.visit(path, { width: 360, token: member.token, status: 200 });
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await commentArticle(page, text).getByRole('button', { name: '수정' }).click();
    const box = page.getByLabel('댓글 수정');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await box.inputValue()).toBe(text);
    const edited = `${text} — 고쳤어요 (edited) 🙂`;
    await box.fill(edited);
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expectMessage(page, 'status', '댓글을 수정했습니다');
    await commentArticle(page, edited).waitFor();
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  test('a refused like says how long to wait, in Korean', async () => {
    // A first-day account may like twenty times a minute; spend them on another post.
    const member = await createAccount(suite.server, 1);
    const [other] = (await apiGet<{ items: { id: number }[] }>(suite.server, '/api/board?topcategory=5&size=1&sort=-id')).items;
    for (let i = 0; i < 20; i++) await apiCall(suite.server, 'POST', '/api/like', member.token, { target: 'board', item: other?.id });
    const { page, close } = await suite.visit(path, { width: 360, token: member.token, status: 200 });
    await page.getByRole('button', { name: /좋아요/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: '좋아요는' });
    await alert.waitFor();
    // The toast: the sentence, then its close button.
    expect(await alert.textContent()).toMatch(/^가입 첫날에는 좋아요는 1분에 20개까지 누를 수 있습니다\. (\d+초|1분) 후에 다시 시도하세요/);
    expect(await page.getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('false');
    await close();
  });
});
