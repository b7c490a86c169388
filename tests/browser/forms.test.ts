import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiGet,
  createAccount,
  expectNoHorizontalScroll,
  hydrated,
  message,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  type Width,
  WIDTHS,
} from '#tests/support/browser.ts';

// Every form outside the detail pages, as a person meets it: the site's Korean messages under the
// fields (never the browser's bubbles), each going as soon as its field is fixed, a success toast
// in place of the error before it, a 구직 post without a company or a deadline, a business with
// several photos and closed days, and the same forms working with JavaScript off.

// A member here writes more in a minute than a newcomer's budget allows (write-limits.test.ts).
const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0' } });
let member: Account;
let admin: Account;

beforeAll(async () => {
  [member, admin] = await Promise.all([createAccount(suite.server, 1), createAccount(suite.server, 3)]);
});

/** Korean as people type it: a long word with no space to break at, emoji and Latin mixed in. */
const LONG_TITLE = '캘리포니아한인연합회주최추석맞이대잔치자원봉사자모집공고 🎉 Chuseok 2026 café';

const visit = (path: string, token: string, width: Width) => suite.visit(path, { token, width, status: 200 });

/** Sends a form with JavaScript off and waits for the page that answers it. */
async function post(button: Locator) {
  const page = button.page();
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document');
  await button.click();
  await answer;
  await page.waitForLoadState();
}

/** A page with JavaScript off, signed in. */
async function withoutScript(path: string, token: string, width: Width = 360) {
  const opened = await openPage(suite.browser, suite.server, { token, width, javaScriptEnabled: false });
  const answer = await opened.page.goto(path);
  expect(answer?.status(), path).toBe(200);
  return opened;
}

/** The control's own problem: its aria-invalid and the message it names with aria-describedby. */
async function problemOf(control: Locator): Promise<string | null> {
  if ((await control.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await control.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const page = control.page();
  for (const id of ids) {
    if (id.endsWith('-error')) return page.locator(`[id="${id}"]`).innerText();
  }
  return '';
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.id);

/** No control of the page's forms is left to the browser's own validation. */
async function expectNoBrowserBubbles(page: Page) {
  const unchecked = await page.$$eval(
    'main form:not([novalidate]):has(input:not([type=hidden]), textarea, select)',
    (forms) => forms.length,
  );
  expect(unchecked, 'forms without noValidate').toBe(0);
}

describe('messages under the fields', () => {
  for (const width of WIDTHS) {
    test(`a jobs post at ${width}px: every problem under its field, each gone once fixed, the others kept; the save replaces the error toast`, async () => {
      const { page, errors, close } = await visit('/jobs/write', member.token, width);
      await expectNoBrowserBubbles(page);
      await saveScreenshot(page, 'forms-jobs-write');
      const title = page.getByLabel('제목', { exact: true });
      const email = page.getByLabel('이메일', { exact: true });
      await email.fill('담당자 at example');
      await page.getByRole('button', { name: '등록', exact: true }).click();

      await expect.poll(() => problemOf(title)).toBe('제목을 입력하세요');
      expect(await problemOf(email)).toBe('이메일 형식이 올바르지 않습니다');
      expect(await focusedName(page), 'focus on the first field in reading order').toBe('title');
      // Read out at once as an alert, and drawn only under the field (never over the page).
      const errorToast = message(page, 'alert', '제목을 입력하세요');
      await errorToast.waitFor({ state: 'attached' });
      expect(await errorToast.evaluate((el) => el.getBoundingClientRect().width), 'not drawn over the page').toBeLessThanOrEqual(1);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'forms-jobs-write-error', { fullPage: false });

      await title.pressSequentially('주방');
      expect(await problemOf(title), 'the fixed field').toBeNull();
      expect(await problemOf(email), 'the field not fixed yet').toBe('이메일 형식이 올바르지 않습니다');
      await title.fill(LONG_TITLE);
      await email.fill('jobs@example.com');
      expect(await problemOf(email)).toBeNull();
      expect(await page.locator('main [aria-invalid="true"]').count()).toBe(0);

      await title.press('Enter');
      await page.waitForURL(/\/jobs\/\d+$/);
      await message(page, 'status', '저장했습니다').waitFor();
      expect(await errorToast.count(), 'the error toast made way for the success').toBe(0);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(LONG_TITLE);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'forms-jobs-saved', { fullPage: false });
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('the login dialog: the Korean message under the field at fault, gone as soon as it is typed in', async () => {
    const t = await openPage(suite.browser, suite.server, { width: 360 });
    await t.page.goto('/login');
    await hydrated(t.page);
    await t.page.getByRole('button', { name: '회원가입' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByRole('button', { name: '가입하기' }).click();
    const name = dialog.getByLabel('이름', { exact: true });
    await expect.poll(() => problemOf(name)).toBe('이름을 입력하세요');
    expect(await focusedName(t.page)).toBe('name');
    await message(t.page, 'alert', '이름을 입력하세요').waitFor();
    await saveScreenshot(t.page, 'forms-signup-error', { fullPage: false });
    await name.pressSequentially('김😀Kim');
    expect(await problemOf(name)).toBeNull();
    await dialog.getByRole('button', { name: '가입하기' }).click();
    const nickname = dialog.getByLabel('닉네임', { exact: true });
    await expect.poll(() => problemOf(nickname)).toBe('닉네임을 입력하세요');
    expect(await name.inputValue(), 'what was typed stays').toBe('김😀Kim');

    await dialog.getByRole('tab', { name: '로그인' }).click();
    await dialog.getByRole('button', { name: '로그인', exact: true }).click();
    const loginid = dialog.getByLabel('아이디(이메일)', { exact: true });
    await expect.poll(() => problemOf(loginid)).toBe('로그인 아이디를 입력하세요');
    await loginid.fill(member.loginid);
    expect(await problemOf(loginid)).toBeNull();
    await t.close();
  });

  for (const width of WIDTHS) {
    test(`the inquiry and my info forms at ${width}px: both problems shown, one fixed, the other kept`, async () => {
      const { page, errors, close } = await visit('/customer/inquiry', member.token, width);
      await expectNoBrowserBubbles(page);
      await saveScreenshot(page, 'forms-inquiry');
      await page.getByRole('button', { name: '문의 보내기' }).click();
      const title = page.getByLabel('제목', { exact: true });
      const content = page.getByLabel('내용', { exact: true });
      await expect.poll(() => problemOf(title)).toBe('제목을 입력하세요');
      expect(await problemOf(content)).toBe('내용을 입력하세요');
      expect(await focusedName(page)).toBe('title');
      await saveScreenshot(page, 'forms-inquiry-error', { fullPage: false });
      await title.fill(LONG_TITLE);
      expect(await problemOf(title)).toBeNull();
      expect(await problemOf(content)).toBe('내용을 입력하세요');
      await content.fill('한 줄 🙏\n두 번째 줄 with English');
      await page.getByRole('button', { name: '문의 보내기' }).click();
      await page.waitForURL(/\/mypage\/inquiry$/);
      await message(page, 'status', '문의가 접수되었습니다').waitFor();
      await saveScreenshot(page, 'forms-inquiry-saved', { fullPage: false });

      await page.goto('/mypage/myinfo');
      await page.getByRole('heading', { name: '기본 정보' }).waitFor();
      await expectNoBrowserBubbles(page);
      const profile = page.getByRole('form', { name: '기본 정보' });
      const name = profile.getByLabel('이름', { exact: true });
      const nickname = profile.getByLabel('닉네임', { exact: true });
      await name.fill('');
      await nickname.fill('');
      await profile.getByRole('button', { name: '저장' }).click();
      await expect.poll(() => problemOf(name)).toBe('이름을 입력하세요');
      expect(await problemOf(nickname)).toBe('닉네임을 입력하세요');
      const passwords = page.getByRole('form', { name: '비밀번호 변경' });
      await passwords.getByRole('button', { name: '비밀번호 변경' }).click();
      const current = passwords.getByLabel('현재 비밀번호', { exact: true });
      await expect.poll(() => problemOf(current)).toBe('현재 비밀번호를 입력하세요');
      expect(await problemOf(name), 'another form keeps its own problems').toBe('이름을 입력하세요');
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'forms-myinfo-error');
      await name.fill('김한인');
      expect(await problemOf(name)).toBeNull();
      expect(await problemOf(nickname)).toBe('닉네임을 입력하세요');
      await nickname.fill(`한인${width}🙂`);
      await profile.getByRole('button', { name: '저장' }).click();
      await message(page, 'status', '내 정보가 저장되었습니다').waitFor();
      await saveScreenshot(page, 'forms-myinfo-saved', { fullPage: false });
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('the main schedule form: the schema’s Korean messages, no browser bubble, an end before its start refused', async () => {
    const { page, errors, close } = await visit('/admin/mainschedule/write', admin.token, 360);
    await expectNoBrowserBubbles(page);
    await saveScreenshot(page, 'forms-schedule');
    const title = page.getByLabel('제목', { exact: true });
    await page.getByLabel('시작일').fill('2026-12-24');
    await page.getByLabel('종료일').fill('2026-12-20');
    await page.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => problemOf(title)).toBe('제목을 입력하세요');
    expect(await problemOf(page.getByLabel('종료일'))).toBe('종료일은 시작일보다 빠를 수 없습니다');
    await saveScreenshot(page, 'forms-schedule-error');
    await title.fill('성탄 음악회 🎄 Christmas Concert');
    expect(await problemOf(title)).toBeNull();
    expect(await problemOf(page.getByLabel('종료일'))).toBe('종료일은 시작일보다 빠를 수 없습니다');
    await page.getByLabel('종료일').fill('2026-12-25');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/admin\/mainschedule$/);
    await message(page, 'status', '저장했습니다').waitFor();
    await expect.poll(() => page.getByRole('main').innerText()).toContain('성탄 음악회 🎄 Christmas Concert');
    await saveScreenshot(page, 'forms-schedule-saved', { fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('jobs and business write', () => {
  test('a 구직 post asks for no company or deadline and shows no 상시 모집, in the list or on its page', async () => {
    const { page, errors, close } = await visit('/jobs/write', member.token, 360);
    await page.getByLabel('구분').selectOption({ label: '구직' });
    expect(await page.getByLabel('회사명').count()).toBe(0);
    expect(await page.getByLabel(/마감일/).count()).toBe(0);
    expect(await page.getByLabel('희망 고용 형태').count()).toBe(1);
    const title = `주말 파트타임 구합니다 ${Date.now()}`;
    await page.getByLabel('제목', { exact: true }).fill(title);
    await saveScreenshot(page, 'forms-jobs-seeking');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const { item } = await apiGet<{ item: { type: number; companyname: string; limitdate: string } }>(suite.server, `/api/jobs/${id}`);
    expect(item).toMatchObject({ type: 2, companyname: '', limitdate: '' });
    const main = page.getByRole('main');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    expect(await main.innerText()).not.toContain('상시 모집');
    expect(await main.getByText('마감일', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'forms-jobs-seeking-saved', { fullPage: false });
    await page.goto(`/jobs?keyword=${encodeURIComponent(title)}`);
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.waitFor();
    expect(await row.innerText()).not.toContain('상시 모집');
    expect(errors).toEqual([]);
    await close();
  });

  for (const width of WIDTHS) {
    test(`a business at ${width}px takes several photos and closed days; its page shows both`, async () => {
      const { page, errors, close } = await visit('/business/write', member.token, width);
      await page.getByLabel('업소명').fill(`한빛 분식 🍜 Hanbit ${width}`);
      const photo = async (color: string) =>
        sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
          .png()
          .toBuffer();
      await page.locator('input[type=file]').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: await photo('#c0392b') },
        { name: 'inside.png', mimeType: 'image/png', buffer: await photo('#2980b9') },
      ]);
      await expect.poll(() => page.getByRole('img', { name: /^사진 \d$/ }).count()).toBe(2);
      await page.getByRole('checkbox', { name: '일' }).check();
      await page.getByRole('checkbox', { name: '월' }).check();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'forms-business-write');
      await page.getByRole('button', { name: '등록', exact: true }).click();
      await page.waitForURL(/\/business\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const { item } = await apiGet<{ item: { images: string[]; image: string; closeddays: string } }>(suite.server, `/api/business/${id}`);
      expect(item.images).toHaveLength(2);
      expect(item.image).toBe(item.images[0]);
      expect(item.closeddays).toBe('1,7');
      await expect.poll(() => page.getByRole('img', { name: /사진 \d\/2$/ }).count()).toBe(2);
      expect(await page.getByRole('row', { name: /휴무일/ }).innerText()).toContain('월요일, 일요일');
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'forms-business-saved');
      expect(errors).toEqual([]);
      await close();
    });
  }
});

describe('without JavaScript', () => {
  test('a community post: a refusal keeps what was typed and says why under the field; the post is then saved', async () => {
    const { page, close } = await withoutScript('/community/write', member.token);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
    expect(await page.locator('main form').getAttribute('method')).toBe('post');
    await page.getByLabel('분류').selectOption('자유게시판');
    const content = page.getByRole('textbox', { name: '내용' });
    await content.fill('자바스크립트 없이 쓴 글 ✍️\n둘째 줄 second line');
    await post(page.getByRole('button', { name: '등록', exact: true }));
    const title = page.getByLabel('제목', { exact: true });
    expect(await problemOf(title)).toBe('제목을 입력하세요');
    expect(await content.inputValue()).toBe('자바스크립트 없이 쓴 글 ✍️\n둘째 줄 second line');
    expect(await page.getByLabel('분류').inputValue()).toBe('자유게시판');
    await saveScreenshot(page, 'forms-nojs-community-error');
    await title.fill(LONG_TITLE);
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await page.waitForURL(/\/community\/\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(LONG_TITLE);
    expect(await page.getByRole('main').innerText()).toContain('둘째 줄 second line');
    await saveScreenshot(page, 'forms-nojs-community-saved');
    // Typed text went in request bodies, never in an address.
    expect(requests.filter((r) => r.includes(encodeURIComponent('자바스크립트')))).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('editing a formatted post keeps its bold, heading, list and link (%i px)', async (width) => {
    const formatted =
      '<h3>모임 안내</h3><p><strong>토요일 오후 2시</strong>, <em>공원</em>에서 만나요. <a href="https://map.example/park">지도 보기</a></p><ul><li>회비 없음</li><li>간식 각자</li></ul>';
    const created = await fetch(`${suite.server.url}/api/board`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ topcategory: 5, category: '모임', title: '서식 있는 모임 글', content: formatted }),
    });
    const { id } = (await created.json()) as { id: number };
    // As stored: the sanitizer's form of it (a link gets its rel).
    const stored = (await apiGet<{ item: { content: string } }>(suite.server, `/api/board/${id}`)).item.content;
    expect(stored).toContain('<strong>토요일 오후 2시</strong>');
    const { page, close } = await withoutScript(`/community/write?id=${id}`, member.token, width);
    const content = page.getByRole('textbox', { name: '내용' });
    // One block a line, as a person reads it.
    const editing = await content.inputValue();
    expect(editing.replace(/\n/g, ''), 'the box holds the post’s HTML, not its bare lines').toBe(stored);
    expect(editing.split('\n')[0]).toBe('<h3>모임 안내</h3>');
    expect(await page.getByRole('main').innerText()).toContain('HTML 그대로 고칩니다');
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'forms-nojs-formatted-edit');
    await content.fill(editing.replace('간식 각자', '간식 각자 준비'));
    await page.getByRole('button', { name: '수정 완료' }).click();
    await page.waitForURL(new RegExp(`/community/${id}$`));
    const { item } = await apiGet<{ item: { content: string } }>(suite.server, `/api/board/${id}`);
    expect(item.content.replace(/\n/g, '')).toBe(stored.replace('간식 각자', '간식 각자 준비'));
    const article = page.getByRole('article');
    expect(await article.locator('strong').innerText()).toBe('토요일 오후 2시');
    expect(await article.getByRole('link', { name: '지도 보기' }).getAttribute('href')).toBe('https://map.example/park');
    expect(await article.getByRole('listitem').allInnerTexts()).toEqual(['회비 없음', '간식 각자 준비']);
    await close();
  });

  test('editing a plain post keeps it as lines', async () => {
    const created = await fetch(`${suite.server.url}/api/board`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ topcategory: 5, category: '자유게시판', title: '그냥 글', content: '<p>첫 줄</p><p>둘째 줄</p>' }),
    });
    const { id } = (await created.json()) as { id: number };
    const { page, close } = await withoutScript(`/community/write?id=${id}`, member.token);
    const content = page.getByRole('textbox', { name: '내용' });
    expect(await content.inputValue()).toBe('첫 줄\n둘째 줄');
    expect(await page.getByRole('main').innerText()).not.toContain('HTML 그대로 고칩니다');
    await content.fill('첫 줄\n둘째 줄\n셋째 줄 <b>글자 그대로</b>');
    await page.getByRole('button', { name: '수정 완료' }).click();
    await page.waitForURL(new RegExp(`/community/${id}$`));
    const { item } = await apiGet<{ item: { content: string } }>(suite.server, `/api/board/${id}`);
    expect(item.content).toBe('<p>첫 줄</p><p>둘째 줄</p><p>셋째 줄 &lt;b&gt;글자 그대로&lt;/b&gt;</p>');
    await close();
  });

  test('a business edit keeps its photos and saves its closed days', async () => {
    const photo = ['/api/webdata/2026/11/kept.webp'];
    const created = await fetch(`${suite.server.url}/api/business`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ title: '사진 있는 업소', images: photo, content: '<p>소개</p>' }),
    });
    const { id } = (await created.json()) as { id: number };
    const { page, close } = await withoutScript(`/business/write?id=${id}`, member.token, 1280);
    expect(await page.getByRole('main').innerText()).toContain('사진을 올리거나 순서를 바꾸려면 JavaScript를 켜 주세요');
    expect(await page.locator('#image-picker-add').isVisible(), 'no upload button that cannot work').toBe(false);
    await page.getByRole('checkbox', { name: '토' }).check();
    await page.getByRole('button', { name: '수정 완료' }).click();
    await page.waitForURL(new RegExp(`/business/${id}$`));
    const { item } = await apiGet<{ item: { images: string[]; closeddays: string; content: string } }>(suite.server, `/api/business/${id}`);
    expect(item).toMatchObject({ images: photo, closeddays: '6', content: '<p>소개</p>' });
    await saveScreenshot(page, 'forms-nojs-business-saved');
    await close();
  });

  test('an inquiry, my info and the main schedule work through their pages', async () => {
    const account = await createAccount(suite.server);
    const inquiry = await withoutScript('/customer/inquiry', account.token);
    const { page } = inquiry;
    await page.getByLabel('내용', { exact: true }).fill('환불 문의 드립니다 💳');
    await post(page.getByRole('button', { name: '문의 보내기' }));
    expect(await problemOf(page.getByLabel('제목', { exact: true }))).toBe('제목을 입력하세요');
    expect(await page.getByLabel('내용', { exact: true }).inputValue()).toBe('환불 문의 드립니다 💳');
    await saveScreenshot(page, 'forms-nojs-inquiry-error');
    await page.getByLabel('제목', { exact: true }).fill('환불 문의');
    await page.getByRole('button', { name: '문의 보내기' }).click();
    await page.waitForURL(/\/mypage\/inquiry$/);
    expect(await page.getByRole('main').innerText()).toContain('환불 문의');

    await page.goto('/mypage/myinfo');
    const profile = page.getByRole('form', { name: '기본 정보' });
    await profile.getByLabel('닉네임', { exact: true }).fill('');
    await profile.getByLabel('이름', { exact: true }).fill('박자바 Park');
    await post(profile.getByRole('button', { name: '저장' }));
    expect(await problemOf(page.getByRole('form', { name: '기본 정보' }).getByLabel('닉네임', { exact: true }))).toBe(
      '닉네임을 입력하세요',
    );
    expect(await page.getByRole('form', { name: '기본 정보' }).getByLabel('이름', { exact: true }).inputValue()).toBe('박자바 Park');
    await page.getByRole('form', { name: '기본 정보' }).getByLabel('닉네임', { exact: true }).fill('스크립트없이');
    await post(page.getByRole('form', { name: '기본 정보' }).getByRole('button', { name: '저장' }));
    expect(await page.getByRole('form', { name: '기본 정보' }).getByLabel('닉네임', { exact: true }).inputValue()).toBe('스크립트없이');

    const passwords = page.getByRole('form', { name: '비밀번호 변경' });
    await passwords.getByLabel('현재 비밀번호', { exact: true }).fill(account.passwd);
    await passwords.getByLabel('새 비밀번호', { exact: true }).fill('새-비밀번호-2026');
    await passwords.getByLabel('새 비밀번호 확인', { exact: true }).fill('새-비밀번호-2026');
    await post(passwords.getByRole('button', { name: '비밀번호 변경' }));
    await page.getByRole('status').filter({ hasText: '비밀번호가 변경되었습니다' }).waitFor();
    // This session goes on with its new cookie.
    await page.goto('/mypage/myinfo');
    expect(await page.getByRole('heading', { name: '기본 정보' }).count()).toBe(1);
    await saveScreenshot(page, 'forms-nojs-myinfo-saved');
    await inquiry.close();

    const schedule = await withoutScript('/admin/mainschedule/write', admin.token);
    await post(schedule.page.getByRole('button', { name: '저장' }));
    expect(await problemOf(schedule.page.getByLabel('제목', { exact: true }))).toBe('제목을 입력하세요');
    await schedule.page.getByLabel('제목', { exact: true }).fill('스크립트 없는 일정');
    await schedule.page.getByRole('button', { name: '저장' }).click();
    await schedule.page.waitForURL(/\/admin\/mainschedule$/);
    expect(await schedule.page.getByRole('main').innerText()).toContain('스크립트 없는 일정');
    await schedule.close();
  });
});
