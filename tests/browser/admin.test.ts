import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  expectMessage,
  expectNoHorizontalScroll,
  fetchPage,
  hydrated,
  rootToken,
  saveScreenshot,
  unexpectedErrors,
  setUpServerAndBrowser,
  type Width,
  WIDTHS,
} from '#tests/support/browser.ts';

// The admin area in Chromium against the built app (demo content on): each screen as the root
// admin, as a level-3 admin and as a member; the user, inquiry, schedule and moderation work
// an admin does there; screenshots of every screen at 360 and 1280 px.

// One new member writes a dozen items within a minute here: write limits are another file's
// subject (tests/api/write-limits.test.ts, tests/browser/detail-nojs.test.ts).
const suite = setUpServerAndBrowser({ env: { WRITE_LIMITS: '0' } });
let root: string;
let admin: Account;
let member: Account;

beforeAll(async () => {
  root = await rootToken(suite.server);
  [admin, member] = await Promise.all([createAccount(suite.server, 3), createAccount(suite.server, 1)]);
});

const call = (method: string, path: string, token: string, body?: unknown) => apiCall<any>(suite.server, method, path, token, body);
const visit = (path: string, token: string, width: Width = 1280) => suite.visit(path, { token, width });

const SCREENS = [
  ['/admin', '관리자'],
  ['/admin/user', '회원 관리'],
  ['/admin/inquiry', '문의 관리'],
  ['/admin/mainschedule', '메인 일정 관리'],
  ['/admin/mainschedule/write', '메인 일정 등록'],
] as const;

describe('who sees the admin screens', () => {
  test.each(SCREENS)(
    '%s: root admin and level-3 admin 200, never cached publicly; member 403; visitor 401 (login dialog)',
    async (path, heading) => {
      for (const token of [root, admin.token]) {
        const answer = await fetchPage(suite.server, path, { token });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        expect(answer.html).toContain(`>${heading}</h1>`);
      }
      expect((await fetchPage(suite.server, path, { token: member.token })).status).toBe(403);
      const visitor = await fetchPage(suite.server, path);
      expect(visitor.status).toBe(401);
      expect(visitor.html).not.toContain(`>${heading}</h1>`);

      const slug = `area-${path.slice(1).replaceAll('/', '-')}`;
      for (const width of WIDTHS) {
        const { page, errors, close, status } = await visit(path, root, width);
        expect(status).toBe(200);
        await saveScreenshot(page, slug);
        // Nothing wider than the phone's screen but the tables, which scroll inside their box.
        await expectNoHorizontalScroll(page);
        expect(unexpectedErrors(errors)).toEqual([]);
        await close();
      }
    },
  );

  test('the dashboard counts and links to each screen', async () => {
    const before = await call('GET', '/api/admin/dashboard', root);
    const { page, close } = await visit('/admin', admin.token);
    const waiting = page.getByRole('link', { name: /대기중 문의/ });
    expect(await waiting.innerText()).toContain(String(before.body.inquiries.waiting));
    await waiting.click();
    await page.waitForURL(/\/admin\/inquiry\?status=1$/);
    await page.getByRole('heading', { level: 1, name: '문의 관리' }).waitFor();
    await close();
  });
});

describe('/admin/user', () => {
  test('the root admin edits a level, status and remark; the change shows with its history', async () => {
    const target = await createAccount(suite.server, 1);
    for (const width of WIDTHS) {
      const { page, close } = await visit(`/admin/user?keyword=${encodeURIComponent(target.loginid)}`, root, width);
      if (width === 1280) {
        await page.getByRole('button', { name: /편집$/ }).click();
        // Within the editor: the list's filters have a 등급 and a 상태 of their own, which apply
        // at once, and the editor's 상태 only appears once a staff level is chosen.
        const editor = page.getByRole('form', { name: /편집$/ });
        await editor.getByLabel('등급').selectOption({ label: '팀장' });
        await editor.getByLabel('상태').selectOption({ label: '휴가' });
        await editor.getByLabel('비고').fill('뉴스 편집 담당');
        await editor.getByRole('button', { name: '저장' }).click();
        await expectMessage(page, 'status', '저장했습니다');
        // The reloaded list is drawn as a transition: on a slow machine it can land just after
        // the message, so the row is read until it shows the saved values.
        const row = page.getByRole('row').filter({ hasText: target.loginid });
        await expect.poll(() => row.innerText()).toMatch(/팀장\s+휴가\s+사용/);
        await page.getByRole('button', { name: /편집$/ }).click();
        await page.getByRole('button', { name: '변경 이력' }).click();
        await page.getByText(/등급: 일반 → 팀장, 상태: 근무 → 휴가, 비고: \(없음\) → 뉴스 편집 담당/).waitFor();
      }
      await saveScreenshot(page, 'admin-user-edit');
      await close();
    }
    const stored = await call('GET', `/api/user/${target.id}`, root);
    expect(stored.body.item).toMatchObject({ level: 2, status: 2, remark: '뉴스 편집 담당' });
  });

  test('batch 사용안함 asks first: 취소 changes nothing, 확인 switches the selected users off', async () => {
    const [a, b] = await Promise.all([createAccount(suite.server, 1), createAccount(suite.server, 1)]);
    const tag = '테스터';
    const { page, close } = await visit(`/admin/user?keyword=${encodeURIComponent(tag)}&use=1`, root);
    await page.getByRole('checkbox', { name: `${(await call('GET', `/api/user/${a.id}`, root)).body.item.nickname} 선택` }).check();
    await page.getByRole('checkbox', { name: `${(await call('GET', `/api/user/${b.id}`, root)).body.item.nickname} 선택` }).check();
    await page.getByRole('button', { name: '사용안함 처리' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').innerText()).toBe('선택한 2명을 사용안함으로 바꿀까요?');
    await dialog.getByRole('button', { name: '취소' }).click();
    expect((await call('GET', `/api/user/${a.id}`, root)).body.item.use).toBe(1);

    await page.getByRole('button', { name: '사용안함 처리' }).click();
    await saveScreenshot(page, 'admin-user-confirm', { fullPage: false });
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await expectMessage(page, 'status', '사용안함으로 바꿨습니다');
    for (const id of [a.id, b.id]) expect((await call('GET', `/api/user/${id}`, root)).body.item.use).toBe(2);
    // A switched-off user cannot log in any more.
    const login = await fetch(`${suite.server.url}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginid: a.loginid, passwd: a.passwd }),
    });
    expect(login.status).not.toBe(200);
    await close();
  });

  test('batch 사용안함 is one all-or-nothing call: a user the admin may not change stops it and is named', async () => {
    const [a, b] = await Promise.all([createAccount(suite.server, 1), createAccount(suite.server, 1)]);
    const nickname = async (id: number) => (await call('GET', `/api/user/${id}`, root)).body.item.nickname as string;
    const { page, close } = await visit(`/admin/user?keyword=${encodeURIComponent('테스터')}&use=1`, admin.token);
    await page.getByRole('checkbox', { name: `${await nickname(a.id)} 선택` }).check();
    await page.getByRole('checkbox', { name: `${await nickname(b.id)} 선택` }).check();
    // Meanwhile the root admin makes b an admin: a level-3 admin may no longer change b.
    expect((await call('PUT', '/api/user', root, { id: b.id, level: 3 })).status).toBe(200);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user') && r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: '사용안함 처리' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await expectMessage(page, 'alert', `${await nickname(b.id)}: 이 작업을 할 권한이 없습니다`);
    expect(writes).toEqual(['PUT /api/user/batch']);
    for (const id of [a.id, b.id]) expect((await call('GET', `/api/user/${id}`, root)).body.item.use).toBe(1);
    expect((await call('GET', `/api/admin/audit?target=users&item=${a.id}`, root)).body.items).toEqual([]);
    await close();
  });

  test('a level-3 admin is offered only 일반 and 팀장, cannot edit a level-4 user, and the server agrees', async () => {
    const superadmin = await createAccount(suite.server, 4);
    const plain = await createAccount(suite.server, 1);
    const { page, close } = await visit(`/admin/user?keyword=${encodeURIComponent(plain.loginid)}`, admin.token);
    await page.getByRole('button', { name: /편집$/ }).click();
    const options = await page.getByRole('form', { name: /편집$/ }).getByLabel('등급').locator('option').allInnerTexts();
    expect(options).toEqual(['일반', '팀장']);
    await page.goto(`/admin/user?keyword=${encodeURIComponent(superadmin.loginid)}`);
    await hydrated(page);
    const row = page.getByRole('row').filter({ hasText: superadmin.loginid });
    expect(await row.innerText()).toContain('권한 없음');
    expect(await row.getByRole('button').count()).toBe(0);
    await close();

    expect((await call('PUT', '/api/user', admin.token, { id: plain.id, level: 3 })).status).toBe(403);
    expect((await call('PUT', '/api/user', admin.token, { id: superadmin.id, status: 2 })).status).toBe(403);
    expect((await call('GET', `/api/user/${plain.id}`, root)).body.item.level).toBe(1);
  });
});

describe('/admin/inquiry', () => {
  test('an answer sets 답변완료 and can be edited', async () => {
    const title = `환불 문의 ${Date.now()}`;
    const created = await call('POST', '/api/inquiry', member.token, { title, content: '<p>결제를 취소하고 싶습니다.</p>' });
    const { page, close } = await visit('/admin/inquiry?status=1', admin.token);
    const card = page.locator('details').filter({ hasText: title });
    await card.getByLabel('답변').fill('환불 처리했습니다.\n3일 안에 입금됩니다.');
    await card.getByRole('button', { name: '답변 등록' }).click();
    await expectMessage(page, 'status', '답변을 저장했습니다');
    const stored = await call('GET', `/api/inquiry/${created.body.id}`, member.token);
    expect(stored.body.item).toMatchObject({ status: 2, answer: '<p>환불 처리했습니다.</p><p>3일 안에 입금됩니다.</p>' });
    expect(stored.body.item.updatedate).not.toBe('');
    // No SMTP_URL here: the member's mail is in the outbox.
    const outbox = path.join(suite.server.dataDir, 'outbox');
    const mails = await Promise.all((await fs.readdir(outbox)).map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
    expect(mails.some((m) => m.includes(`To: ${member.loginid}`))).toBe(true);

    await page.goto('/admin/inquiry?status=2');
    await hydrated(page);
    const answered = page.locator('details').filter({ hasText: title });
    expect(await answered.locator('summary').innerText()).toContain('답변완료');
    await answered.locator('summary').click();
    expect(await answered.getByLabel('답변').inputValue()).toBe('환불 처리했습니다.\n3일 안에 입금됩니다.');
    await answered.getByLabel('답변').fill('환불 처리했습니다. 감사합니다.');
    await answered.getByRole('button', { name: '답변 수정' }).click();
    await expectMessage(page, 'status', '답변을 저장했습니다');
    await saveScreenshot(page, 'admin-inquiry-answered');
    expect((await call('GET', `/api/inquiry/${created.body.id}`, member.token)).body.item.answer).toBe(
      '<p>환불 처리했습니다. 감사합니다.</p>',
    );
    await close();
  });
});

/** A date `n` days from today, as a date box takes it. */
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('/admin/mainschedule', () => {
  async function indexTitles(): Promise<string[]> {
    const { page, close } = await visit('/', member.token);
    const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: '다가오는 일정' }) });
    const titles = await panel.locator('li span.font-medium').allInnerTexts();
    await close();
    return titles;
  }

  test('create two items, move the second first, switch one off: the index page follows at once', async () => {
    const tag = Date.now().toString().slice(-5);
    const [first, second] = [`한인 체육대회 ${tag}`, `추석 잔치 ${tag}`];
    const { page, close } = await visit('/admin/mainschedule/write', root, 360);
    for (const [title, sortorder] of [
      [first, '-20'],
      [second, '-10'],
    ]) {
      await page.goto('/admin/mainschedule/write');
      await hydrated(page);
      await page.getByLabel('제목').fill(title as string);
      // Under way (began before any demo event): the index lists by date, and these two lead it.
      await page.getByLabel('시작일').fill(daysFromNow(-3));
      await page.getByLabel('종료일').fill(daysFromNow(30));
      await page.getByLabel('장소').fill('LA 한인타운');
      await page.getByLabel('순서 (작을수록 먼저)').fill(sortorder as string);
      if (title === first) await saveScreenshot(page, 'admin-mainschedule-write-filled');
      await page.getByRole('button', { name: '저장' }).click();
      await page.waitForURL(/\/admin\/mainschedule$/);
      await expectMessage(page, 'status', '저장했습니다');
    }
    expect((await indexTitles()).filter((t) => t.endsWith(tag))).toEqual([first, second]);

    await page.getByRole('button', { name: `${second} 위로` }).click();
    await expectMessage(page, 'status', '순서를 바꿨습니다');
    expect((await indexTitles()).filter((t) => t.endsWith(tag))).toEqual([second, first]);

    await page.getByRole('button', { name: `${second} 사용` }).click();
    await expectMessage(page, 'status', '사용안함으로 바꿨습니다');
    await saveScreenshot(page, 'admin-mainschedule-reordered');
    expect((await indexTitles()).filter((t) => t.endsWith(tag))).toEqual([first]);
    await close();
  });
});

describe('moderation', () => {
  test('hiding a post from the section list makes it 404 for visitors', async () => {
    const title = `광고성 글 ${Date.now()}`;
    const created = await call('POST', '/api/board', member.token, { title, content: '<p>광고</p>', topcategory: 5 });
    const id = created.body.id as number;
    for (const width of WIDTHS) {
      const { page, close } = await visit('/admin?section=community', admin.token, width);
      await saveScreenshot(page, 'admin-moderation-community');
      await close();
    }
    const { page, close } = await visit('/admin?section=community', admin.token);
    await page.getByRole('checkbox', { name: `${title} 선택` }).check();
    await page.getByRole('button', { name: '숨기기' }).click();
    await expectMessage(page, 'status', '숨겼습니다');
    await page.getByRole('checkbox', { name: `${title} 선택` }).waitFor({ state: 'detached' });

    expect((await fetch(`${suite.server.url}/api/board/${id}`)).status).toBe(404);
    const visitorPage = await fetchPage(suite.server, `/community/${id}`);
    expect(visitorPage.status).toBeGreaterThanOrEqual(400);
    expect(visitorPage.html).not.toContain(title);
    expect((await apiGet<{ item: { hidden: number } }>(suite.server, `/api/board/${id}`, admin.token)).item.hidden).toBe(1);

    // The 숨김 tab lists it; 다시 보이기 brings it back.
    await page.getByRole('link', { name: '숨김', exact: true }).click();
    await page.getByRole('checkbox', { name: `${title} 선택` }).check();
    await page.getByRole('button', { name: '다시 보이기' }).click();
    await expectMessage(page, 'status', '다시 보이게 했습니다');
    expect((await fetch(`${suite.server.url}/api/board/${id}`)).status).toBe(200);
    await close();
  });

  test('deleting asks first; a market post can be closed as 거래완료', async () => {
    const market = await call('POST', '/api/board', member.token, {
      title: `중고 자전거 ${Date.now()}`,
      content: '<p>자전거</p>',
      topcategory: 4,
      price: 50,
    });
    const { page, close } = await visit('/admin?section=market', root);
    const box = page.getByRole('checkbox', { name: /^중고 자전거 .* 선택$/ });
    await box.check();
    await page.getByRole('button', { name: '거래완료 처리' }).click();
    await expectMessage(page, 'status', '마감했습니다');
    expect((await call('GET', `/api/board/${market.body.id}`, root)).body.item.marketstatus).toBe(2);

    await box.check();
    await page.getByRole('button', { name: '삭제' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await expectMessage(page, 'status', '삭제했습니다');
    expect((await call('GET', `/api/board/${market.body.id}`, root)).status).toBe(404);
    await close();
  });
});

describe("moderation on an item's own page", () => {
  const box = (page: Page) => page.getByRole('region', { name: '관리자 메뉴' });

  test('an admin hides a post from its page: visitors and members get 404 until it is shown again', async () => {
    const title = `도배 글 ${Date.now()}`;
    const id = (await call('POST', '/api/board', member.token, { title, content: '<p>같은 내용 반복</p>', topcategory: 5 })).body
      .id as number;
    const { page, errors, close } = await visit(`/community/${id}`, admin.token);
    await box(page).getByRole('button', { name: '숨기기' }).click();
    await expectMessage(page, 'status', '숨겼습니다');
    await box(page).getByText('숨긴 글입니다. 관리자만 볼 수 있습니다.').waitFor();
    expect(await box(page).getByText('숨김', { exact: true }).count()).toBe(1);

    for (const token of [undefined, member.token]) {
      const hidden = await fetchPage(suite.server, `/community/${id}`, { token });
      expect(hidden.status).toBe(404);
      expect(hidden.html).not.toContain(title);
    }
    expect((await fetch(`${suite.server.url}/api/board/${id}`)).status).toBe(404);
    const audit = await call('GET', `/api/admin/audit?target=board&item=${id}`, admin.token);
    expect(audit.body.items[0]).toMatchObject({ actor: admin.id, action: 'hide' });

    await box(page).getByRole('button', { name: '다시 보이기' }).click();
    await expectMessage(page, 'status', '다시 보이게 했습니다');
    await box(page).getByRole('button', { name: '숨기기' }).waitFor();
    expect((await fetchPage(suite.server, `/community/${id}`)).status).toBe(200);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  test('a member sees no moderation box, not even on their own post, and the server refuses them', async () => {
    const id = (await call('POST', '/api/board', member.token, { title: `내 글 ${Date.now()}`, content: '<p>본문</p>', topcategory: 5 }))
      .body.id as number;
    const other = await createAccount(suite.server, 1);
    for (const token of [member.token, other.token]) {
      const { page, close } = await visit(`/community/${id}`, token);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await box(page).count()).toBe(0);
      expect(await page.getByRole('button', { name: '숨기기' }).count()).toBe(0);
      // The author keeps their own 수정 / 삭제; another member gets neither.
      expect(await page.getByRole('button', { name: '삭제', exact: true }).count()).toBe(token === member.token ? 1 : 0);
      await close();
    }
    const refused = await call('POST', '/api/admin/moderate', member.token, { target: 'board', ids: [id], action: 'hide' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'error', message: 'forbidden' } });
    expect((await fetchPage(suite.server, `/community/${id}`)).status).toBe(200);
  });

  test('a market post is closed as 거래완료, then deleted after the confirm dialog, back to the list', async () => {
    const title = `중고 책상 ${Date.now()}`;
    const id = (await call('POST', '/api/board', member.token, { title, content: '<p>판매합니다</p>', topcategory: 4, price: 80 })).body
      .id as number;
    const { page, close } = await visit(`/market/${id}`, admin.token);
    await box(page).getByRole('button', { name: '거래완료 처리' }).click();
    await expectMessage(page, 'status', '마감했습니다');
    await box(page).getByText('거래완료', { exact: true }).waitFor();
    expect(await box(page).getByRole('button', { name: '거래완료 처리' }).count()).toBe(0);
    expect((await call('GET', `/api/board/${id}`, root)).body.item.marketstatus).toBe(2);

    await box(page).getByRole('button', { name: '삭제' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').innerText()).toBe('이 글을 삭제할까요?');
    await dialog.getByRole('button', { name: '취소' }).click();
    expect((await call('GET', `/api/board/${id}`, root)).status).toBe(200);
    await box(page).getByRole('button', { name: '삭제' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await page.waitForURL(/\/market$/);
    await expectMessage(page, 'status', '삭제했습니다');
    expect((await call('GET', `/api/board/${id}`, root)).status).toBe(404);
    await close();
  });

  test('a job is closed as 마감; a business listing gets premium and main exposure', async () => {
    const job = (await call('POST', '/api/jobs', member.token, { title: `주방 보조 ${Date.now()}` })).body.id as number;
    const jobPage = await visit(`/jobs/${job}`, admin.token);
    await box(jobPage.page).getByRole('button', { name: '마감 처리' }).click();
    await expectMessage(jobPage.page, 'status', '마감했습니다');
    expect((await call('GET', `/api/jobs/${job}`, root)).body.item.status).toBe(2);
    await jobPage.close();

    const biz = (await call('POST', '/api/business', member.token, { title: `한식당 ${Date.now()}`, category: '식당' })).body.id;
    const { page, close } = await visit(`/business/${biz}`, admin.token);
    await box(page).getByRole('button', { name: '프리미엄 지정' }).click();
    await expectMessage(page, 'status', '변경했습니다');
    await box(page).getByRole('button', { name: '메인 노출', exact: true }).click();
    await box(page).getByRole('button', { name: '메인 노출 해제' }).waitFor();
    expect((await call('GET', `/api/business/${biz}`, root)).body.item).toMatchObject({ type: 2, main: 2 });
    await close();
  });

  test.each(['community', 'business'] as const)('screenshots of a %s page with the moderation box', async (section) => {
    const body =
      section === 'community'
        ? { path: '/api/board', item: { title: '주말 등산 모임 회원 모집합니다', content: '<p>토요일 아침 7시 출발</p>', topcategory: 5 } }
        : { path: '/api/business', item: { title: '서울 순두부', category: '식당', tel: '213-555-0100', address: '3500 W 6th St' } };
    const id = (await call('POST', body.path, member.token, body.item)).body.id as number;
    // The box with its badges: a hidden post with its note, a premium listing.
    if (section === 'community') await call('POST', '/api/admin/moderate', root, { target: 'board', ids: [id], action: 'hide' });
    else await call('PUT', '/api/business', root, { id, type: 2 });
    for (const width of WIDTHS) {
      const { page, errors, close } = await visit(`/${section}/${id}`, admin.token, width);
      await box(page).waitFor();
      await saveScreenshot(page, `detail-moderation-${section}`);
      await expectNoHorizontalScroll(page);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    }
  });
});
