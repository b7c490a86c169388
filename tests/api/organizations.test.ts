import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { addDays } from '#shared/events.ts';
import { todayIn } from '#shared/format.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Organizations' pages (PRODUCT.md "Organizations and events"): 한인단체 posts carry their
// contact and about fields, admins name each organization's editors, editors keep only their
// organization's page and publish its events at once, and its detail lists its upcoming events.
// The old links to an organization read in place are sent to its page, and an event's edit page
// is its author's, its organization's editors' and admins' (pages: needs `npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['member']>>;
let admin: string;
let staff: Member;
let editor: Member;
let member: Member;
beforeAll(async () => {
  t = await startTestApp({ SITE_TIMEZONE: 'America/Los_Angeles' });
  admin = await t.root();
  [staff, editor, member] = await Promise.all([t.member({ level: 2 }), t.member(), t.member()]);
});
afterAll(() => t.close());

/** A page as a browser without JavaScript asks for it: a GET, or a form's POST. */
function page(url: string, token?: string, form?: Record<string, string>) {
  const pages = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
  return pages.request(`http://localhost${url}`, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      origin: 'http://localhost',
      ...(token ? { cookie: `${TOKEN_COOKIE}=${token}` } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form && new URLSearchParams(form).toString(),
  });
}

const ABOUT = {
  tel: '(213) 555-0100',
  email: 'Info@KoreanFed.example',
  address: '981 S Western Ave, Los Angeles, CA 90006',
  url: 'https://koreanfed.example',
  kakao: 'https://open.kakao.com/o/gAbC123',
  officers: '회장 홍길동\n총무 김영희',
  hours: '월~금 09:00~17:00',
};

async function newOrganization(title = '남가주 한인회'): Promise<number> {
  const res = await t.call('POST', '/api/board', {
    token: staff.token,
    body: { topcategory: 7, category: '한인회', title, content: '<p>한인 사회를 섬깁니다</p>', ...ABOUT },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const editors = (id: number, users: number[], token = admin) =>
  t.call('PUT', `/api/admin/organization/${id}/editors`, { token, body: { users } });

const edit = (id: number, by: Member, fields: Record<string, unknown>) =>
  t.call('PUT', '/api/board', { token: by.token, body: { id, ...fields } });

describe('an organization’s page', () => {
  test('keeps its contact and about fields; a wrong one is refused by name', async () => {
    const id = await newOrganization();
    const got = await t.call('GET', `/api/board/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.item).toMatchObject({ ...ABOUT, email: 'info@koreanfed.example', events: [], editors: [] });

    const kakao = await edit(id, staff, { kakao: 'https://example.com/chat' });
    expect(kakao.status).toBe(400);
    expect(kakao.body).toMatchObject({ field: 'kakao' });
    expect(kakao.body.detail).toContain('open.kakao.com');
    const email = await edit(id, staff, { email: '메일 아님' });
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({ field: 'email' });
  });

  test('its fields belong to organizations only', async () => {
    const res = await t.call('POST', '/api/board', {
      token: member.token,
      body: { topcategory: 5, title: '자유글', content: '<p>글</p>', tel: '213-555-0100' },
    });
    expect(res.status).toBe(400);
  });

  test('lists its upcoming events with their next occurrence, not the past ones or other organizations’', async () => {
    const id = await newOrganization('오렌지카운티 한인회');
    const other = await newOrganization('샌디에고 한인회');
    const today = todayIn('America/Los_Angeles');
    const event = async (fields: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/event', {
        token: staff.token,
        body: { title: '행사', starttime: '19:00', organization: id, ...fields },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id as number;
    };
    const weekly = await event({ title: '매주 토요 한국학교', startdate: addDays(today, -30), weekday: 6, starttime: '10:00' });
    const soon = await event({ title: '송년의 밤', startdate: addDays(today, 3), starttime: '18:00' });
    await event({ title: '지난 행사', startdate: addDays(today, -3) });
    await event({ title: '다른 단체 행사', startdate: addDays(today, 2), organization: other });
    const got = await t.call('GET', `/api/board/${id}`);
    const events = got.body.item.events as { id: number; next: string }[];
    expect(events.map((e) => e.id).sort()).toEqual([weekly, soon].sort());
    expect(events.every((e) => e.next >= today)).toBe(true);
    // Soonest first.
    expect(events.map((e) => e.next)).toEqual(events.map((e) => e.next).sort());
  });
});

describe('an organization’s editors', () => {
  test('are named and listed by admins only, as members that exist', async () => {
    const id = await newOrganization('한인 가정상담소');
    expect((await editors(id, [editor.id], staff.token)).status).toBe(403);
    expect((await t.call('GET', `/api/admin/organization/${id}/editors`, { token: member.token })).status).toBe(403);
    expect((await editors(id, [99_999_999])).status).toBe(400);
    const community = await t.call('POST', '/api/board', {
      token: member.token,
      body: { topcategory: 5, title: '글', content: '<p>글</p>' },
    });
    expect((await editors(community.body.id, [editor.id])).status).toBe(404);

    const named = await editors(id, [editor.id, editor.id]);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.items).toEqual([expect.objectContaining({ user: editor.id })]);
    const listed = await t.call('GET', `/api/admin/organization/${id}/editors`, { token: admin });
    expect(listed.body).toMatchObject({ total: 1, items: [{ user: editor.id }] });
    expect((await t.call('GET', `/api/board/${id}`)).body.item.editors).toEqual([editor.id]);
  });

  test('edit their organization’s page only, keep it in its section, and do not delete it', async () => {
    const id = await newOrganization('한인 노인회');
    const other = await newOrganization('한인 봉사단');
    expect((await edit(id, editor, { hours: '매일 10:00~16:00' })).status).toBe(403);
    await editors(id, [editor.id]);

    const saved = await edit(id, editor, { hours: '매일 10:00~16:00', officers: '회장 박철수' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.item).toMatchObject({ hours: '매일 10:00~16:00', officers: '회장 박철수', user: staff.id });
    expect((await edit(other, editor, { hours: '매일' })).status).toBe(403);
    const moved = await edit(id, editor, { topcategory: 1, ...Object.fromEntries(Object.keys(ABOUT).map((f) => [f, ''])) });
    expect(moved.status).toBe(403);
    expect((await t.call('DELETE', '/api/board', { token: editor.token, body: { id } })).status).toBe(403);
    // Staff keep every organization's page.
    expect((await edit(other, staff, { hours: '주말 휴무' })).status).toBe(200);

    await editors(id, []);
    expect((await edit(id, editor, { hours: '다시' })).status).toBe(403);
  });

  test('publish their organization’s events at once; other events of theirs wait for an admin', async () => {
    const id = await newOrganization('한국학교');
    const other = await newOrganization('한인 합창단');
    await editors(id, [editor.id]);
    const startdate = addDays(todayIn('America/Los_Angeles'), 5);
    const post = (organization: number) =>
      t.call('POST', '/api/event', { token: editor.token, body: { title: '학부모 설명회', startdate, starttime: '19:00', organization } });
    const ours = await post(id);
    expect(ours.status).toBe(200);
    expect((await t.call('GET', `/api/event/${ours.body.id}`, { token: member.token })).status).toBe(200);
    const theirs = await post(other);
    expect((await t.call('GET', `/api/event/${theirs.body.id}`, { token: member.token })).status).toBe(404);
    const none = await post(0);
    expect((await t.call('GET', `/api/event/${none.body.id}`, { token: member.token })).status).toBe(404);
  });
});

describe('an old link to an organization read in place', () => {
  test('/organizations?entry=N answers a permanent redirect to its page, a 404 when there is none', async () => {
    const id = await newOrganization('재미 한인 봉사회');
    const moved = await page(`/organizations?entry=${id}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/organizations/${id}`);
    expect((await page(`/organizations/${id}`)).status).toBe(200);
    const post = await t.call('POST', '/api/board', {
      token: staff.token,
      body: { topcategory: 5, title: '커뮤니티 글', content: '<p>본문</p>' },
    });
    for (const entry of [String(id + 100000), String(post.body.id), 'abc', '0']) {
      expect((await page(`/organizations?entry=${entry}`)).status, entry).toBe(404);
    }
    expect((await page('/organizations')).status).toBe(200);
  });
});

describe('an event’s edit page', () => {
  test('is its author’s, its organization’s editors’ and admins’; saves without JavaScript and keeps what was typed on a refusal', async () => {
    const org = await newOrganization('한인 봉사센터');
    await editors(org, [editor.id]);
    const startdate = addDays(todayIn('America/Los_Angeles'), 9);
    const made = await t.call('POST', '/api/event', {
      token: staff.token,
      body: { title: '김장 나눔 행사', startdate, starttime: '10:00', organization: org, place: '한인회관', content: '<p>함께 담가요</p>' },
    });
    const id = made.body.id;
    const put = await t.call('PUT', '/api/event', { token: editor.token, body: { id, place: '한인회관' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const form = await page(`/events/write?id=${id}`, editor.token);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('value="김장 나눔 행사"');
    expect(html).toContain('함께 담가요');
    expect(html).toContain('수정 완료');
    expect((await page(`/events/write?id=${id}`, admin)).status).toBe(200);
    expect((await page(`/events/write?id=${id}`, member.token)).status).toBe(403);
    expect((await page('/events/write?id=99999999', editor.token)).status).toBe(404);
    expect(await (await page(`/events/${id}`, editor.token)).text()).toContain(`/events/write?id=${id}`);
    expect(await (await page(`/events/${id}`, member.token)).text()).not.toContain(`/events/write?id=${id}`);

    const fields = {
      title: '김장 나눔 큰잔치 🥬',
      category: '봉사',
      startdate,
      starttime: '11:00',
      endtime: '',
      enddate: '',
      weekday: '0',
      place: '한인회관 대강당',
      address: '',
      organization: String(org),
      capacity: '40',
      url: '',
      content: '함께 담가요\n앞치마를 챙겨 오세요',
    };
    const refused = await page(`/events/write?id=${id}`, editor.token, { ...fields, startdate: '' });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('김장 나눔 큰잔치 🥬');
    expect(again).toContain('한인회관 대강당');
    expect((await page(`/events/write?id=${id}`, member.token, fields)).status).toBe(403);
    const saved = await page(`/events/write?id=${id}`, editor.token, fields);
    expect([302, 303]).toContain(saved.status);
    expect(saved.headers.get('location')).toBe(`/events/${id}`);
    expect((await t.call('GET', `/api/event/${id}`)).body.item).toMatchObject({
      title: fields.title,
      place: '한인회관 대강당',
      capacity: 40,
      starttime: '11:00',
      content: '<p>함께 담가요</p><p>앞치마를 챙겨 오세요</p>',
    });
  });
});
