import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  hydrated,
  login,
  openPage,
  type PageOptions,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// Search, the customer centre and my pages against the built app with demo content: grouped
// and highlighted results, an inquiry from form to answer, likes removed from my page, and
// profile edits, at a phone's and a desktop's width.

const CONTACT = { CONTACT_PHONE: '(213) 555-0100', CONTACT_EMAIL: 'help@hanin.example' };

// The customer centre's phone and e-mail are configured; its hours are left unset.
const suite = setUpServerAndBrowser({ env: CONTACT });
let member: Account;

beforeAll(async () => {
  member = await createAccount(suite.server, 1);
});

const visit = (path: string, options: PageOptions = {}) => suite.visit(path, { ...options, status: 200 });

/** A JSON call to the API as a signed-in user. */
async function call(method: string, path: string, token: string, body: unknown) {
  const answer = await apiCall(suite.server, method, path, token, body);
  expect(answer.status, `${method} ${path}`).toBe(200);
  return answer.body;
}

describe('search', () => {
  for (const width of WIDTHS) {
    test(`식당 shows groups with counts and highlighted matches at ${width} px`, async () => {
      const { page, errors, close } = await visit('/search?q=%EC%8B%9D%EB%8B%B9', { width });
      const groups = page.locator('main section[aria-labelledby^="search-"]');
      expect(await groups.count()).toBeGreaterThan(0);
      await expect(groups.first().locator('h2').textContent()).resolves.toMatch(/\d/);
      expect(await page.locator('main mark').first().textContent()).toBe('식당');
      await saveScreenshot(page, 'account-search');
      await expectNoHorizontalScroll(page);
      // A result opens its post.
      const link = groups.first().locator('li a').first();
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL((u) => u.pathname === href?.split('#')[0]);
      expect(await page.locator('h1').first().textContent()).toBeTruthy();
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('a two-syllable word is found, and 더보기 pages one section', async () => {
    const { page, close } = await visit('/search?q=%EC%9D%B4%EC%82%AC');
    expect(await page.locator('main li a').count()).toBeGreaterThan(0);
    expect(await page.locator('main mark').first().textContent()).toBe('이사');
    const more = page.getByRole('link', { name: /검색 결과 더보기/ }).first();
    if (await more.count()) {
      await more.click();
      await page.waitForURL(/section=/);
      expect(await page.getByRole('link', { name: '‹ 전체 검색 결과' }).count()).toBe(1);
    }
    await close();
  });

  test('a closed listing is found, marked 마감', async () => {
    const market = await apiGet<{ items: { id: number; title: string; closed: number }[] }>(
      suite.server,
      '/api/board?topcategory=4&expired=1&size=100',
    );
    const closed = market.items.find((i) => i.closed === 1);
    expect(closed, 'the demo has closed listings').toBeDefined();
    const { page, close } = await visit(`/search?q=${encodeURIComponent(closed?.title ?? '')}&section=market`);
    const result = page.locator('main li').filter({ has: page.locator(`a[href="/market/${closed?.id}"]`) });
    // The badge, not a highlighted word of the title (words are <mark>s).
    const badge = result.locator('span').filter({ hasText: /^마감$/ });
    expect(await badge.count()).toBe(1);
    await close();
  });

  test('no query and no results say what to do', async () => {
    const empty = await visit('/search');
    expect(await empty.page.locator('main').textContent()).toContain('한 번에 찾아보세요');
    await empty.close();
    const none = await visit('/search?q=zzqqxxnothing');
    const text = await none.page.locator('main').textContent();
    expect(text).toContain('검색 결과가 없습니다');
    expect(text).toContain('맞춤법');
    expect(text).toContain('초성');
    await none.close();
  });
});

describe('customer centre and inquiries', () => {
  test('the customer page shows FAQ, the inquiry link, the configured contact and how we answer', async () => {
    for (const width of WIDTHS) {
      const { page, errors, close } = await visit('/customer', { width });
      expect(await page.locator('main details').count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: '1:1 문의하기' }).count()).toBe(1);
      const contact = page.locator('section[aria-labelledby="contact-heading"]');
      expect(await contact.getByRole('link', { name: CONTACT.CONTACT_PHONE }).getAttribute('href')).toBe('tel:2135550100');
      expect(await contact.getByRole('link', { name: CONTACT.CONTACT_EMAIL }).getAttribute('href')).toBe(`mailto:${CONTACT.CONTACT_EMAIL}`);
      // CONTACT_HOURS is not set: no hours, and no made-up ones.
      expect(await contact.locator('dt').allTextContents()).toEqual(['전화', '이메일', '답변 확인']);
      await saveScreenshot(page, 'account-customer');
      await expectNoHorizontalScroll(page);
      expect(errors).toEqual([]);
      await close();
    }
  });

  test('a member asks, sees 대기중, and then the admin’s answer as 답변완료', async () => {
    const { page, close } = await visit('/customer/inquiry', { token: member.token, width: 360 });
    // Nothing typed: the form says what is missing and keeps what was typed.
    await page.getByLabel('내용').fill('주소 변경은 어디서 하나요?');
    await page.getByRole('button', { name: '문의 보내기' }).click();
    // Under the field, and as the error toast.
    expect(await page.getByText('제목을 입력하세요').count()).toBe(2);
    expect(await page.getByRole('alert').filter({ hasText: '제목을 입력하세요' }).count()).toBe(1);
    expect(await page.getByLabel('내용').inputValue()).toBe('주소 변경은 어디서 하나요?');
    await saveScreenshot(page, 'account-inquiry-form');

    await page.getByLabel('제목').fill('주소 변경 문의');
    await page.getByRole('button', { name: '문의 보내기' }).click();
    await page.waitForURL('**/mypage/inquiry');
    expect(await page.getByRole('status').filter({ hasText: '문의가 접수되었습니다' }).count()).toBe(1);
    const card = page.locator('article', { hasText: '주소 변경 문의' });
    expect(await card.textContent()).toContain('대기중');

    const mine = await apiGet<{ items: { id: number; title: string }[] }>(suite.server, '/api/inquiry', member.token);
    const asked = mine.items.find((i) => i.title === '주소 변경 문의');
    await call('PUT', '/api/inquiry', await rootToken(suite.server), { id: asked?.id, answer: '<p>내 정보에서 바꿀 수 있습니다.</p>' });
    await page.reload();
    await hydrated(page);
    const answered = await page.locator('article', { hasText: '주소 변경 문의' }).textContent();
    expect(answered).toContain('답변완료');
    expect(answered).toContain('내 정보에서 바꿀 수 있습니다.');
    await saveScreenshot(page, 'account-mypage-inquiry');
    await close();
  });
});

describe('my inquiries: editable while waiting, read-only once answered', () => {
  test('a member edits one waiting inquiry, deletes another after confirming, and cannot touch an answered one', async () => {
    const asker = await createAccount(suite.server, 1);
    const ask = async (title: string, content: string) =>
      (await call('POST', '/api/inquiry', asker.token, { title, content })).id as number;
    const answered = await ask('환불 요청', '<p>지난주 결제 건입니다.</p>');
    await call('PUT', '/api/inquiry', await rootToken(suite.server), { id: answered, answer: '<p>환불해 드렸습니다.</p>' });
    const removed = await ask('광고 문의', '<p>배너 광고 가격이 궁금합니다.</p>');
    const edited = await ask('이사 업체 등록', '<p>업소록에 올리고 싶습니다.</p><p>연락 주세요.</p>');

    for (const width of WIDTHS) {
      const { page, errors, close } = await visit('/mypage/inquiry', { token: asker.token, width });
      expect(await page.getByRole('link', { name: '이사 업체 등록 수정' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: '이사 업체 등록 삭제' }).count()).toBe(1);
      // Answered: read-only.
      const done = page.locator('article', { hasText: '환불 요청' });
      expect(await done.getByRole('link', { name: /수정/ }).count()).toBe(0);
      expect(await done.getByRole('button', { name: /삭제/ }).count()).toBe(0);
      await saveScreenshot(page, 'account-mypage-inquiry-editable');
      await expectNoHorizontalScroll(page);
      expect(errors).toEqual([]);
      await close();
    }

    const { page, errors, close } = await visit('/mypage/inquiry', { token: asker.token, width: 360 });
    await page.getByRole('link', { name: '이사 업체 등록 수정' }).click();
    await page.waitForURL(`**/customer/inquiry?id=${edited}`);
    await hydrated(page);
    // After a client navigation the address changes a moment before the new page is drawn.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('문의 수정');
    expect(await page.getByLabel('제목').inputValue()).toBe('이사 업체 등록');
    expect(await page.getByLabel('내용').inputValue()).toBe('업소록에 올리고 싶습니다.\n연락 주세요.');
    await saveScreenshot(page, 'account-inquiry-edit');
    await page.getByLabel('제목').fill('이사 업체 등록 방법');
    await page.getByRole('button', { name: '수정 완료' }).click();
    await page.waitForURL('**/mypage/inquiry');
    expect(await page.getByRole('status').filter({ hasText: '문의를 수정했습니다' }).count()).toBe(1);
    expect(await page.locator('article h2').allTextContents()).toContain('이사 업체 등록 방법');

    await page.getByRole('button', { name: '광고 문의 삭제' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('이 문의를 삭제할까요?');
    await dialog.getByRole('button', { name: '확인' }).click();
    await page.getByRole('status').filter({ hasText: '문의를 삭제했습니다' }).waitFor();
    await expect.poll(() => page.locator('article', { hasText: '광고 문의' }).count()).toBe(0);
    const mine = await apiGet<{ items: { id: number }[] }>(suite.server, '/api/inquiry', asker.token);
    const ids = mine.items.map((i) => i.id);
    expect(ids).not.toContain(removed);
    expect(ids).toEqual(expect.arrayContaining([answered, edited]));
    expect(errors).toEqual([]);
    await close();

    // The edit page refuses an answered inquiry and someone else's.
    expect((await fetchPage(suite.server, `/customer/inquiry?id=${answered}`, { token: asker.token })).status).toBe(403);
    expect((await fetchPage(suite.server, `/customer/inquiry?id=${edited}`, { token: member.token })).status).toBe(403);
    expect((await fetchPage(suite.server, '/customer/inquiry?id=99999999', { token: asker.token })).status).toBe(404);
  });
});

describe('the login page', () => {
  test('links to 회원가입 and 비밀번호 찾기, which open those tabs of the dialog', async () => {
    for (const [link, tab] of [
      ['회원가입', '회원가입'],
      ['비밀번호 찾기', '비밀번호 찾기'],
    ] as const) {
      const { page, close } = await suite.visit('/login', { width: 360, status: 200 });
      await page.getByRole('button', { name: link, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected')).toBe('true');
      await close();
    }
  });
});

describe('my page', () => {
  test('a liked post is listed and removed after confirming', async () => {
    const posts = await apiGet<{ items: { id: number; title: string }[] }>(suite.server, '/api/board?topcategory=5&size=1');
    const post = posts.items[0];
    await call('POST', '/api/like', member.token, { target: 'board', item: post?.id });

    for (const width of WIDTHS) {
      const { page, close } = await visit('/mypage', { token: member.token, width });
      await saveScreenshot(page, 'account-mypage');
      await expectNoHorizontalScroll(page);
      await close();
    }

    const { page, errors, close } = await visit('/mypage/like', { token: member.token, width: 360 });
    const link = page.getByRole('link', { name: post?.title });
    expect(await link.getAttribute('href')).toBe(`/community/${post?.id}`);
    await saveScreenshot(page, 'account-mypage-like');
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: `${post?.title} 좋아요 취소` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await page.getByText('좋아요한 글이 없습니다').waitFor();
    const stored = await apiGet<{ total: number }>(suite.server, '/api/like', member.token);
    expect(stored.total).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  test('my info saves a new nickname and refuses a wrong current password', async () => {
    for (const width of WIDTHS) {
      const { page, errors, close } = await visit('/mypage/myinfo', { token: member.token, width });
      expect(await page.getByLabel('닉네임').inputValue()).toContain('테스터');
      await saveScreenshot(page, 'account-myinfo');
      await expectNoHorizontalScroll(page);
      expect(errors).toEqual([]);
      await close();
    }
    const { page, close } = await visit('/mypage/myinfo', { token: member.token });
    const nickname = `새닉${Date.now() % 100000}`;
    await page.getByLabel('닉네임').fill(nickname);
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('내 정보가 저장되었습니다').waitFor();
    const me = await apiGet<{ item: { nickname: string } }>(suite.server, `/api/user/${member.id}`, member.token);
    expect(me.item.nickname).toBe(nickname);

    await page.getByLabel('현재 비밀번호').fill('not-my-password');
    await page.getByLabel('새 비밀번호', { exact: true }).fill('another-pass-2026');
    await page.getByLabel('새 비밀번호 확인').fill('another-pass-2026');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    expect(await page.getByRole('alert').filter({ hasText: '현재 비밀번호가 정확하지 않습니다' }).textContent()).toBeTruthy();
    await close();
  });

  test('모든 기기에서 로그아웃 ends every session, after confirming with JavaScript and at once without it', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const account = await createAccount(suite.server);
      const phone = await login(suite.server, account.loginid, account.passwd);
      const { page, close } = javaScriptEnabled
        ? await visit('/mypage/myinfo', { token: account.token })
        : await openPage(suite.browser, suite.server, { token: account.token, javaScriptEnabled });
      if (!javaScriptEnabled) await page.goto('/mypage/myinfo');
      await page.getByRole('button', { name: '모든 기기에서 로그아웃' }).click();
      if (javaScriptEnabled) await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('link', { name: '로그인' }).first().waitFor();
      for (const token of [account.token, phone]) {
        expect((await apiCall(suite.server, 'GET', `/api/user/${account.id}`, token)).status, `JavaScript ${javaScriptEnabled}`).toBe(401);
      }
      await close();
    }
  });
});

describe('leaving the site', () => {
  for (const width of WIDTHS) {
    test(`회원 탈퇴 asks for the password again and says what happens to posts, comments and messages (${width} px)`, async () => {
      const account = await createAccount(suite.server);
      const { page, errors, close } = await visit('/mypage/myinfo', { token: account.token, width });
      const leave = page.getByRole('form', { name: '회원 탈퇴' });
      const said = await leave.textContent();
      for (const what of ['글', '댓글', '쪽지']) expect(said).toContain(what);
      const button = leave.getByRole('button', { name: '회원 탈퇴' });
      // One tap does nothing but ask for the password, at its field.
      await button.click();
      await expect.poll(() => leave.getByText('비밀번호를 입력하세요').count()).toBe(1);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // A wrong password is refused by the server after the confirmation, at the field.
      await leave.getByLabel('비밀번호', { exact: true }).fill('not-my-password');
      await button.click();
      await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
      await leave.getByText('비밀번호가 정확하지 않습니다').waitFor();
      await saveScreenshot(page, 'account-leave-refused');
      await expectNoHorizontalScroll(page);
      expect((await apiCall(suite.server, 'GET', `/api/user/${account.id}`, account.token)).status).toBe(200);

      await leave.getByLabel('비밀번호', { exact: true }).fill(account.passwd);
      await button.click();
      await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('status').filter({ hasText: '탈퇴되었습니다' }).waitFor();
      expect((await apiCall(suite.server, 'GET', `/api/user/${account.id}`, account.token)).status).toBe(401);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  test('without JavaScript the form leaves with the right password only', async () => {
    const account = await createAccount(suite.server);
    const { page, close } = await openPage(suite.browser, suite.server, { token: account.token, javaScriptEnabled: false, width: 360 });
    await page.goto('/mypage/myinfo');
    const leave = page.getByRole('form', { name: '회원 탈퇴' });
    await leave.getByLabel('비밀번호', { exact: true }).fill('not-my-password');
    await leave.getByRole('button', { name: '회원 탈퇴' }).click();
    await page.getByRole('form', { name: '회원 탈퇴' }).getByText('비밀번호가 정확하지 않습니다').waitFor();
    await page.getByRole('form', { name: '회원 탈퇴' }).getByLabel('비밀번호', { exact: true }).fill(account.passwd);
    await page.getByRole('form', { name: '회원 탈퇴' }).getByRole('button', { name: '회원 탈퇴' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: '로그인' }).waitFor();
    expect((await apiCall(suite.server, 'GET', `/api/user/${account.id}`, account.token)).status).toBe(401);
    await close();
  });
});

describe('wrong passwords', () => {
  for (const width of WIDTHS) {
    test(`the login dialog says how many tries are left, then how long to wait (${width} px)`, async () => {
      const account = await createAccount(suite.server);
      const { page, close } = await visit('/customer', { width });
      await page.getByRole('banner').getByRole('link', { name: '로그인' }).click();
      const dialog = page.getByRole('dialog');
      const problem = dialog.locator('#dialog-passwd-error');
      const attempt = async () => {
        await dialog.getByLabel('아이디(이메일)').fill(account.loginid);
        await dialog.getByLabel('비밀번호', { exact: true }).fill('not-my-password');
        await dialog.getByRole('button', { name: '로그인', exact: true }).click();
        await problem.waitFor();
        const text = (await problem.textContent()) ?? '';
        // The next try starts from a clean field, as a person retyping does.
        await dialog.getByLabel('비밀번호', { exact: true }).fill('');
        await problem.waitFor({ state: 'detached' });
        return text;
      };
      // The first wrong tries say only what SPEC §8 says; from the third on, how many are left.
      expect(await attempt()).toBe('로그인 정보가 정확하지 않습니다');
      expect(await attempt()).toBe('로그인 정보가 정확하지 않습니다');
      expect(await attempt()).toMatch(/^로그인 정보가 정확하지 않습니다\. 7번 더 틀리면 \d+분 동안 로그인할 수 없습니다$/);
      for (let left = 6; left >= 1; left--) {
        expect(await attempt()).toMatch(new RegExp(`\\. ${left}번 더 틀리면 \\d+분 동안`));
      }
      expect(await attempt()).toMatch(/^로그인 정보가 정확하지 않습니다\. 로그인 시도가 너무 많습니다\. \d+분 후에 다시 시도하세요$/);
      await dialog.getByLabel('아이디(이메일)').fill(account.loginid);
      await dialog.getByLabel('비밀번호', { exact: true }).fill(account.passwd);
      await dialog.getByRole('button', { name: '로그인', exact: true }).click();
      await expect.poll(() => problem.textContent()).toMatch(/^로그인 시도가 너무 많습니다\. \d+분 후에 다시 시도하세요$/);
      await saveScreenshot(page, 'account-login-wait', { fullPage: false });
      await close();
    });
  }

  test('the login page without JavaScript says the same', async () => {
    const account = await createAccount(suite.server);
    const { page, close } = await openPage(suite.browser, suite.server, { javaScriptEnabled: false, width: 360 });
    await page.goto('/login');
    const said: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('아이디(이메일)').fill(account.loginid);
      await page.getByLabel('비밀번호', { exact: true }).fill('not-my-password');
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '로그인', exact: true }).click()]);
      said.push((await page.getByRole('main').getByRole('alert').textContent()) ?? '');
    }
    expect(said.at(-1)).toMatch(/^로그인 정보가 정확하지 않습니다\. 7번 더 틀리면 \d+분 동안 로그인할 수 없습니다$/);
    await close();
  });
});
