import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-up with an e-mailed code (SPEC §4, §7, §8)', () => {
  test('send code, confirm it, submit: the new member can log in', async () => {
    const sent = await t.call('GET', '/api/user/findemail/new.member@test.example');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ code: 'ok', id: expect.any(String), mail: 'sent' });

    const mail = t.smtp.messagesTo('new.member@test.example').at(-1);
    expect(mail?.subject).toContain('회원가입 인증코드');
    expect(mail?.text).toMatch(/인증코드는 10분 동안 유효합니다/);
    expect(mail?.html).toContain('<strong');
    const code = await t.smtp.codeFor('new.member@test.example');

    const checked = await t.call('GET', `/api/user/checkpassword/${sent.body.id}?number=${code}`);
    expect(checked.body).toEqual({ code: 'ok' });

    const created = await t.call('POST', '/api/user', {
      body: { loginid: 'new.member@test.example', passwd: 'a-long-passphrase', name: '김하나', nickname: '하나둘' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ code: 'ok', id: expect.any(Number) });

    const login = await t.call('POST', '/api/jwt', { body: { loginid: 'new.member@test.example', passwd: 'a-long-passphrase' } });
    expect(login.body.code).toBe('ok');
    expect(login.body.user).toMatchObject({
      loginid: 'new.member@test.example',
      email: 'new.member@test.example',
      level: 1,
      nickname: '하나둘',
    });
    expect(login.body.user).not.toHaveProperty('passwd');
  });

  test('a sign-up logs the new member in: the session cookie comes with the answer, as a login sets it (issue #32)', async () => {
    const res = await t.signUp({ loginid: 'auto.login@test.example', nickname: '바로로그인' });
    // SPEC §7's answer: code and id, no token in the body.
    expect(res.body).toEqual({ code: 'ok', id: expect.any(Number) });
    const cookie =
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('portal_token='))
        ?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^portal_token=ey/);
    // The cookie is the new member's session: their own record, and a login recorded.
    const me = await t.call('GET', `/api/user/${res.body.id}`, { cookie });
    expect(me.status).toBe(200);
    expect(me.body.item).toMatchObject({ loginid: 'auto.login@test.example', nickname: '바로로그인' });
    expect(me.body.item.logindate).not.toMatch(/^1000-/);
    expect(Date.now() - Date.parse(me.body.item.logindate)).toBeLessThan(60_000);
    // A session like any other: logging out ends it.
    expect((await t.call('DELETE', '/api/jwt', { cookie, headers: { origin: 'http://localhost', host: 'localhost' } })).status).toBe(200);
    expect((await t.call('GET', `/api/user/${res.body.id}`, { cookie })).status).toBe(401);
  });

  test('an admin creating an account is not logged in as it', async () => {
    const created = await t.call('POST', '/api/user', {
      token: await t.root(),
      body: { loginid: 'made.by.admin@test.example', passwd: 'a-long-passphrase', name: '김생성', nickname: '초대받은이웃' },
    });
    expect(created.body).toEqual({ code: 'ok', id: expect.any(Number) });
    expect(created.headers.get('set-cookie') ?? '').not.toContain('portal_token');
  });

  test('a cross-site sign-up is refused, as a cross-site login is, and logs nobody in', async () => {
    const sent = await t.call('POST', '/api/user/findemail', { body: { email: 'foreign.page@test.example' } });
    const code = await t.smtp.codeFor('foreign.page@test.example');
    await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } });
    const body = { loginid: 'foreign.page@test.example', passwd: 'a-long-passphrase', name: '이름', nickname: '남의페이지' };
    const res = await t.call('POST', '/api/user', { body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect(res.headers.get('set-cookie') ?? '').not.toContain('portal_token');
    // The confirmed code was not spent: our own page signs up with it.
    expect((await t.call('POST', '/api/user', { body })).status).toBe(200);
  });

  test('a password holding the site name, the login id, the name or the nickname is refused', async () => {
    const weak = [
      { loginid: 'weakpw-sunshine77@test.example', passwd: 'my-weakpw-sunshine77-pw' },
      { loginid: 'weakpw-site@test.example', passwd: '한인포털 2026!' },
      { loginid: 'weakpw-name@test.example', name: '홍길동', passwd: '홍길동은최고야!!' },
      { loginid: 'weakpw-nick@test.example', nickname: '달빛고양이', passwd: 'xx달빛고양이xx' },
    ];
    for (const fields of weak) {
      const res = await t.signUp(fields);
      expect(res, fields.passwd).toMatchObject({ status: 400, body: { message: 'weak password', field: 'passwd' } });
      expect(res.body.detail).toContain('비밀번호');
    }
    const m = await t.member({ name: '김민지', nickname: '민지네가게' });
    const change = await t.call('PUT', '/api/user', {
      token: m.token,
      body: { id: m.id, passwd: '민지네가게-2026', currentpasswd: m.passwd },
    });
    expect(change).toMatchObject({ status: 400, body: { message: 'weak password', field: 'passwd' } });
    // Short words (a two-syllable name) do not count: they sit inside many unrelated passwords.
    expect((await t.signUp({ loginid: 'weakpw-ok@test.example', name: '민수', passwd: '민수의 여름 바다 2026' })).status).toBe(200);
  });

  test('the server refuses a sign-up whose e-mail has no confirmed code', async () => {
    const res = await t.call('POST', '/api/user', {
      body: { loginid: 'nocode@test.example', passwd: 'a-long-passphrase', name: '이름', nickname: '코드없음' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'error', message: 'code not confirmed' });
  });

  test('a code sent but not confirmed does not open sign-up', async () => {
    await t.call('POST', '/api/user/findemail', { body: { email: 'unconfirmed@test.example' } });
    const res = await t.call('POST', '/api/user', {
      body: { loginid: 'unconfirmed@test.example', passwd: 'a-long-passphrase', name: '이름', nickname: '미확인' },
    });
    expect(res.body.message).toBe('code not confirmed');
  });

  test('a confirmed code is used once', async () => {
    const first = await t.signUp({ loginid: 'once@test.example', nickname: '한번만' });
    expect(first.body.code).toBe('ok');
    const again = await t.call('POST', '/api/user', {
      body: { loginid: 'once@test.example', passwd: 'a-long-passphrase', name: '이름', nickname: '두번째' },
    });
    expect(again.body.message).toBe('code not confirmed');
  });

  test("a registered e-mail answers message 'already'", async () => {
    await t.signUp({ loginid: 'taken@test.example', nickname: '선점자' });
    await t.ageCodes('taken@test.example');
    const res = await t.signUp({ loginid: 'taken@test.example', nickname: '후발자' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'error', message: 'already', field: 'loginid' });
  });

  test("a nickname in use, in any case or width, answers message 'already nickname'", async () => {
    await t.signUp({ loginid: 'nick1@test.example', nickname: 'Seoul하늘' });
    const res = await t.signUp({ loginid: 'nick2@test.example', nickname: 'ｓｅｏｕｌ하늘' });
    expect(res.body).toMatchObject({ code: 'error', message: 'already nickname', field: 'nickname' });
  });

  test('code ids are random: two in a row are 16 random bytes each, not sequential numbers; an unknown id is refused as before', async () => {
    const first = await t.call('POST', '/api/user/findemail', { body: { email: 'ids-one@test.example' } });
    const second = await t.call('POST', '/api/user/findemail', { body: { email: 'ids-two@test.example' } });
    const ids = [first.body.id, second.body.id] as string[];
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids.some((id) => /^\d+$/.test(id))).toBe(false);

    const code = await t.smtp.codeFor('ids-one@test.example');
    const unknown = crypto.randomBytes(16).toString('base64url');
    const refused = { status: 400, body: { code: 'error', message: 'wrong code' } };
    expect(await t.call('POST', '/api/user/checkpassword', { body: { id: unknown, number: code } })).toMatchObject(refused);
    expect(await t.call('GET', `/api/user/checkpassword/${unknown}?number=${code}`)).toMatchObject(refused);
    expect(await t.call('POST', '/api/user/password', { body: { id: unknown, number: code, passwd: 'fresh-start-2026' } })).toMatchObject(
      refused,
    );
    // The right id still confirms its code.
    expect((await t.call('POST', '/api/user/checkpassword', { body: { id: ids[0], number: code } })).body).toEqual({ code: 'ok' });
  });

  test('a wrong code is refused; after 5 wrong tries even the right code is dead', async () => {
    const sent = await t.call('POST', '/api/user/findemail', { body: { email: 'guesser@test.example' } });
    const code = await t.smtp.codeFor('guesser@test.example');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: wrong } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'error', message: 'wrong code' });
    }
    const right = await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } });
    expect(right.body).toEqual({ code: 'error', message: 'code expired' });
  });

  test('a code older than 10 minutes is expired', async () => {
    const sent = await t.call('POST', '/api/user/findemail', { body: { email: 'late@test.example' } });
    const code = await t.smtp.codeFor('late@test.example');
    await t.deps.db
      .updateTable('verifications')
      .set({ expiredate: new Date(Date.now() - 1000).toISOString() })
      .where('publicid', '=', sent.body.id)
      .execute();
    const res = await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } });
    expect(res.body.message).toBe('code expired');
  });

  test('a confirmation older than 30 minutes no longer opens sign-up', async () => {
    const sent = await t.call('POST', '/api/user/findemail', { body: { email: 'slow@test.example' } });
    const code = await t.smtp.codeFor('slow@test.example');
    await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } });
    await t.deps.db
      .updateTable('verifications')
      .set({ confirmdate: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where('publicid', '=', sent.body.id)
      .execute();
    const res = await t.call('POST', '/api/user', {
      body: { loginid: 'slow@test.example', passwd: 'a-long-passphrase', name: '이름', nickname: '느림보' },
    });
    expect(res.body.message).toBe('code not confirmed');
  });

  test('the code is stored hashed, never as the digits', async () => {
    const sent = await t.call('POST', '/api/user/findemail', { body: { email: 'hashed@test.example' } });
    const code = await t.smtp.codeFor('hashed@test.example');
    const row = await t.deps.db.selectFrom('verifications').selectAll().where('publicid', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(row.codehash).not.toContain(code);
    expect(row.codehash.length).toBeGreaterThan(30);
  });

  test('a second code within a minute is refused with 429 and Retry-After', async () => {
    const first = await t.call('POST', '/api/user/findemail', { body: { email: 'impatient@test.example' } });
    expect(first.status).toBe(200);
    const second = await t.call('POST', '/api/user/findemail', { body: { email: 'impatient@test.example' } });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ code: 'error', message: 'too many requests' });
    const wait = Number(second.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(t.smtp.messagesTo('impatient@test.example')).toHaveLength(1);
  });

  test('code sends from one address are limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.call('POST', '/api/user/findemail', { body: { email: `flood${i}@test.example` }, ip: '192.0.2.77' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  test('sending a code needs an e-mail address', async () => {
    const empty = await t.call('POST', '/api/user/findemail', { body: { email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'error', message: 'invalid', field: 'email', detail: '이메일을 입력하세요' });
    const bad = await t.call('GET', '/api/user/findemail/not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
  });

  test('a common password is refused at sign-up', async () => {
    const res = await t.signUp({ loginid: 'weak@test.example', passwd: 'password1', nickname: '약한비번' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'weak password', field: 'passwd' });
  });

  test('passwords shorter than 8 or longer than 128 characters are refused', async () => {
    const short = await t.signUp({ loginid: 'short@test.example', passwd: 'a1b2c3', nickname: '짧은비번' });
    expect(short.body).toMatchObject({ message: 'invalid', field: 'passwd' });
    const long = await t.signUp({ loginid: 'long@test.example', passwd: 'x'.repeat(129), nickname: '긴비번' });
    expect(long.body).toMatchObject({ message: 'invalid', field: 'passwd' });
  });
});
