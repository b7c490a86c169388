import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { siteClock, WEEKDAY_NAMES } from '#shared/business-hours.ts';
import { dDay, formatDate, todayIn } from '#shared/format.ts';
import {
  apiCall,
  apiGet,
  expectNoHorizontalScroll,
  rootToken,
  saveScreenshot,
  setUpServerAndBrowser,
  WIDTHS,
} from '#tests/support/browser.ts';

// What a listing tells a person at a glance (issue #32, the first hour's small things), at 360
// and 1280 px: a closed business says when it opens next, the index's boxes say what the lists
// say (a business's category and whether it is open, a job's 구인/구직 and D-day), a bumped
// listing says 끌올 and when, and a phone number is a padded, finger-sized target.

const suite = setUpServerAndBrowser();
/** The demo's default: SITE_TIMEZONE is not set. */
const TZ = 'America/Los_Angeles';
let root: string;
/** A business closed today only (its weekday is a closed day), open 11:00-21:00 otherwise, shown
 * on the index (main exposure). */
let closedToday: { id: number; title: string };
let bumpedMarket: { id: number; title: string };
let bumpedJob: { id: number; title: string };

interface Listing {
  id: number;
  title: string;
  bumpdate: string;
  date: string;
  marketstatus?: number;
}

beforeAll(async () => {
  root = await rootToken(suite.server);
  const { weekday } = siteClock(TZ);
  const title = `오늘 쉬는 식당 ${Date.now().toString(36)}`;
  const created = await apiCall<{ id: number }>(suite.server, 'POST', '/api/business', root, {
    title,
    category: '식당',
    tel: '(213) 555-0199',
    starttime: '11:00',
    endtime: '21:00',
    closeddays: String(weekday),
    main: 2,
  });
  expect(created.status).toBe(200);
  closedToday = { id: created.body.id, title };

  // A demo listing and a demo job last bumped more than a day ago: the admin bumps them now.
  const dayAgo = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
  const market = (await apiGet<{ items: Listing[] }>(suite.server, '/api/board?topcategory=4&sort=fresh&size=100')).items;
  const listing = market.find((l) => l.marketstatus === 1 && l.bumpdate < dayAgo) as Listing;
  const jobs = (await apiGet<{ items: Listing[] }>(suite.server, '/api/jobs?sort=fresh&size=100')).items;
  const job = jobs.find((j) => j.bumpdate < dayAgo) as Listing;
  for (const [table, item] of [
    ['board', listing],
    ['jobs', job],
  ] as const) {
    const bumped = await apiCall(suite.server, 'POST', `/api/${table}/${item.id}/bump`, root);
    expect(bumped.status, `${table} ${item.id}`).toBe(200);
  }
  bumpedMarket = { id: listing.id, title: listing.title };
  bumpedJob = { id: job.id, title: job.title };
});

/** The index's box titled `title`. */
const box = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Text a list's or box's row for `title` shows: its link's text. */
/** The row or card of a list (its list item) whose link opens `href`. */
const rowOf = (scope: Locator | Page, href: string) => scope.locator(`a[href="${href}"]`).first().locator('xpath=ancestor::li[1]');

/** The site's "HH:MM" now, as the bump's 끌올 오늘 says it (a minute either way on a slow run). */
function bumpTimePattern(): RegExp {
  const now = Date.now();
  const times = [-120_000, -60_000, 0, 60_000].map((d) => {
    const at = new Date(now + d);
    return new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  });
  return new RegExp(`끌올 오늘 (${times.join('|')})`);
}

describe('영업종료 says when it opens next', () => {
  const tomorrow = () => `영업종료 · 내일 11:00 오픈`;

  test.each(WIDTHS)('on the list, the business’s page and the index (%i px)', async (width) => {
    // Tomorrow is no closed day: it opens at 11:00.
    const { page, close } = await suite.visit(`/business?keyword=${encodeURIComponent(closedToday.title)}`, { width, status: 200 });
    await expect.poll(() => rowOf(page, `/business/${closedToday.id}`).innerText()).toContain(tomorrow());
    await saveScreenshot(page, 'next-opening-list', { fullPage: false });

    await page.goto(`/business/${closedToday.id}`);
    expect(await page.getByRole('main').getByText(tomorrow(), { exact: true }).count()).toBe(1);

    await page.goto('/');
    const business = box(page, '추천 업소');
    expect(await rowOf(business, `/business/${closedToday.id}`).innerText()).toContain(tomorrow());
    await expectNoHorizontalScroll(page);
    await close();
  });

  test('a weekday later in the week is named by its day', async () => {
    const { weekday } = siteClock(TZ);
    const tomorrowDay = (weekday % 7) + 1;
    const dayAfter = (tomorrowDay % 7) + 1;
    const title = `이틀 쉬는 가게 ${Date.now().toString(36)}`;
    const created = await apiCall<{ id: number }>(suite.server, 'POST', '/api/business', root, {
      title,
      category: '식당',
      starttime: '11:00',
      endtime: '21:00',
      closeddays: [weekday, tomorrowDay].sort().join(','),
    });
    const { page, close } = await suite.visit(`/business/${created.body.id}`, { width: 360, status: 200 });
    const text = `영업종료 · ${WEEKDAY_NAMES[dayAfter - 1]} 11:00 오픈`;
    expect(await page.getByRole('main').getByText(text, { exact: true }).count()).toBe(1);
    await close();
  });
});

describe('the index’s boxes say what the lists say', () => {
  test.each(WIDTHS)('추천 업소: the category and whether it is open, no registration date (%i px)', async (width) => {
    const { page, close } = await suite.visit('/', { width, status: 200 });
    const rows = box(page, '추천 업소').locator('li');
    expect(await rows.count()).toBeGreaterThan(0);
    const business = (await apiGet<{ items: { id: number; category: string; date: string }[] }>(suite.server, '/api/business?size=100'))
      .items;
    for (const row of await rows.all()) {
      const href = (await row.locator('a').getAttribute('href')) ?? '';
      const item = business.find((b) => `/business/${b.id}` === href);
      expect(item, href).toBeDefined();
      const text = await row.innerText();
      expect(text, href).toContain(item?.category);
      expect(text, href).toMatch(/영업중|브레이크타임|영업종료/);
      expect(text, href).not.toContain(formatDate(item?.date, TZ));
    }
    await box(page, '추천 업소').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'index-business-box', { fullPage: false });
    await close();
  });

  test.each(WIDTHS)('구인구직: 구인 or 구직 and the deadline’s D-day, as /jobs shows them (%i px)', async (width) => {
    const { page, close } = await suite.visit('/', { width, status: 200 });
    const rows = box(page, '구인구직').locator('li');
    expect(await rows.count()).toBeGreaterThan(0);
    const jobs = (
      await apiGet<{ items: { id: number; type: number; limitdate: string; status: number }[] }>(suite.server, '/api/jobs?size=100')
    ).items;
    const today = todayIn(TZ);
    let deadlines = 0;
    for (const row of await rows.all()) {
      const href = (await row.locator('a').getAttribute('href')) ?? '';
      const job = jobs.find((j) => `/jobs/${j.id}` === href);
      expect(job, href).toBeDefined();
      const text = await row.innerText();
      expect(text.startsWith(job?.type === 2 ? '구직' : '구인'), `${href}: ${text}`).toBe(true);
      // A 구직 post without a deadline has none to show (as on /jobs).
      if (job?.type === 1 || formatDate(job?.limitdate, TZ)) {
        expect(text, href).toContain(job?.status === 2 ? '마감' : dDay(job?.limitdate, today));
        deadlines++;
      }
    }
    expect(deadlines, 'some rows show a deadline').toBeGreaterThan(0);
    // The same badges as the /jobs list: the same words in the same look.
    const listBadge = async (scope: Locator) => {
      const badge = scope.getByText(/^(구인|구직)$/).first();
      return badge.evaluate((el) => el.className);
    };
    const onIndex = await listBadge(box(page, '구인구직'));
    await page.goto('/jobs');
    const row = page.locator('main li').filter({ has: page.locator('a[href^="/jobs/"]:not([href$="/write"])') });
    expect(await listBadge(row.first())).toBe(onIndex);
    await close();
  });
});

describe('a bumped listing says 끌올 and when', () => {
  test.each(WIDTHS)('on the market and jobs lists, their pages and the index (%i px)', async (width) => {
    const when = bumpTimePattern();
    const { page, close } = await suite.visit('/market', { width, status: 200 });
    expect(await rowOf(page, `/market/${bumpedMarket.id}`).innerText()).toMatch(when);
    await rowOf(page, `/market/${bumpedMarket.id}`).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'bumped-market-list', { fullPage: false });
    await page.goto('/jobs');
    expect(await rowOf(page, `/jobs/${bumpedJob.id}`).innerText()).toMatch(when);

    // On its page: when it was written, and when it was bumped, to the minute.
    const today = todayIn(TZ);
    for (const path of [`/market/${bumpedMarket.id}`, `/jobs/${bumpedJob.id}`]) {
      await page.goto(path);
      const header = page.getByRole('main').locator('header').first();
      expect(await header.innerText(), path).toMatch(new RegExp(`끌올 ${today} \\d\\d:\\d\\d`));
    }

    // The index's boxes list the last bumped first.
    await page.goto('/');
    expect(await rowOf(box(page, '벼룩시장'), `/market/${bumpedMarket.id}`).innerText()).toMatch(when);
    expect(await rowOf(box(page, '구인구직'), `/jobs/${bumpedJob.id}`).innerText()).toMatch(when);
    await close();
  });
});

describe('a phone number is a padded target', () => {
  /** The space between a link's edges and its text's lines, top and bottom. */
  function textInset(link: Locator): Promise<{ top: number; bottom: number; height: number }> {
    return link.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = Array.from(range.getClientRects());
      const top = Math.min(...lines.map((r) => r.top));
      const bottom = Math.max(...lines.map((r) => r.bottom));
      return { top: top - box.top, bottom: box.bottom - bottom, height: box.height };
    });
  }

  test.each(WIDTHS)('전화하기 on a business’s page keeps its text off its edges; a job’s number is 44 px tall (%i px)', async (width) => {
    const { page, close } = await suite.visit(`/business/${closedToday.id}`, { width, status: 200 });
    const call = page.getByRole('link', { name: /^전화하기/ });
    const inset = await textInset(call);
    expect(inset.height).toBeGreaterThanOrEqual(44);
    expect(inset.top, 'above the text').toBeGreaterThanOrEqual(6);
    expect(inset.bottom, 'below the text').toBeGreaterThanOrEqual(6);
    await call.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'business-call', { fullPage: false });

    const jobs = (await apiGet<{ items: { id: number; tel: string }[] }>(suite.server, '/api/jobs?size=100')).items;
    const job = jobs.find((j) => j.tel) as { id: number; tel: string };
    await page.goto(`/jobs/${job.id}`);
    const tel = page.getByRole('main').locator('a[href^="tel:"]');
    expect((await tel.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await close();
  });
});
