import { describe, expect, test } from 'vitest';
import {
  apiCall,
  createAccount,
  fetchPage,
  openPage,
  setUpServerAndBrowser,
  submitLogin,
  unexpectedErrors,
} from '#tests/support/browser.ts';

// A member's page comes from the visitors' stored copy with their parts filled in by the server
// (traffic issue). In Chromium the app hydrates over exactly that HTML: no hydration error, the
// member's own name, controls and like state, and they work; without JavaScript the same state
// is in the HTML. A client navigation gets the visitors' stored `.data` answer too, the member's
// state beside it in a header: the page it draws is theirs all the same.

const suite = setUpServerAndBrowser();

describe('members on shared pages', () => {
  test('the author and another member hydrate the stored copy with their own header, controls and like', async () => {
    const [author, reader] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const made = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
      topcategory: 5,
      title: '저장된 페이지로 보는 글',
      content: '<p>본문</p>',
    });
    const url = `/community/${made.body.id}`;
    // A visitor's visit stores the page; the members get that copy.
    expect((await fetchPage(suite.server, url)).status).toBe(200);

    const mine = await suite.visit(url, { token: author.token, status: 200 });
    const account = mine.page.getByRole('navigation', { name: '내 계정' });
    await account.getByRole('link', { name: /님/ }).waitFor();
    expect(await account.getByRole('link', { name: /님/ }).textContent()).toContain(`테스터${author.loginid.slice(5, 13)}님`);
    await mine.page.getByRole('link', { name: '수정', exact: true }).waitFor();
    expect(await mine.page.getByRole('link', { name: '수정', exact: true }).isVisible()).toBe(true);
    expect(await mine.page.getByRole('link', { name: '로그인' }).count()).toBe(0);
    expect(unexpectedErrors(mine.errors)).toEqual([]);
    await mine.close();

    const theirs = await suite.visit(url, { token: reader.token, status: 200 });
    expect(await theirs.page.getByRole('link', { name: '수정', exact: true }).isVisible()).toBe(false);
    expect(await theirs.page.getByLabel('댓글 쓰기').isVisible()).toBe(true);
    const like = theirs.page.getByRole('button', { name: /좋아요/ });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(unexpectedErrors(theirs.errors)).toEqual([]);
    await theirs.close();

    // Reloaded from the renewed copy: the like is theirs, not the author's.
    const again = await suite.visit(url, { token: reader.token, status: 200 });
    expect(await again.page.getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('true');
    expect(unexpectedErrors(again.errors)).toEqual([]);
    await again.close();
    const authorAgain = await suite.visit(url, { token: author.token, status: 200 });
    expect(await authorAgain.page.getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('false');
    await authorAgain.close();
  });

  test('without JavaScript a member reads their own state in the page', async () => {
    const member = await createAccount(suite.server);
    const { page, close } = await openPage(suite.browser, suite.server, { token: member.token, javaScriptEnabled: false });
    await page.goto('/community');
    const account = page.getByRole('navigation', { name: '내 계정' });
    expect(await account.getByRole('link', { name: /님/ }).isVisible()).toBe(true);
    expect(await account.getByRole('button', { name: '로그아웃' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '글쓰기' }).isVisible()).toBe(true);
    await close();
  });

  test('a member navigating from the list to a post in the app sees their own like state and controls, and can like', async () => {
    const [author, reader] = await Promise.all([createAccount(suite.server), createAccount(suite.server)]);
    const title = `목록에서 옮겨 가는 글 ${author.id}`;
    const made = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
      topcategory: 5,
      title,
      content: '<p>본문</p>',
    });
    const url = `/community/${made.body.id}`;
    // A visitor's visits store the list and the post's loader data; the members get those copies.
    expect((await fetchPage(suite.server, '/community')).status).toBe(200);
    expect((await fetchPage(suite.server, `${url}.data`)).status).toBe(200);

    /** Opens the list as `who` and goes to the post by its link, in the app. */
    const navigate = async (who: typeof author) => {
      const visited = await suite.visit('/community', { token: who.token, status: 200 });
      const told: (string | null)[] = [];
      visited.page.on('response', (res) => {
        if (new URL(res.url()).pathname === `${url}.data`) told.push(res.headers()['x-me'] ?? null);
      });
      await visited.page.getByRole('link', { name: title }).first().click();
      await visited.page.waitForURL(`**${url}`);
      await visited.page.getByRole('heading', { name: title }).waitFor();
      // The post came in the app from the shared copy, which named this member.
      expect(told.length).toBe(1);
      expect(JSON.parse(decodeURIComponent(told[0] ?? 'null'))?.nickname).toBe(`테스터${who.loginid.slice(5, 13)}`);
      return visited;
    };

    const theirs = await navigate(reader);
    const like = theirs.page.getByRole('button', { name: /좋아요/ });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await theirs.page.getByRole('link', { name: '수정', exact: true }).isVisible()).toBe(false);
    expect(await theirs.page.getByLabel('댓글 쓰기').isVisible()).toBe(true);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    // Back to the list and to the post again, in the app: their like, at once.
    await theirs.page.goBack();
    await theirs.page.waitForURL('**/community');
    await theirs.page.getByRole('link', { name: title }).first().click();
    await theirs.page.waitForURL(`**${url}`);
    await theirs.page.getByRole('heading', { name: title }).waitFor();
    // Drawn so from the start: no flash of a like that is not theirs.
    expect(await theirs.page.getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('true');
    expect(unexpectedErrors(theirs.errors)).toEqual([]);
    await theirs.close();

    const mine = await navigate(author);
    expect(await mine.page.getByRole('link', { name: '수정', exact: true }).isVisible()).toBe(true);
    expect(await mine.page.getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('false');
    const account = mine.page.getByRole('navigation', { name: '내 계정' });
    expect(await account.getByRole('link', { name: /님/ }).textContent()).toContain(`테스터${author.loginid.slice(5, 13)}님`);
    expect(unexpectedErrors(mine.errors)).toEqual([]);
    await mine.close();
  });

  test('logging in and out on a shared post in the app: the shared answer names the member, then nobody', async () => {
    const author = await createAccount(suite.server);
    const title = `로그인하며 보는 글 ${author.id}`;
    const made = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', author.token, {
      topcategory: 5,
      title,
      content: '<p>본문</p>',
    });
    const url = `/community/${made.body.id}`;
    const { page, errors, close } = await suite.visit(url, { status: 200 });
    const told: (string | null)[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === `${url}.data`) told.push(res.headers()['x-me'] ?? null);
    });
    const edit = page.getByRole('link', { name: '수정', exact: true });
    expect(await edit.isVisible()).toBe(false);
    await page.getByRole('banner').getByRole('link', { name: '로그인' }).click();
    // The dialog puts focus in its first field once open; typing before that lands there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('loginid');
    await submitLogin(page.getByRole('dialog'), author);
    const nickname = `테스터${author.loginid.slice(5, 13)}`;
    await page.getByRole('banner').getByText(`${nickname}님`, { exact: false }).waitFor();
    // The post's data was loaded again from the shared answer, which named the author.
    expect(told.some((h) => h !== null && JSON.parse(decodeURIComponent(h)).id === author.id)).toBe(true);
    await edit.waitFor();
    expect(await page.getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('false');

    await page.getByRole('banner').getByRole('button', { name: '로그아웃' }).click();
    await page.getByRole('dialog', { name: '로그아웃 하시겠습니까?' }).getByRole('button', { name: '확인' }).click();
    await page.getByRole('banner').getByRole('link', { name: '로그인' }).waitFor();
    expect(await edit.isVisible()).toBe(false);
    expect(await page.getByRole('banner').getByText(`${nickname}님`, { exact: false }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
