import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  fetchPage,
  openPage,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  unexpectedErrors,
  WIDTHS,
} from '#tests/support/browser.ts';

// The operator's page (/admin/system) in Chromium against the built app, and what the real
// server's GET /metrics says about its pages: route patterns and the page cache.

const suite = setUpServerAndBrowser({ seedDemo: false });
let root: string;
let admin: Account;
let member: Account;

beforeAll(async () => {
  root = await rootToken(suite.server);
  [admin, member] = await Promise.all([createAccount(suite.server, 3), createAccount(suite.server, 1)]);
  // A mail the queue gave up on, as the mail worker leaves it.
  const db = new DatabaseSync(path.join(suite.server.dataDir, 'portal.sqlite'));
  const now = new Date().toISOString();
  db.prepare(
    `insert into mails (recipient, subject, text, html, attempts, nextdate, lease, leasedate, expiredate, date, lasterror, faildate)
     values (?, ?, '', '', 8, ?, '', ?, ?, ?, ?, ?)`,
  ).run(
    'failed.person@browser.example',
    '[한인포털] 1:1 문의에 답변이 등록되었습니다',
    now,
    now,
    now,
    now,
    'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25',
    now,
  );
  db.close();
});

async function metrics(): Promise<string> {
  const res = await fetch(`${suite.server.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
  expect(res.status).toBe(200);
  return res.text();
}

/** A sample's value in the exposition text (0 when absent). */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.split(',').every((pair) => l.includes(pair)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('who sees /admin/system', () => {
  test('the root admin 200; a level-3 admin and a member the Korean 403 page; a visitor 401', async () => {
    const page = await fetchPage(suite.server, '/admin/system', { token: root });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.html).toContain('>시스템</h1>');
    for (const token of [admin.token, member.token]) {
      const refused = await fetchPage(suite.server, '/admin/system', { token });
      expect(refused.status).toBe(403);
      expect(refused.html).toContain('최고 관리자만 볼 수 있는 페이지입니다');
      expect(refused.html).not.toContain('메일 발송 대기열');
    }
    expect((await fetchPage(suite.server, '/admin/system')).status).toBe(401);
  });

  test('the admin tabs lead the root admin to it, and other admins not', async () => {
    expect((await fetchPage(suite.server, '/admin', { token: root })).html).toContain('href="/admin/system"');
    expect((await fetchPage(suite.server, '/admin', { token: admin.token })).html).not.toContain('href="/admin/system"');
  });
});

describe('the page and the metrics of pages', () => {
  test('a post read twice by visitors: one page drawn, one from the cache, counted under /community/:id', async () => {
    const { body: created } = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', root, {
      topcategory: 5,
      title: '캐시 시험 글',
      content: '<p>본문</p>',
    });
    const before = await metrics();
    const route = 'route="/community/:id"';
    for (let i = 0; i < 2; i++) expect((await fetchPage(suite.server, `/community/${created.id}`)).status).toBe(200);
    const after = await metrics();
    const moved = (name: string, labels: string) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('http_requests_total', `${route},status="200",method="GET"`)).toBe(2);
    expect(moved('http_request_duration_seconds_count', `${route},status="200"`)).toBe(2);
    expect(moved('page_cache_lookups_total', 'result="hit"')).toBe(1);
    expect(moved('page_cache_lookups_total', 'result="miss"')).toBe(1);
    expect(after).not.toMatch(new RegExp(`route="/community/${created.id}"`));
  });

  test.each(WIDTHS)('at %i px the root admin reads every panel, the failed mail masked, without sideways scrolling', async (width) => {
    const { page, errors, close } = await suite.visit('/admin/system', { token: root, width, status: 200 });
    try {
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('시스템');
      for (const panel of ['서버', '데이터베이스와 디스크', '요청', '메일 발송 대기열']) {
        await page.getByRole('heading', { level: 2, name: panel }).waitFor();
      }
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain('버전0.1.0');
      expect(text).toMatch(/커밋[0-9a-f]{12}/);
      expect(text).toContain('SQLite');
      expect(text).toMatch(/페이지 캐시 적중률\d+\.\d%/);
      expect(text).toContain('발송 실패1통');
      expect(text).toContain('fa***@browser.example');
      expect(text).not.toContain('failed.person@');
      expect(text).toContain('ECONNREFUSED');
      await expect.poll(() => page.getByRole('link', { name: '시스템' }).getAttribute('aria-current')).toBe('page');
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `admin-system-${width}`, { fullPage: true });
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('지금 백업 on /admin/system', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`the root admin starts a backup, the page says so, and it is listed once written (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async () => {
      const opened = javaScriptEnabled
        ? await suite.visit('/admin/system', { token: root, width: 360, status: 200 })
        : await openPage(suite.browser, suite.server, { token: root, width: 360, javaScriptEnabled });
      const { page, errors, close } = opened;
      if (!javaScriptEnabled) await page.goto('/admin/system');
      const panel = page.locator('section[aria-labelledby="backup-title"]');
      const listed = async () => panel.locator('li').count();
      const before = await listed();
      await panel.getByRole('button', { name: '지금 백업' }).click();
      await expect
        .poll(() =>
          panel
            .getByRole('status')
            .textContent()
            .catch(() => ''),
        )
        .toMatch(/백업을 시작했습니다|이미 백업 중입니다/);
      // Written by a process of its own: the list shows it once it is done.
      await expect
        .poll(
          async () => {
            await page.goto('/admin/system');
            return listed();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBeGreaterThan(before);
      expect(await panel.textContent()).toMatch(/SQLite · [\d.]+ (B|KB|MB)/);
      await saveScreenshot(page, `admin-system-backup-${javaScriptEnabled ? 'js' : 'nojs'}`);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  test('a level-3 admin cannot start one: the page answers 403', async () => {
    const res = await fetchPage(suite.server, '/admin/system', {
      token: admin.token,
      method: 'POST',
      body: new URLSearchParams({ intent: 'backup' }),
    });
    expect(res.status).toBe(403);
  });
});
