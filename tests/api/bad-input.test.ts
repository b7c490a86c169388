import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECURITY_DATA } from '#tests/support/security-data.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function userCount(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('bad input of every shape gets a 4xx JSON answer, never a 500 or a partial write', () => {
  test('malformed JSON, wrong content type and an empty body', async () => {
    const malformed = await t.call('POST', '/api/user', { raw: '{"loginid": "a@b.c",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: 'error', message: 'invalid json' });
    const text = await t.call('POST', '/api/jwt', { raw: 'loginid=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const empty = await t.call('POST', '/api/jwt', { raw: '' });
    expect(empty.status).toBe(400);
    const nullBody = await t.call('POST', '/api/user/findemail', { raw: 'null' });
    expect(nullBody.status).toBe(400);
  });

  test('wrong types and missing fields name the field', async () => {
    const m = await t.member();
    const types = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, name: 42 } });
    expect(types.body).toMatchObject({ code: 'error', message: 'invalid', field: 'name' });
    const noId = await t.call('PUT', '/api/user', { token: m.token, body: { name: '이름' } });
    expect(noId.body).toMatchObject({ field: 'id' });
    const array = await t.call('PUT', '/api/user', { token: m.token, body: [1, 2] });
    expect(array.status).toBe(400);
  });

  test('unknown fields are refused by name', async () => {
    const m = await t.member();
    const res = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, isAdmin: true } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'invalid', field: 'isAdmin' });
  });

  test('a 1 MB string is refused before it is read; a long name is refused by length', async () => {
    const m = await t.member();
    const huge = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, name: '가'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'error', message: 'too large' });
    const long = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, name: '가'.repeat(51) } });
    expect(long.body).toMatchObject({ message: 'invalid', field: 'name' });
  });

  test('NUL bytes and control characters are refused', async () => {
    const m = await t.member();
    const res = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, nickname: 'abc\u0000def' } });
    expect(res.body).toMatchObject({ message: 'invalid', field: 'nickname' });
  });

  test('invisible and direction-changing characters are refused in nicknames, at sign-up and on edit', async () => {
    const m = await t.member();
    const deceptive = ['\u3164\u3164\u3164', '관리자\u200b', '김\u200d철수', '\u202eabc', 'a\u2066b\u2069', '닉\ufeff네임', '\uffa0'];
    for (const nickname of deceptive) {
      const edit = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, nickname } });
      expect(edit, JSON.stringify(nickname)).toMatchObject({ status: 400, body: { message: 'invalid', field: 'nickname' } });
      const signUp = await t.call('POST', '/api/user', {
        body: { name: '이름', nickname, loginid: 'x@test.example', passwd: 'long-enough-pw' },
      });
      expect(signUp.body, JSON.stringify(nickname)).toMatchObject({ message: 'invalid', field: 'nickname' });
    }
    expect((await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, nickname: '김철수😀 Kim' } })).status).toBe(200);
  });

  test('a member may not go by a nickname that names the staff; staff may', async () => {
    const m = await t.member();
    for (const nickname of ['관리자', '운영자님', '관 리 자', 'Admin', 'ＡＤＭＩＮ', 'site_moderator', '운영팀장']) {
      const res = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, nickname } });
      expect(res, nickname).toMatchObject({ status: 400, body: { message: 'invalid', field: 'nickname' } });
    }
    expect((await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, nickname: '배드민턴 badminton' } })).status).toBe(200);
    const manager = await t.member({ level: 2 });
    const staff = await t.call('PUT', '/api/user', { token: manager.token, body: { id: manager.id, nickname: `운영자${manager.id}` } });
    expect(staff.status).toBe(200);
  });

  test('single-line fields refuse line breaks, naming the field in Korean; multi-line fields keep them', async () => {
    const m = await t.member();
    const admin = await t.root();
    const refusals: [string, string, string | undefined, Record<string, unknown>, string][] = [
      ['POST', '/api/board', m.token, { topcategory: 5, content: '본문' }, 'title'],
      ['POST', '/api/board', m.token, { topcategory: 5, title: '제목' }, 'etitle'],
      ['POST', '/api/board', m.token, { topcategory: 4, title: '제목' }, 'location'],
      ['POST', '/api/board', m.token, { topcategory: 5, title: '제목' }, 'category'],
      ['POST', '/api/jobs', m.token, { title: '채용' }, 'companyname'],
      ['POST', '/api/jobs', m.token, { title: '채용' }, 'manager'],
      ['POST', '/api/business', m.token, { title: '업소' }, 'address'],
      ['POST', '/api/inquiry', m.token, { content: '문의' }, 'title'],
      ['POST', '/api/mainschedule', admin, { title: '일정' }, 'location'],
      ['PUT', '/api/user', m.token, { id: m.id }, 'nickname'],
      ['PUT', '/api/user', m.token, { id: m.id }, 'name'],
      ['POST', '/api/alert', m.token, {}, 'keyword'],
    ];
    for (const [method, url, token, body, field] of refusals) {
      for (const value of ['첫 줄\n둘째 줄', '첫 줄\r\n둘째 줄', '줄\r', '첫 줄\u2028둘째 줄']) {
        const res = await t.call(method, url, { token, body: { ...body, [field]: value } });
        expect(res, `${url} ${field} ${JSON.stringify(value)}`).toMatchObject({
          status: 400,
          body: { code: 'error', message: 'invalid', field, detail: '줄바꿈 없이 한 줄로 입력하세요' },
        });
      }
    }
    const written = await t.deps.db.selectFrom('board').select('id').where('title', 'like', '첫 줄%').execute();
    expect(written).toHaveLength(0);
    // Texts of several lines keep their line breaks.
    const inquiry = await t.call('POST', '/api/inquiry', { token: m.token, body: { title: '문의', content: '첫 줄\n둘째 줄' } });
    expect(inquiry.status).toBe(200);
    const post = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, title: '한 줄 제목', content: '<p>가</p>\n<p>나</p>' },
    });
    expect(post.status).toBe(200);
    const comment = await t.call('POST', '/api/comment', { token: m.token, body: { board: post.body.id, content: '첫 줄\n둘째 줄' } });
    expect(comment.status).toBe(200);
    const comments = await t.call('GET', `/api/comment?board=${post.body.id}`, { token: m.token });
    expect(comments.body.items[0].content).toBe('첫 줄\n둘째 줄');
  });

  test('a NUL in any query parameter or body field is a 400 naming it, on both databases', async () => {
    const m = await t.member();
    expect(await t.call('GET', '/api/board?category=%00')).toMatchObject({ status: 400, body: { message: 'invalid', field: 'category' } });
    expect(await t.call('GET', '/api/search?q=%EA%B9%80%00')).toMatchObject({ status: 400, body: { field: 'q' } });
    const login = await t.call('POST', '/api/jwt', { body: { loginid: 'a\u0000@b.c', passwd: 'whatever-pw' } });
    expect(login).toMatchObject({ status: 400, body: { message: 'invalid', field: 'loginid' } });
    const post = await t.call('POST', '/api/board', {
      token: m.token,
      body: { title: '제목', content: '<p>본문\u0000</p>', topcategory: 5 },
    });
    expect(post).toMatchObject({ status: 400, body: { field: 'content' } });
    const batch = await t.call('POST', '/api/board/batch', {
      token: m.token,
      body: [
        { title: 'a', topcategory: 5 },
        { title: 'b\u0000', topcategory: 5 },
      ],
    });
    expect(batch).toMatchObject({ status: 400, body: { field: '[1].title' } });
  });

  test('ids past 32 bits are missing (paths) or refused (queries, bodies), never a 500', async () => {
    const m = await t.member();
    const big = '2147483648';
    for (const path of ['/api/board/', '/api/jobs/', '/api/business/', '/api/mainschedule/', '/api/inquiry/', '/api/user/']) {
      expect((await t.call('GET', `${path}${big}`, { token: m.token })).status, path).toBe(404);
    }
    expect((await t.call('GET', `/api/board/${big}/files/${'a'.repeat(32)}.jpg`, { token: m.token })).status).toBe(404);
    expect((await t.call('GET', '/api/board/2147483647')).status).toBe(404);
    for (const query of [`/api/board?user=${big}`, `/api/comment?board=${big}`, `/api/like/status?target=board&items=1,${big}`]) {
      expect((await t.call('GET', query, { token: m.token })).status, query).toBe(400);
    }
    const bodies: [string, string, unknown][] = [
      ['PUT', '/api/board', { id: Number(big), title: '제목' }],
      ['DELETE', '/api/board', { id: Number(big) }],
      ['POST', '/api/comment', { board: Number(big), content: '댓글' }],
      ['POST', '/api/like', { target: 'board', item: Number(big) }],
      ['DELETE', '/api/board/batch', [1, Number(big)]],
    ];
    for (const [method, path, body] of bodies) {
      expect((await t.call(method, path, { token: m.token, body })).status, `${method} ${path}`).toBe(400);
    }
  });

  test('an integer is a JSON number in a body and plain digits in a query: true, null, [], "1" and 1.5 are refused', async () => {
    const m = await t.member();
    const post = await t.call('POST', '/api/board', {
      token: m.token,
      body: { title: '원래 제목', content: '<p>본문</p>', topcategory: 2 },
    });
    expect(post.status).toBe(200);
    // Coercion read `true` as 1 (the first post), `null`, `[]` and "" as 0 (a new post).
    for (const id of [true, null, [], '', String(post.body.id), post.body.id + 0.5]) {
      const res = await t.call('PUT', '/api/board', { token: m.token, body: { id, title: '바뀐 제목' } });
      expect(res.status, JSON.stringify(id)).toBe(400);
      expect(res.body).toMatchObject({ code: 'error', message: 'invalid', field: 'id' });
    }
    expect((await t.call('GET', `/api/board/${post.body.id}`)).body.item.title).toBe('원래 제목');
    for (const [field, value] of [
      ['topcategory', '2'],
      ['topcategory', true],
      ['price', '1000'],
      ['status', [1]],
    ] as const) {
      const res = await t.call('POST', '/api/board', {
        token: m.token,
        body: { title: '제목', content: '<p>본문</p>', topcategory: 2, [field]: value },
      });
      expect(res.body, `${field}: ${JSON.stringify(value)}`).toMatchObject({ message: 'invalid', field });
    }
    for (const body of [
      { target: 'board', item: true },
      { target: 'board', item: String(post.body.id) },
    ]) {
      expect((await t.call('POST', '/api/like', { token: m.token, body })).body).toMatchObject({ message: 'invalid', field: 'item' });
    }
    expect((await t.call('DELETE', '/api/board/batch', { token: m.token, body: [true] })).status).toBe(400);
    // A query string carries text: plain digits are numbers, anything else is refused by name.
    expect((await t.call('GET', '/api/board?page=2&size=5&user=1')).status).toBe(200);
    for (const [param, value] of [
      ['page', 'true'],
      ['page', ' 1'],
      ['size', '1e1'],
      ['size', '0x10'],
      ['user', '01'],
      ['page', ''],
    ] as [string, string][]) {
      const res = await t.call('GET', `/api/board?${param}=${encodeURIComponent(value)}`);
      expect(res.status, `${param}=${value}`).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid', field: param });
    }
    expect((await t.call('GET', `/api/comment?board=${post.body.id}`)).status).toBe(200);
    expect((await t.call('GET', '/api/comment?board=true')).body).toMatchObject({ field: 'board' });
  });

  test('NFD Hangul (as a Mac sends it) is stored NFC', async () => {
    const m = await t.member();
    const nfd = '한글이름'.normalize('NFD');
    expect(nfd).not.toBe('한글이름');
    const res = await t.call('PUT', '/api/user', { token: m.token, body: { id: m.id, name: nfd, nickname: '닉네임😀'.normalize('NFD') } });
    expect(res.body.item.name).toBe('한글이름');
    const row = await t.deps.db.selectFrom('users').select(['name', 'nickname']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('한글이름');
    expect(row.nickname).toBe('닉네임😀');
  });

  test('an invalid e-mail is refused at sign-up and at code sending', async () => {
    const send = await t.call('POST', '/api/user/findemail', { body: { email: 'a@b' } });
    expect(send.body).toMatchObject({ field: 'email' });
    const res = await t.call('POST', '/api/user', {
      body: { name: '이름', nickname: '닉', loginid: 'not mail', passwd: 'long-enough-pw' },
    });
    expect(res.body).toMatchObject({ field: 'loginid' });
  });

  test('sign-up reports the first problem in SPEC §5 order', async () => {
    const res = await t.call('POST', '/api/user', { body: { name: '', nickname: '', loginid: '', passwd: '' } });
    expect(res.body).toMatchObject({ field: 'name', detail: '이름을 입력하세요' });
    const noNick = await t.call('POST', '/api/user', { body: { name: '이름', nickname: '', loginid: '', passwd: '' } });
    expect(noNick.body).toMatchObject({ field: 'nickname', detail: '닉네임을 입력하세요' });
    const noId = await t.call('POST', '/api/user', { body: { name: '이름', nickname: '닉', loginid: '', passwd: '' } });
    expect(noId.body).toMatchObject({ field: 'loginid', detail: '아이디(email)을 입력하세요' });
    const noPw = await t.call('POST', '/api/user', { body: { name: '이름', nickname: '닉', loginid: 'a@b.co', passwd: '' } });
    expect(noPw.body).toMatchObject({ field: 'passwd', detail: '비밀번호를 입력하세요' });
  });

  test('hostile strings from the payload lists never cause a 500 or a stray write', async () => {
    const files = ['sqli', 'xss', 'unicode'].flatMap((d) => {
      const full = path.join(SECURITY_DATA, d);
      return fs.existsSync(full) ? fs.readdirSync(full).map((f) => path.join(full, f)) : [];
    });
    expect(files.length).toBeGreaterThan(0);
    const payloads = files
      .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n'))
      .filter((l) => l.trim() && !l.startsWith('#'))
      .slice(0, 400);
    const root = await t.root();
    const before = await userCount();
    for (const [i, p] of payloads.entries()) {
      const answers = await Promise.all([
        t.call('GET', `/api/user?keyword=${encodeURIComponent(p.slice(0, 200))}`, { token: root }),
        // Each login hashes for ~100 ms, so every tenth payload goes through login.
        ...(i % 10 === 0 ? [t.call('POST', '/api/jwt', { body: { loginid: p, passwd: p } })] : []),
        t.call('POST', '/api/user', { body: { name: p, nickname: p, loginid: p, passwd: p } }),
        t.call('GET', `/api/user/${encodeURIComponent(p)}`, { token: root }),
      ]);
      for (const a of answers) {
        expect(a.status, `${p} -> ${JSON.stringify(a.body)}`).toBeLessThan(500);
        expect(a.body.code).toBeDefined();
      }
    }
    expect(await userCount()).toBe(before);
  });

  test('unknown API paths answer a JSON 404', async () => {
    const res = await t.call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'error', message: 'not found' });
  });

  test('GET /api/health answers when the database is reachable', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'ok' });
  });
});
