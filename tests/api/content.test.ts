import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (fields: Record<string, unknown> = {}) => ({
  id: 0,
  topcategory: 5,
  title: '첫 글입니다',
  content: '<p>안녕하세요</p>',
  ...fields,
});

describe('the content call set (SPEC §7) on board, jobs, business, inquiry and mainschedule', () => {
  test('initdata answers the SPEC §3 defaults exactly', async () => {
    const board = (await t.call('GET', '/api/board/initdata')).body.item;
    expect(board).toMatchObject({
      id: 0,
      free: 1,
      marketstatus: 1,
      language: 1,
      status: 1,
      topcategory: 1,
      count: 0,
      like: 0,
      comment: 0,
      price: 0,
      title: '',
      images: [],
    });
    expect((await t.call('GET', '/api/jobs/initdata')).body.item).toMatchObject({ id: 0, type: 1, status: 1, title: '', limitdate: '' });
    expect((await t.call('GET', '/api/business/initdata')).body.item).toMatchObject({ id: 0, type: 1, main: 1, starttime: '' });
    expect((await t.call('GET', '/api/inquiry/initdata')).body.item).toEqual({
      id: 0,
      title: '',
      content: '',
      answer: '',
      status: 1,
      name: '',
      updatedate: '',
      user: 0,
      date: '',
    });
    expect((await t.call('GET', '/api/mainschedule/initdata')).body.item).toMatchObject({ id: 0, status: 1, weekday: 0, sortorder: 0 });
  });

  test('a member creates (POST, id 0), reads, updates (PUT, id > 0) and deletes a community post', async () => {
    const m = await t.member();
    const created = await t.call('POST', '/api/board', { token: m.token, body: post() });
    expect(created.body).toEqual({ code: 'ok', id: expect.any(Number) });
    const got = await t.call('GET', `/api/board/${created.body.id}`);
    expect(got.body.item).toMatchObject({
      id: created.body.id,
      title: '첫 글입니다',
      content: '<p>안녕하세요</p>',
      user: m.id,
      topcategory: 5,
      korean: 1,
      english: 0,
    });
    expect(got.body.item.name).toMatch(/^닉네임/);
    const updated = await t.call('PUT', '/api/board', { token: m.token, body: { id: created.body.id, title: '고친 제목' } });
    expect(updated.body.item).toMatchObject({ title: '고친 제목', content: '<p>안녕하세요</p>' });
    const removed = await t.call('DELETE', '/api/board', { token: m.token, body: { id: created.body.id } });
    expect(removed.body).toEqual({ code: 'ok', id: created.body.id });
    expect((await t.call('GET', `/api/board/${created.body.id}`)).status).toBe(404);
  });

  test('visitors read but do not write; POST with an id or PUT without one is refused', async () => {
    expect((await t.call('POST', '/api/board', { body: post() })).status).toBe(401);
    const m = await t.member();
    expect((await t.call('POST', '/api/board', { token: m.token, body: post({ id: 5 }) })).body).toMatchObject({ field: 'id' });
    expect((await t.call('PUT', '/api/board', { token: m.token, body: { title: 'x' } })).body).toMatchObject({ field: 'id' });
  });

  test('news, organizations and the FAQ take posts from level 2 up; members are refused on the server', async () => {
    const m = await t.member();
    const staff = await t.member({ level: 2 });
    for (const topcategory of [1, 7, 8]) {
      expect((await t.call('POST', '/api/board', { token: m.token, body: post({ topcategory }) })).status).toBe(403);
      expect((await t.call('POST', '/api/board', { token: staff.token, body: post({ topcategory }) })).status).toBe(200);
    }
    for (const topcategory of [2, 4, 5])
      expect((await t.call('POST', '/api/board', { token: m.token, body: post({ topcategory, price: 10 }) })).status).toBe(200);
    expect((await t.call('POST', '/api/board', { token: staff.token, body: post({ topcategory: 3 }) })).body).toMatchObject({
      field: 'topcategory',
    });
    // Moving one's own post into news is the same refusal.
    const own = (await t.call('POST', '/api/board', { token: m.token, body: post() })).body.id;
    expect((await t.call('PUT', '/api/board', { token: m.token, body: { id: own, topcategory: 1 } })).status).toBe(403);
  });

  test('only the author or an admin edits or deletes', async () => {
    const author = await t.member();
    const other = await t.member();
    const id = (await t.call('POST', '/api/board', { token: author.token, body: post() })).body.id;
    expect((await t.call('PUT', '/api/board', { token: other.token, body: { id, title: '남의 글' } })).status).toBe(403);
    expect((await t.call('DELETE', '/api/board', { token: other.token, body: { id } })).status).toBe(403);
    const admin = await t.member({ level: 3 });
    expect((await t.call('PUT', '/api/board', { token: admin.token, body: { id, title: '관리자 수정' } })).body.item.title).toBe(
      '관리자 수정',
    );
  });

  test('fields a client may not set are never stored', async () => {
    const m = await t.member();
    const id = (
      await t.call('POST', '/api/board', {
        token: m.token,
        body: post({ count: 999, like: 50, comment: 7, user: 1, name: '사칭', hidden: 1, date: '2000-01-01' }),
      })
    ).body.id;
    const item = (await t.call('GET', `/api/board/${id}`)).body.item;
    expect(item).toMatchObject({ count: 1, like: 0, comment: 0, user: m.id, hidden: 0 });
    expect(item.name).not.toBe('사칭');
    expect(item.date).not.toBe('2000-01-01');
  });

  test('business type (premium) and main (main exposure) are set only by admins', async () => {
    const m = await t.member();
    // As docs/api.md says: a member who sets one gets a 403 naming it, on create as on edit.
    for (const field of ['type', 'main']) {
      const refused = await t.call('POST', '/api/business', { token: m.token, body: { title: '서울식당', [field]: 2 } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'error', message: 'forbidden', field });
    }
    const id = (await t.call('POST', '/api/business', { token: m.token, body: { title: '서울식당', type: 1, main: 1 } })).body.id;
    expect((await t.call('GET', `/api/business/${id}`)).body.item).toMatchObject({ type: 1, main: 1 });
    expect((await t.call('PUT', '/api/business', { token: m.token, body: { id, type: 2 } })).body).toMatchObject({ field: 'type' });
    const admin = await t.member({ level: 3 });
    expect((await t.call('PUT', '/api/business', { token: admin.token, body: { id, type: 2, main: 2 } })).body.item).toMatchObject({
      type: 2,
      main: 2,
    });
    // The owner can still edit the rest, echoing the admin's values back.
    expect((await t.call('PUT', '/api/business', { token: m.token, body: { id, type: 2, main: 2, tel: '213-555-0101' } })).status).toBe(
      200,
    );
  });

  test('enumerations, dates, times, URLs and image paths are validated with the field named', async () => {
    const m = await t.member();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/board', post({ free: 3 }), 'free'],
      ['/api/board', post({ marketstatus: 0 }), 'marketstatus'],
      ['/api/board', post({ topcategory: 9 }), 'topcategory'],
      ['/api/board', post({ images: ['https://evil.example/x.png'] }), 'images[0]'],
      ['/api/board', post({ image: '/api/webdata/../../etc/passwd' }), 'image'],
      ['/api/board', post({ title: '' }), 'title'],
      ['/api/board', post({ price: -1 }), 'price'],
      ['/api/jobs', { title: '구인', type: 3 }, 'type'],
      ['/api/jobs', { title: '구인', limitdate: '2026-13-45' }, 'limitdate'],
      ['/api/jobs', { title: '구인', url: 'javascript:alert(1)' }, 'url'],
      ['/api/business', { title: '식당', starttime: '25:00' }, 'starttime'],
      ['/api/business', { title: '식당', main: 5 }, 'main'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.call('POST', path, { token: m.token, body });
      expect(res.status, `${path} ${field}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'error', message: 'invalid', field });
    }
  });

  test('a market price is a number of 0 or more, and a listing that is not 무료나눔 has one (issue #32)', async () => {
    const m = await t.member();
    const market = (fields: Record<string, unknown>) => post({ topcategory: 4, title: '원목 의자 팝니다', ...fields });
    const refusals: [Record<string, unknown>, string][] = [
      [{ price: 'abc' }, '숫자를 입력하세요'],
      [{ price: '' }, '숫자를 입력하세요'],
      [{ price: -5 }, '0 이상이어야 합니다'],
      [{}, '가격을 입력하세요. 무료로 드린다면 무료나눔을 고르세요'],
      [{ price: 0, free: 1 }, '가격을 입력하세요. 무료로 드린다면 무료나눔을 고르세요'],
    ];
    for (const [fields, detail] of refusals) {
      const res = await t.call('POST', '/api/board', { token: m.token, body: market(fields) });
      expect(res, JSON.stringify(fields)).toMatchObject({
        status: 400,
        body: { code: 'error', message: 'invalid', field: 'price', detail },
      });
    }
    const paid = await t.call('POST', '/api/board', { token: m.token, body: market({ price: 25 }) });
    expect(paid.status).toBe(200);
    const free = await t.call('POST', '/api/board', { token: m.token, body: market({ free: 2 }) });
    expect(free.status).toBe(200);
    // An edit may not take the price away either; other sections have no price to give.
    const edit = await t.call('PUT', '/api/board', { token: m.token, body: { id: paid.body.id, price: 0 } });
    expect(edit.body).toMatchObject({ field: 'price' });
    expect((await t.call('POST', '/api/board', { token: m.token, body: post({ topcategory: 5 }) })).status).toBe(200);
    const stored = await t.deps.db
      .selectFrom('board')
      .select(['price', 'free'])
      .where('id', 'in', [paid.body.id, free.body.id])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { price: 25, free: 1 },
      { price: 0, free: 2 },
    ]);
  });

  test('rich text is sanitized before it is stored', async () => {
    const m = await t.member();
    const id = (
      await t.call('POST', '/api/board', {
        token: m.token,
        body: post({ content: '<p onclick="x()">글<script>alert(1)</script><img src=x onerror=alert(1)></p>' }),
      })
    ).body.id;
    const content = (await t.call('GET', `/api/board/${id}`)).body.item.content;
    expect(content).not.toMatch(/script|onerror|onclick/);
    expect(content).toContain('글');
  });

  test('the list pages, filters, sorts and searches; count and sum agree', async () => {
    const m = await t.member();
    const tag = `목록${Date.now()}`;
    const prices = [100, 250.555, 0, 1200];
    for (const [i, price] of prices.entries()) {
      await t.call('POST', '/api/board', {
        token: m.token,
        body: post({
          topcategory: 4,
          title: `${tag} 물건 ${i}`,
          price,
          free: price === 0 ? 2 : 1,
          location: i % 2 ? '토런스' : 'LA',
          category: '가구',
        }),
      });
    }
    const q = `topcategory=4&keyword=${encodeURIComponent(tag)}`;
    const page = await t.call('GET', `/api/board?${q}&size=3&sort=price`);
    expect(page.body).toMatchObject({ code: 'ok', total: 4, page: 1, size: 3 });
    expect(page.body.items.map((i: { price: number }) => i.price)).toEqual([0, 100, 250.55]);
    expect((await t.call('GET', `/api/board?${q}&location=${encodeURIComponent('토런스')}`)).body.total).toBe(2);
    expect((await t.call('GET', `/api/board?${q}&free=2`)).body.total).toBe(1);
    expect((await t.call('GET', `/api/board?${q}&minprice=100&maxprice=1000`)).body.total).toBe(2);
    expect((await t.call('GET', `/api/board/count?${q}&free=1`)).body).toEqual({ code: 'ok', total: 3 });
    const sum = await t.call('GET', `/api/board/sum?${q}`);
    expect(sum.body).toMatchObject({ code: 'ok', total: 4, sum: { price: 1550.55, like: 0, comment: 0 } });
    expect((await t.call('GET', `/api/board?${q}&size=101`)).status).toBe(400);
    expect((await t.call('GET', '/api/board?sort=passwd')).status).toBe(400);
  });

  test('batch create and batch delete are all or nothing', async () => {
    const m = await t.member();
    const tag = `일괄${Date.now()}`;
    const bad = await t.call('POST', '/api/board/batch', {
      token: m.token,
      body: [post({ title: `${tag} 1` }), post({ title: `${tag} 2`, free: 9 })],
    });
    expect(bad.body).toMatchObject({ message: 'invalid', field: '[1].free' });
    expect((await t.call('GET', `/api/board?keyword=${encodeURIComponent(tag)}`)).body.total).toBe(0);
    const good = await t.call('POST', '/api/board/batch', {
      token: m.token,
      body: [post({ title: `${tag} 1` }), post({ title: `${tag} 2` })],
    });
    expect(good.body.ids).toHaveLength(2);
    const other = await t.member();
    const foreign = (await t.call('POST', '/api/board', { token: other.token, body: post({ title: `${tag} 남의 글` }) })).body.id;
    expect((await t.call('DELETE', '/api/board/batch', { token: m.token, body: [...good.body.ids, foreign] })).status).toBe(403);
    expect((await t.call('GET', `/api/board?keyword=${encodeURIComponent(tag)}`)).body.total).toBe(3);
    expect((await t.call('DELETE', '/api/board/batch', { token: m.token, body: good.body.ids })).body.ids).toEqual(good.body.ids);
    expect((await t.call('GET', `/api/board?keyword=${encodeURIComponent(tag)}`)).body.total).toBe(1);
  });

  test('hidden items are gone for everyone but admins', async () => {
    const m = await t.member();
    const id = (await t.call('POST', '/api/board', { token: m.token, body: post({ title: '숨길 글' }) })).body.id;
    await t.deps.db.updateTable('board').set({ hidden: 1 }).where('id', '=', id).execute();
    expect((await t.call('GET', `/api/board/${id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/board/${id}`, { token: m.token })).status).toBe(404);
    expect((await t.call('GET', `/api/board/${id}`, { token: await t.root() })).status).toBe(200);
    expect((await t.call('GET', '/api/board?hidden=1', { token: await t.root() })).body.items.map((i: { id: number }) => i.id)).toContain(
      id,
    );
    expect((await t.call('GET', '/api/board?hidden=1')).body.items.map((i: { id: number }) => i.id)).not.toContain(id);
  });

  test('jobs past their deadline are left out of the list unless asked for', async () => {
    const m = await t.member();
    const tag = `채용${Date.now()}`;
    await t.call('POST', '/api/jobs', { token: m.token, body: { title: `${tag} 지난 공고`, limitdate: '2020-01-01' } });
    await t.call('POST', '/api/jobs', { token: m.token, body: { title: `${tag} 열린 공고`, limitdate: '2099-12-31' } });
    await t.call('POST', '/api/jobs', { token: m.token, body: { title: `${tag} 상시 모집` } });
    expect((await t.call('GET', `/api/jobs?keyword=${encodeURIComponent(tag)}`)).body.total).toBe(2);
    expect((await t.call('GET', `/api/jobs?keyword=${encodeURIComponent(tag)}&expired=1`)).body.total).toBe(3);
  });

  test('businesses: premium first; open now follows the hours', async () => {
    const m = await t.member();
    const admin = await t.root();
    const tag = `업소${Date.now()}`;
    const always = (
      await t.call('POST', '/api/business', {
        token: m.token,
        body: { title: `${tag} 24시`, starttime: '00:00', endtime: '23:59', weekendstarttime: '00:00', weekendendtime: '23:59' },
      })
    ).body.id;
    const never = (await t.call('POST', '/api/business', { token: m.token, body: { title: `${tag} 휴업` } })).body.id;
    await t.call('PUT', '/api/business', { token: admin, body: { id: never, type: 2 } });
    const list = (await t.call('GET', `/api/business?keyword=${encodeURIComponent(tag)}`)).body.items.map((i: { id: number }) => i.id);
    expect(list).toEqual([never, always]);
    const open = (await t.call('GET', `/api/business?keyword=${encodeURIComponent(tag)}&open=1`)).body.items.map(
      (i: { id: number }) => i.id,
    );
    expect(open).toEqual([always]);
  });

  test('inquiries are read only by their author and admins; an answer sets 답변완료 and mails the author', async () => {
    const author = await t.member();
    const other = await t.member();
    const id = (
      await t.call('POST', '/api/inquiry', { token: author.token, body: { title: '환불 문의', content: '<p>환불해 주세요</p>' } })
    ).body.id;
    expect((await t.call('GET', `/api/inquiry/${id}`, { token: author.token })).body.item).toMatchObject({ status: 1, answer: '' });
    expect((await t.call('GET', `/api/inquiry/${id}`, { token: other.token })).status).toBe(403);
    expect((await t.call('GET', `/api/inquiry/${id}`)).status).toBe(401);
    expect((await t.call('GET', '/api/inquiry', { token: other.token })).body.items.map((i: { id: number }) => i.id)).not.toContain(id);
    expect((await t.call('GET', '/api/inquiry', { token: author.token })).body.items.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await t.call('GET', '/api/inquiry')).status).toBe(401);
    // A member cannot answer or close their own inquiry.
    expect((await t.call('PUT', '/api/inquiry', { token: author.token, body: { id, status: 2 } })).status).toBe(403);
    expect((await t.call('PUT', '/api/inquiry', { token: author.token, body: { id, answer: '셀프 답변' } })).status).toBe(403);

    const answered = await t.call('PUT', '/api/inquiry', { token: await t.root(), body: { id, answer: '<p>처리되었습니다</p>' } });
    expect(answered.body.item).toMatchObject({ status: 2, answer: '<p>처리되었습니다</p>' });
    expect(Date.parse(answered.body.item.updatedate)).toBeGreaterThan(Date.now() - 60_000);
    // The mail goes through the queue after the answer is saved: it arrives moments later.
    const mail = await t.smtp.mailTo(author.loginid, '답변');
    expect(mail?.text).toContain('환불 문의');
    // Answered, the question is no longer the author's to change.
    expect((await t.call('PUT', '/api/inquiry', { token: author.token, body: { id, title: '바꾼 질문' } })).status).toBe(403);
  });

  test('the main schedule is written by admins and read by everyone while in use', async () => {
    const m = await t.member();
    const root = await t.root();
    expect((await t.call('POST', '/api/mainschedule', { token: m.token, body: { title: '한인 축제' } })).status).toBe(403);
    const id = (
      await t.call('POST', '/api/mainschedule', {
        token: root,
        body: { title: '한인 축제', startdate: '2099-05-01', enddate: '2099-05-03', location: '코리아타운' },
      })
    ).body.id;
    const past = (
      await t.call('POST', '/api/mainschedule', {
        token: root,
        body: { title: '지난 행사', startdate: '2020-05-01', enddate: '2020-05-03' },
      })
    ).body.id;
    const off = (await t.call('POST', '/api/mainschedule', { token: root, body: { title: '꺼진 행사', enddate: '2099-01-01', status: 2 } }))
      .body.id;
    const upcoming = (await t.call('GET', '/api/mainschedule?upcoming=1')).body.items.map((i: { id: number }) => i.id);
    expect(upcoming).toContain(id);
    expect(upcoming).not.toContain(past);
    expect(upcoming).not.toContain(off);
    expect((await t.call('GET', `/api/mainschedule/${off}`)).status).toBe(404);
    expect((await t.call('GET', `/api/mainschedule/${off}`, { token: root })).status).toBe(200);
  });

  test('news with an English version is listed under the 언어: English filter', async () => {
    const staff = await t.member({ level: 2 });
    const save = (body: Record<string, unknown>) => t.call('POST', '/api/board', { token: staff.token, body: { topcategory: 1, ...body } });
    const both = (await save({ title: '한인회 소식', content: '<p>소식</p>', etitle: 'Korean Association news', econtent: '<p>News</p>' }))
      .body.id;
    const korean = (await save({ title: '한국어 소식', content: '<p>소식</p>' })).body.id;
    const ids = async (language: number) =>
      (await t.call('GET', `/api/board?topcategory=1&language=${language}&size=100`)).body.items.map((i: { id: number }) => i.id);
    expect(await ids(2)).toContain(both);
    expect(await ids(2)).not.toContain(korean);
    expect(await ids(1)).toContain(korean);
    // Taking the English version away moves it back.
    await t.call('PUT', '/api/board', { token: staff.token, body: { id: both, etitle: '', econtent: '' } });
    expect(await ids(2)).not.toContain(both);
  });

  test('a schedule never ends before it starts, on create and on edit', async () => {
    const root = await t.root();
    const save = (method: string, body: Record<string, unknown>) => t.call(method, '/api/mainschedule', { token: root, body });
    const backwards = await save('POST', { title: '거꾸로 행사', startdate: '2099-05-03', enddate: '2099-05-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ field: 'enddate', detail: '종료일은 시작일보다 빠를 수 없습니다' });
    const sameDay = await save('POST', {
      title: '하루 행사',
      startdate: '2099-05-01',
      enddate: '2099-05-01',
      starttime: '18:00',
      endtime: '09:00',
    });
    expect(sameDay.body).toMatchObject({ field: 'endtime', detail: '종료 시간은 시작 시간보다 빠를 수 없습니다' });
    // Overnight across two days is fine; so is a start with no end.
    expect(
      (await save('POST', { title: '밤샘 행사', startdate: '2099-05-01', enddate: '2099-05-02', starttime: '22:00', endtime: '02:00' }))
        .status,
    ).toBe(200);
    const id = (await save('POST', { title: '시작만', startdate: '2099-05-01' })).body.id;
    expect((await save('PUT', { id, enddate: '2099-04-30' })).body).toMatchObject({ field: 'enddate' });
  });

  test('an inquiry becomes 답변완료 only with an answer', async () => {
    const m = await t.member();
    const root = await t.root();
    const id = (await t.call('POST', '/api/inquiry', { token: m.token, body: { title: '문의', content: '<p>질문</p>' } })).body.id;
    for (const answer of [undefined, '', '<p> </p>']) {
      const res = await t.call('PUT', '/api/inquiry', { token: root, body: { id, status: 2, ...(answer !== undefined && { answer }) } });
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(res.body).toMatchObject({ field: 'status', detail: '답변을 입력해야 답변완료로 바꿀 수 있습니다' });
    }
    expect((await t.call('PUT', '/api/inquiry', { token: root, body: { id, answer: '<p>답변입니다</p>' } })).body.item).toMatchObject({
      status: 2,
    });
  });

  test('a post or an inquiry with nothing to read is refused, on create and on edit; photos alone are content', async () => {
    const m = await t.member();
    const empties = [undefined, '', '   ', '<p></p>', '<p>&nbsp;</p>', '<p><br></p>', '<p> </p><p>\n</p>', '<script>x</script>'];
    const bodies = { board: post, inquiry: (fields = {}) => ({ title: '문의', content: '<p>안녕하세요</p>', ...fields }) };
    for (const [name, body] of Object.entries(bodies)) {
      for (const content of empties) {
        const res = await t.call('POST', `/api/${name}`, { token: m.token, body: body({ content }) });
        expect(res.status, `${name} ${JSON.stringify(content)}`).toBe(400);
        expect(res.body).toMatchObject({ field: 'content', detail: '내용을 입력하세요' });
      }
      const id = (await t.call('POST', `/api/${name}`, { token: m.token, body: body() })).body.id;
      const edit = await t.call('PUT', `/api/${name}`, { token: m.token, body: { id, content: '<p>&nbsp;</p>' } });
      expect(edit).toMatchObject({ status: 400, body: { field: 'content', detail: '내용을 입력하세요' } });
      expect((await t.call('GET', `/api/${name}/${id}`, { token: m.token })).body.item.content).toBe('<p>안녕하세요</p>');
    }
    const photo = '<p><img src="/api/webdata/board/photo.jpg" alt="" /></p>';
    const photos = await t.call('POST', '/api/board', { token: m.token, body: post({ content: photo }) });
    expect(photos.status).toBe(200);
    expect((await t.call('GET', `/api/board/${photos.body.id}`)).body.item.content).toContain('<img');
  });
});
