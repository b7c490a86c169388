import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/events.ts';
import { todayIn } from '#shared/format.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// The calendar files (PRODUCT.md "Organizations and events"): /events/{id}.ics and /events.ics,
// read back by an iCalendar parser of its own (ical.js) as a phone's calendar app would: the
// time zone given, text escaped and folded, a weekly event's occurrences through a change of the
// clocks, stable UIDs, and held events left out.

const ZONE = 'America/Los_Angeles';
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['member']>>;
let staff: Member;
beforeAll(async () => {
  t = await startTestApp({ SITE_TIMEZONE: ZONE, SITE_URL: 'https://hanin.example' });
  staff = await t.member({ level: 2 });
});
afterAll(() => t.close());

async function createEvent(by: Member, fields: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', '/api/event', { token: by.token, body: { title: '행사', ...fields } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** The calendar as a parser reads it, its zone registered, with its events. */
async function calendarAt(path: string) {
  const res = await t.call('GET', path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = res.body as string;
  for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  expect(text.endsWith('\r\n')).toBe(true);
  const root = new ICAL.Component(ICAL.parse(text));
  const zone = root.getFirstSubcomponent('vtimezone');
  expect(zone?.getFirstPropertyValue('tzid')).toBe(ZONE);
  if (zone) ICAL.TimezoneService.register(zone);
  return { text, events: root.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

describe('an event’s calendar file', () => {
  test('gives its time in the site’s zone, its text unescaped as written, folded long lines', async () => {
    const content = `<p>${'한인회관에서 열리는 송년의 밤; 식사, 공연과 경품 추첨이 있습니다. '.repeat(4)}</p>`;
    const id = await createEvent(staff, {
      title: '송년의 밤, 2026; "함께"',
      content,
      startdate: '2026-12-19',
      starttime: '18:00',
      endtime: '21:30',
      place: '한인회관',
      address: '981 S Western Ave, Los Angeles',
    });
    const { events, text } = await calendarAt(`/events/${id}.ics`);
    expect(text).toContain('\r\n ');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.summary).toBe('송년의 밤, 2026; "함께"');
    expect(event?.location).toBe('한인회관, 981 S Western Ave, Los Angeles');
    expect(event?.description).toContain('식사, 공연과 경품 추첨이 있습니다.');
    expect(event?.description).toContain(`https://hanin.example/events/${id}`);
    expect(event?.uid).toBe(`event-${id}@hanin.example`);
    // 18:00 PST is 02:00 UTC the next day.
    expect(event?.startDate.toJSDate().toISOString()).toBe('2026-12-20T02:00:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2026-12-20T05:30:00.000Z');
  });

  test('of a weekly event repeats on its day at its local time until its last day, across the end of DST', async () => {
    const id = await createEvent(staff, {
      title: '토요 한국학교',
      startdate: '2026-10-14',
      enddate: '2026-11-21',
      weekday: 6,
      starttime: '10:00',
      endtime: '12:00',
    });
    const [event] = (await calendarAt(`/events/${id}.ics`)).events;
    expect(event?.isRecurring()).toBe(true);
    const it = event?.iterator();
    const starts: string[] = [];
    for (let next = it?.next(); next; next = it?.next()) starts.push(next.toJSDate().toISOString());
    // Saturdays from the first one after the start, 10:00 local: 17:00 UTC in PDT, 18:00 in PST.
    expect(starts).toEqual([
      '2026-10-17T17:00:00.000Z',
      '2026-10-24T17:00:00.000Z',
      '2026-10-31T17:00:00.000Z',
      '2026-11-07T18:00:00.000Z',
      '2026-11-14T18:00:00.000Z',
      '2026-11-21T18:00:00.000Z',
    ]);
  });

  test('of an all-day event is a date; its UID stays when the event is edited', async () => {
    const id = await createEvent(staff, { title: '바자회', startdate: '2026-12-24', enddate: '2026-12-25', allday: 1 });
    const first = (await calendarAt(`/events/${id}.ics`)).events[0];
    expect(first?.startDate.isDate).toBe(true);
    expect(first?.startDate.toString()).toBe('2026-12-24');
    expect(first?.endDate.toString()).toBe('2026-12-26');
    await t.call('PUT', '/api/event', { token: staff.token, body: { id, title: '성탄 바자회' } });
    const edited = (await calendarAt(`/events/${id}.ics`)).events[0];
    expect(edited?.summary).toBe('성탄 바자회');
    expect(edited?.uid).toBe(first?.uid);
  });

  test('of a held event is not there', async () => {
    const member = await t.member();
    const id = await createEvent(member, { startdate: '2026-12-24', allday: 1 });
    expect((await t.call('GET', `/events/${id}.ics`)).status).toBe(404);
  });
});

describe('the feed /events.ics', () => {
  test('holds the upcoming public events, not past or held ones', async () => {
    const today = todayIn(ZONE);
    const soon = await createEvent(staff, { title: '다가오는 강좌', startdate: addDays(today, 5), starttime: '19:00' });
    const past = await createEvent(staff, { title: '지난 강좌', startdate: addDays(today, -5), starttime: '19:00' });
    const held = await createEvent(await t.member(), { title: '검토 중 모임', startdate: addDays(today, 5), allday: 1 });
    const uids = (await calendarAt('/events.ics')).events.map((e) => e.uid);
    expect(uids).toContain(`event-${soon}@hanin.example`);
    expect(uids).not.toContain(`event-${past}@hanin.example`);
    expect(uids).not.toContain(`event-${held}@hanin.example`);
  });
});
