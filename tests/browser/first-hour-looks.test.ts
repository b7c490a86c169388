import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { siteClock } from '#shared/business-hours.ts';
import { todayIn } from '#shared/format.ts';
import {
  type Account,
  apiCall,
  apiGet,
  createAccount,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// What the screenshots of every route showed after the first hour's fixes (issue #32), at 360
// and 1280 px: a weekly event's line on the index stays inside its box, a home's phone number is
// a finger-sized target as a job's is, the admin's name shows whole in the header, the admin
// screens' tabs are targets a finger can tell apart, and a profile's posts read as a list.

const suite = setUpServerAndBrowser();
/** The demo's default: SITE_TIMEZONE is not set. */
const TZ = 'America/Los_Angeles';
const TEL = '(213) 555-0142';
let member: Account;
let root: string;
let homePath: string;

beforeAll(async () => {
  root = await rootToken(suite.server);
  member = await createAccount(suite.server);
  // Weekly from tomorrow on: the soonest of 다가오는 일정, with the longest line it draws.
  const tomorrow = (siteClock(TZ).weekday % 7) + 1;
  const schedule = await apiCall(suite.server, 'POST', '/api/mainschedule', root, {
    title: '매주 열리는 한인 시니어 스마트폰 교실',
    startdate: todayIn(TZ),
    starttime: '10:00',
    endtime: '13:00',
    weekday: tomorrow,
    location: '오렌지카운티 한인회관 2층 대강당',
  });
  expect(schedule.status).toBe(200);
  const home = await apiCall<{ id: number }>(suite.server, 'POST', '/api/housing', member.token, {
    title: '전화 연락 환영 룸메이트',
    kind: 1,
    rent: 1200,
    tel: TEL,
  });
  expect(home.status).toBe(200);
  homePath = `/housing/${home.body.id}`;
});

/** How far each fact of a list's rows reaches past the list's right edge, by its text. */
function overflowingFacts(page: Page, list: string) {
  return page.locator(list).evaluate((ul) => {
    const right = ul.getBoundingClientRect().right;
    return Array.from(ul.querySelectorAll('span, a'))
      .filter((e) => e.children.length === 0 && e.getBoundingClientRect().right > right + 0.5)
      .map((e) => e.textContent);
  });
}

test.each(WIDTHS)('at %i px every line of 다가오는 일정 stays inside its box, a weekly one too', async (width) => {
  const { page, close } = await suite.visit('/', { width, status: 200 });
  const box = 'section:has(> div > h2:text-is("다가오는 일정")) ul';
  await expect.poll(() => page.locator(box).getByText('매주 열리는 한인 시니어 스마트폰 교실').count()).toBe(1);
  expect(await overflowingFacts(page, box)).toEqual([]);
  await close();
});

test.each(WIDTHS)('at %i px a home’s phone number is a 44 px target', async (width) => {
  const { page, close } = await suite.visit(homePath, { width, status: 200, token: member.token });
  const tel = page.getByRole('link', { name: TEL, exact: true });
  expect(await tel.getAttribute('href')).toBe('tel:2135550142');
  expect((await tel.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await saveScreenshot(page, 'first-hour-home-phone');
  await close();
});

test.each(WIDTHS)('at %i px the admin’s header names them whole, and the admin tabs are 44 px targets', async (width) => {
  const { page, close } = await suite.visit('/admin', { width, status: 200, token: root });
  const name = page.getByRole('navigation', { name: '내 계정' }).getByText('관리자님', { exact: true });
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  const tabs = page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link');
  expect(await tabs.allInnerTexts()).toEqual(['대시보드', '회원 관리', '문의 관리', '신고', '검토', '메인 일정', '시스템']);
  for (const box of await Promise.all((await tabs.all()).map((t) => t.boundingBox()))) {
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await saveScreenshot(page, 'first-hour-admin-tabs', { fullPage: false });
  await close();
});

test('at 360 px a profile’s posts are titles the width of the list, their section and date under them', async () => {
  // The demo's editor writes in sections whose names differ in length (뉴스, 한인단체, 고객센터).
  const news = await apiGet<{ items: { user: number }[] }>(suite.server, '/api/board?topcategory=1&size=1');
  const { page, close } = await suite.visit(`/member/${news.items[0]?.user}`, { width: 360, status: 200 });
  const posts = page.getByRole('region', { name: '쓴 글' }).getByRole('listitem');
  const titles = await Promise.all((await posts.all()).map((post) => post.getByRole('link').boundingBox()));
  expect(titles.length).toBeGreaterThan(2);
  expect(new Set(titles.map((box) => Math.round(box?.x ?? 0))).size).toBe(1);
  for (const box of titles) expect(box?.width).toBeGreaterThan(250);
  await close();
});
