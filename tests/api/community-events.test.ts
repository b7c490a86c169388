import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, isoWeekday } from '#shared/events.ts';
import { todayIn } from '#shared/format.ts';
import { nextEventDate, remindAttendees } from '#server/modules/event/event.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Community events (PRODUCT.md "Organizations and events"): the call set at /api/event with its
// fields and filters, staff publishing at once and members' events held for an admin, RSVPs
// within the capacity, the next occurrence in the site's time zone (Los Angeles here, across the
// end of daylight saving time), and the reminder at 09:00 the day before.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SITE_TIMEZONE: 'America/Los_Angeles' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;
let staff: Member;
let member: Member;
let other: Member;
beforeAll(async () => {
  [staff, member, other] = await Promise.all([t.member({ level: 2 }), t.member(), t.member()]);
});

const today = () => todayIn('America/Los_Angeles');

async function createEvent(by: Member, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/event', {
    token: by.token,
    body: { title: '한인회 송년의 밤', startdate: addDays(today(), 10), starttime: '18:00', endtime: '21:00', ...fields },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const listed = async (query: string) =>
  ((await t.call('GET', `/api/event?size=100&${query}`)).body.items as { id: number }[]).map((i) => i.id);

describe('an event', () => {
  test('keeps the contract’s fields; its page adds attending and the next occurrence', async () => {
    const org = await t.call('POST', '/api/board', {
      token: staff.token,
      body: { topcategory: 7, title: '남가주 한인회', content: '<p>소개</p>' },
    });
    const date = addDays(today(), 12);
    const fields = {
      title: '한인회 송년의 밤',
      content: '<p>함께해요</p>',
      startdate: date,
      starttime: '18:00',
      enddate: date,
      endtime: '21:00',
      allday: 2,
      weekday: 0,
      place: '한인회관',
      address: '981 S Western Ave, Los Angeles',
      organization: org.body.id,
      category: '모임',
      capacity: 50,
      url: 'https://example.org/event',
      images: [],
    };
    const id = await createEvent(staff, fields);
    const got = await t.call('GET', `/api/event/${id}`, { token: member.token });
    expect(got.status).toBe(200);
    expect(got.body.item).toMatchObject({ ...fields, id, attendees: 0, attending: false, next: date });
  });

  test('is refused with the rule’s Korean reason', async () => {
    const save = (body: Record<string, unknown>) => t.call('POST', '/api/event', { token: staff.token, body: { title: '행사', ...body } });
    const reason = async (body: Record<string, unknown>) => {
      const res = await save(body);
      expect(res.status).toBe(400);
      return [res.body.field, res.body.detail];
    };
    expect(await reason({ starttime: '10:00' })).toEqual(['startdate', '시작일을 입력하세요']);
    expect(await reason({ startdate: '2030-01-10' })).toEqual(['starttime', '시작 시간을 입력하세요']);
    expect(await reason({ startdate: '2030-01-10', starttime: '10:00', enddate: '2030-01-09' })).toEqual([
      'enddate',
      '종료일은 시작일보다 빠를 수 없습니다',
    ]);
    expect(await reason({ startdate: '2030-01-10', starttime: '10:00', endtime: '09:00' })).toEqual([
      'endtime',
      '종료 시간은 시작 시간보다 빠를 수 없습니다',
    ]);
    expect(await reason({ startdate: '2030-01-10', allday: 1, category: '파티' })).toEqual(['category', '분류를 선택하세요']);
    expect(await reason({ startdate: '2030-01-10', allday: 1, weekday: 8 })).toEqual(['weekday', expect.any(String)]);
    const post = await t.call('POST', '/api/board', {
      token: staff.token,
      body: { topcategory: 5, title: '자유글', content: '<p>글</p>' },
    });
    expect(await reason({ startdate: '2030-01-10', allday: 1, organization: post.body.id })).toEqual([
      'organization',
      '등록된 한인단체가 아닙니다',
    ]);
    expect((await t.call('POST', '/api/event', { body: { title: '행사', startdate: '2030-01-10', allday: 1 } })).status).toBe(401);
  });

  test('by staff is published at once; a member’s waits for an admin, seen by its author only', async () => {
    const published = await createEvent(staff);
    const held = await createEvent(member, { title: '회원이 올린 모임' });
    expect(await listed('upcoming=1')).toContain(published);
    expect(await listed('upcoming=1')).not.toContain(held);
    expect((await t.call('GET', `/api/event/${held}`)).status).toBe(404);
    expect((await t.call('GET', `/api/event/${held}`, { token: other.token })).status).toBe(404);
    expect((await t.call('POST', `/api/event/${held}/rsvp`, { token: other.token })).status).toBe(404);
    const own = await t.call('GET', `/api/event/${held}`, { token: member.token });
    expect(own.status).toBe(200);
    expect(own.body.item.hidden).toBe(2);
    const admin = await t.call('GET', `/api/event/${held}`, { token: await t.root() });
    expect(admin.status).toBe(200);
  });

  test('a member’s event waits on the review queue: approved, everyone sees it and its author is told', async () => {
    const root = await t.root();
    const held = await createEvent(member, { title: '회원 등산 모임' });
    const published = await createEvent(staff, { title: '직원이 올린 행사' });
    const queue = async () =>
      (await t.call('GET', '/api/admin/queue?size=100', { token: root })).body.items as { target: string; item: number }[];
    const waiting = (await queue()).filter((i) => i.target === 'event');
    expect(waiting.find((i) => i.item === held)).toMatchObject({
      reason: 'event',
      label: '회원이 올린 행사',
      title: '회원 등산 모임',
      link: `/events/${held}`,
      user: { id: member.id },
    });
    expect(waiting.map((i) => i.item)).not.toContain(published);
    const decided = await t.call('PUT', '/api/admin/queue', { token: root, body: { target: 'event', item: held, action: 'approve' } });
    expect(decided.status).toBe(200);
    expect((await t.call('GET', `/api/event/${held}`)).status).toBe(200);
    expect(await listed('upcoming=1')).toContain(held);
    const told = (await t.call('GET', '/api/notification', { token: member.token })).body.items;
    expect(told).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'approved', title: '회원 등산 모임', link: `/events/${held}` })]),
    );
  });

  test('lists filter by category, organization and dates; upcoming leaves out what is over', async () => {
    const org = await t.call('POST', '/api/board', {
      token: staff.token,
      body: { topcategory: 7, title: '한인 봉사단', content: '<p>봉사</p>' },
    });
    const base = addDays(today(), 40);
    const service = await createEvent(staff, { category: '봉사', organization: org.body.id, startdate: base });
    const health = await createEvent(staff, { category: '건강', startdate: addDays(base, 20) });
    const past = await createEvent(staff, { startdate: addDays(today(), -3) });
    const weekly = await createEvent(staff, {
      startdate: addDays(today(), -30),
      weekday: 6,
      enddate: addDays(base, 60),
      starttime: '10:00',
      endtime: '',
    });
    expect(await listed(`category=${encodeURIComponent('봉사')}`)).toEqual([service]);
    expect(await listed(`organization=${org.body.id}`)).toEqual([service]);
    const inRange = await listed(`from=${addDays(base, 15)}&to=${addDays(base, 25)}`);
    expect(inRange).toContain(health);
    expect(inRange).toContain(weekly);
    expect(inRange).not.toContain(service);
    const upcoming = await listed('upcoming=1');
    expect(upcoming).toEqual(expect.arrayContaining([service, health, weekly]));
    expect(upcoming).not.toContain(past);
    expect(await listed('')).toContain(past);
    expect((await t.call('GET', '/api/event?from=2030-13-01')).status).toBe(400);
  });
});

describe('RSVP', () => {
  test('toggles, counts, and closes at capacity with 400 full', async () => {
    const id = await createEvent(staff, { capacity: 2 });
    const rsvp = (m: Member) => t.call('POST', `/api/event/${id}/rsvp`, { token: m.token });
    expect((await rsvp(member)).body).toEqual({ code: 'ok', attending: true, count: 1 });
    expect((await t.call('GET', `/api/event/${id}`, { token: member.token })).body.item).toMatchObject({ attending: true, attendees: 1 });
    expect((await rsvp(other)).body).toEqual({ code: 'ok', attending: true, count: 2 });
    const full = await rsvp(staff);
    expect(full.status).toBe(400);
    expect(full.body).toMatchObject({ code: 'error', message: 'full' });
    expect((await rsvp(other)).body).toEqual({ code: 'ok', attending: false, count: 1 });
    expect((await rsvp(staff)).body).toEqual({ code: 'ok', attending: true, count: 2 });
    expect((await t.call('POST', `/api/event/${id}/rsvp`)).status).toBe(401);
  });

  test('never passes the capacity under concurrent requests', async () => {
    const id = await createEvent(staff, { capacity: 3 });
    const members = await Promise.all(Array.from({ length: 8 }, () => t.member()));
    const answers = await Promise.all(members.map((m) => t.call('POST', `/api/event/${id}/rsvp`, { token: m.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400 && a.body.message === 'full')).toHaveLength(5);
    expect((await t.call('GET', `/api/event/${id}`)).body.item.attendees).toBe(3);
  });

  test('the author sees who comes; other members may not', async () => {
    const id = await createEvent(staff);
    await t.call('POST', `/api/event/${id}/rsvp`, { token: member.token });
    const list = await t.call('GET', `/api/event/${id}/rsvp`, { token: staff.token });
    expect(list.body.items.map((i: { user: number }) => i.user)).toEqual([member.id]);
    expect((await t.call('GET', `/api/event/${id}/rsvp`, { token: other.token })).status).toBe(403);
  });
});

describe('the next occurrence', () => {
  const weekly = { startdate: '2026-10-03', enddate: '2026-12-26', starttime: '10:00', endtime: '12:00', allday: 2, weekday: 6 };

  test('of a weekly event is its next day of the week in the site’s zone, across the end of DST', () => {
    // Saturday 2026-10-31 11:00 PDT (18:00 UTC): this week's is under way.
    expect(nextEventDate(t.deps, weekly, new Date('2026-10-31T18:00:00Z'))).toBe('2026-10-31');
    // 12:30 PDT: over, so the next Saturday, after the clocks went back on Sunday 2026-11-01.
    expect(nextEventDate(t.deps, weekly, new Date('2026-10-31T19:30:00Z'))).toBe('2026-11-07');
    // Saturday 2026-11-07 at 11:30 PST is 19:30 UTC (an hour later in UTC than a week before).
    expect(nextEventDate(t.deps, weekly, new Date('2026-11-07T19:30:00Z'))).toBe('2026-11-07');
    expect(nextEventDate(t.deps, weekly, new Date('2026-11-07T20:30:00Z'))).toBe('2026-11-14');
    // Friday 2026-11-06 23:30 PST is already Saturday in UTC: the zone decides.
    expect(nextEventDate(t.deps, weekly, new Date('2026-11-07T07:30:00Z'))).toBe('2026-11-07');
    // After the series' last day: none.
    expect(nextEventDate(t.deps, weekly, new Date('2026-12-27T20:00:00Z'))).toBe('');
  });

  test('is answered by the API for a weekly event', async () => {
    const start = addDays(today(), -14);
    const id = await createEvent(staff, { startdate: start, weekday: isoWeekday(addDays(today(), 2)), enddate: addDays(today(), 90) });
    expect((await t.call('GET', `/api/event/${id}`)).body.item.next).toBe(addDays(today(), 2));
  });
});

describe('the reminder', () => {
  test('tells those who come at 09:00 the day before, once, and mails those who chose it', async () => {
    const date = addDays(today(), 20);
    const id = await createEvent(staff, { title: '건강 강좌', startdate: date, category: '건강' });
    const mailed = await t.member();
    await t.call('PUT', '/api/notification/settings', { token: mailed.token, body: { mail: ['event'] } });
    const quiet = await t.member();
    for (const m of [mailed, quiet]) await t.call('POST', `/api/event/${id}/rsvp`, { token: m.token });
    const notices = async (m: Member) =>
      ((await t.call('GET', '/api/notification?size=100', { token: m.token })).body.items as { kind: string; link: string }[]).filter(
        (n) => n.kind === 'event' && n.link === `/events/${id}`,
      );
    // The day before at 08:59 PST (16:59 UTC in winter, the date being after DST's end): not yet.
    const dayBefore = addDays(date, -1);
    const at = (time: string) => new Date(Date.parse(`${dayBefore}T${time}:00Z`));
    const offsetHours = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'shortOffset' })
      .formatToParts(at('12:00'))
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', '');
    const utc = (local: string) => new Date(at(local).getTime() - Number(offsetHours) * 3600_000);
    await remindAttendees(t.deps, utc('08:59'));
    expect(await notices(quiet)).toHaveLength(0);
    await remindAttendees(t.deps, utc('09:00'));
    await remindAttendees(t.deps, utc('09:01'));
    expect(await notices(quiet)).toHaveLength(1);
    expect(await notices(mailed)).toHaveLength(1);
    const mail = await t.smtp.mailTo(mailed.loginid, '행사');
    expect(mail?.subject).toContain('참석하기로 한 행사가 내일 열립니다');
    expect(t.smtp.messagesTo(quiet.loginid)).toHaveLength(0);
  });
});

describe('search', () => {
  const found = async (q: string) => {
    const res = await t.call('GET', `/api/search?q=${encodeURIComponent(q)}&section=events`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.groups[0].items as { item: number; url: string }[]).map((i) => i.item);
  };

  test('finds a published event by its title and its place, with particles and 초성, and links its page', async () => {
    const id = await createEvent(staff, { title: '추석맞이 윷놀이 한마당', place: '가든그로브 시니어센터' });
    expect(await found('윷놀이')).toEqual([id]);
    expect(await found('윷놀이를')).toEqual([id]);
    expect(await found('가든그로브')).toEqual([id]);
    expect(await found('ㅇㄴㅇ')).toContain(id);
    const all = await t.call('GET', `/api/search?q=${encodeURIComponent('윷놀이')}`);
    const group = all.body.groups.find((g: { key: string }) => g.key === 'events');
    expect(group).toMatchObject({ label: '행사', path: '/events', total: 1 });
    expect(group.items[0]).toMatchObject({ item: id, title: '추석맞이 윷놀이 한마당', url: `/events/${id}` });
    const listed = await t.call('GET', `/api/event?keyword=${encodeURIComponent('시니어센터')}`);
    expect(listed.body.items.map((i: { id: number }) => i.id)).toEqual([id]);
  });

  test('follows an edit and a delete, and never shows an event held for an admin', async () => {
    const id = await createEvent(staff, { title: '한글학교 학부모 설명회' });
    await createEvent(member, { title: '학부모 번개 모임' }); // held: not found
    expect(await found('학부모')).toEqual([id]);
    const edited = await t.call('PUT', '/api/event', { token: staff.token, body: { id, title: '한글학교 입학 설명회' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await found('학부모')).toEqual([]);
    expect(await found('입학')).toEqual([id]);
    expect((await t.call('DELETE', '/api/event', { token: staff.token, body: { id } })).status).toBe(200);
    expect(await found('입학')).toEqual([]);
  });
});
