import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Account,
  apiCall,
  createAccount,
  expectNoHorizontalScroll,
  hydrated,
  openPage,
  saveScreenshot,
  setUpServerAndBrowser,
  type Width,
  WIDTHS,
} from '#tests/support/browser.ts';

// Events as a person sees them at 360 and 1280 px, with and without JavaScript: the upcoming
// list, the month view with an event on its day, writing an event in Korean (a member's waits,
// marked 검토 중), and 참석 with its count.

const suite = setUpServerAndBrowser();
let staff: Account;
let member: Account;

/** A date in the site's zone (the demo's, Los Angeles) `days` from today. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function createEvent(fields: Record<string, unknown>): Promise<number> {
  const res = await apiCall<{ id: number }>(suite.server, 'POST', '/api/event', staff.token, fields);
  expect(res.status).toBe(200);
  return res.body.id;
}

beforeAll(async () => {
  [staff, member] = await Promise.all([createAccount(suite.server, 2), createAccount(suite.server, 1)]);
});

async function open(path: string, width: Width, js: boolean, token?: string) {
  const opened = await openPage(suite.browser, suite.server, { width, javaScriptEnabled: js, token });
  const answer = await opened.page.goto(path);
  expect(answer?.status(), path).toBe(200);
  if (js) await hydrated(opened.page);
  return opened;
}

describe('the events pages', () => {
  for (const width of WIDTHS) {
    for (const js of [true, false]) {
      const how = `at ${width} px ${js ? 'with' : 'without'} JavaScript`;

      test(`list the upcoming events and show the month with its events ${how}`, async () => {
        const date = dayFromToday(3);
        const title = `한인 건강 강좌 ${width}${js ? 'j' : 'n'}`;
        await createEvent({ title, startdate: date, starttime: '19:00', category: '건강', place: '한인회관' });
        const { page, errors, close } = await open('/events', width, js);
        await page.getByRole('link', { name: title }).waitFor();
        await expectNoHorizontalScroll(page);
        await page.getByRole('link', { name: '월별 달력' }).click();
        await page.waitForURL(/view=month/);
        if (date.slice(0, 7) !== new Date().toISOString().slice(0, 7)) await page.goto(`/events?view=month&month=${date.slice(0, 7)}`);
        const cell = page.locator('td').filter({ has: page.getByRole('link', { name: title }) });
        await expect(cell.locator('span').first().textContent()).resolves.toBe(String(Number(date.slice(8))));
        await expectNoHorizontalScroll(page);
        await saveScreenshot(page, `events-month-${width}-${js ? 'js' : 'nojs'}`);
        expect(errors).toEqual([]);
        await close();
      });

      test(`take a member's new event in Korean, held for review, and 참석 counts ${how}`, async () => {
        const { page, errors, close } = await open('/events/write', width, js, member.token);
        const title = `토요 한국학교 ${width}${js ? 'j' : 'n'}`;
        await page.getByLabel('행사명').fill(title);
        await page.getByLabel('분류').selectOption('교육');
        await page.getByLabel('시작일').fill(dayFromToday(5));
        await page.getByLabel('시작 시간').fill('10:00');
        await page.getByLabel('장소').fill('LA 한인회관');
        await page.getByLabel('내용').fill('한글과 한국 문화를 배웁니다.');
        await page.getByRole('button', { name: '행사 등록' }).click();
        await page.waitForURL(/\/events\/\d+$/);
        await page.getByText('검토 중').waitFor();
        await page.getByRole('heading', { name: title }).waitFor();
        await expectNoHorizontalScroll(page);
        expect(errors).toEqual([]);
        await close();

        const id = await createEvent({ title: `바자회 ${width}${js ? 'j' : 'n'}`, startdate: dayFromToday(6), allday: 1, capacity: 1 });
        const rsvp = await open(`/events/${id}`, width, js, member.token);
        await rsvp.page.getByRole('button', { name: '참석', exact: true }).click();
        await rsvp.page.getByRole('button', { name: '참석 취소' }).waitFor();
        await rsvp.page.getByText('마감').first().waitFor();
        expect(rsvp.errors).toEqual([]);
        await rsvp.close();
      });
    }
  }

  test('a form with a missing start date says so in Korean and keeps what was typed', async () => {
    const { page, close } = await open('/events/write', 1280, false, member.token);
    await page.getByLabel('행사명').fill('날짜 없는 모임');
    await page.getByRole('button', { name: '행사 등록' }).click();
    await page.getByText('시작일을 입력하세요').waitFor();
    await expect(page.getByLabel('행사명').inputValue()).resolves.toBe('날짜 없는 모임');
    await close();
  });
});
