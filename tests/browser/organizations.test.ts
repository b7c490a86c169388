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
  WIDTHS,
} from '#tests/support/browser.ts';

// Organizations as a person sees them at 360 and 1280 px: the list links an organization's page,
// its page shows its upcoming events (행사), and an event's page offers its calendar file.

const suite = setUpServerAndBrowser();
let staff: Account;

/** A date in the site's zone (the demo's, Los Angeles) `days` from today. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  staff = await createAccount(suite.server, 2);
});

describe('an organization', () => {
  for (const width of WIDTHS) {
    test(`is found in the list, shows its events, and an event offers its calendar file at ${width} px`, async () => {
      const name = `오렌지카운티 한인회 ${width}`;
      const org = await apiCall<{ id: number }>(suite.server, 'POST', '/api/board', staff.token, {
        topcategory: 7,
        category: '한인회',
        title: name,
        content: '<p>동포 사회를 위해 봉사합니다</p>',
        tel: '(714) 555-0100',
      });
      expect(org.status).toBe(200);
      const title = `추석맞이 윷놀이 한마당 ${width}`;
      const event = await apiCall<{ id: number }>(suite.server, 'POST', '/api/event', staff.token, {
        title,
        startdate: dayFromToday(6),
        starttime: '11:00',
        place: '가든그로브 시니어센터',
        organization: org.body.id,
      });
      expect(event.status).toBe(200);

      const { page, errors, close } = await openPage(suite.browser, suite.server, { width });
      await page.goto('/organizations');
      await hydrated(page);
      await page.getByRole('link', { name }).first().click();
      await page.waitForURL(`**/organizations/${org.body.id}`);
      await page.getByRole('link', { name: title }).waitFor();
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'organization');
      await page.getByRole('link', { name: title }).click();
      await page.waitForURL(`**/events/${event.body.id}`);
      const ics = page.getByRole('link', { name: /\.ics/ });
      expect(await ics.getAttribute('href')).toBe(`/events/${event.body.id}.ics`);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, 'organization-event');
      expect(errors).toEqual([]);
      await close();
    });
  }
});
