import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function confirmedReset(email: string): Promise<{ id: string; code: string }> {
  const sent = await t.call('GET', `/api/user/findpassword/${encodeURIComponent(email)}`);
  expect(sent.body).toEqual({ code: 'ok', id: expect.any(String), mail: 'sent' });
  const code = await t.smtp.codeFor(email);
  const checked = await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } });
  expect(checked.body).toEqual({ code: 'ok' });
  return { id: sent.body.id, code };
}

describe('password reset (SPEC §4, §7, §8)', () => {
  test('a newer code ends the earlier ones: the older code can no longer be confirmed or spent', async () => {
    const m = await t.member();
    const first = await confirmedReset(m.loginid);
    await t.ageCodes(m.loginid);
    const second = await t.call('GET', `/api/user/findpassword/${encodeURIComponent(m.loginid)}`);
    expect(second.body).toEqual({ code: 'ok', id: expect.any(String), mail: 'sent' });
    const newCode = await t.smtp.codeFor(m.loginid);
    const spentOld = await t.call('POST', '/api/user/password', { body: { id: first.id, number: first.code, passwd: 'an-old-code-2026' } });
    expect(spentOld).toMatchObject({ status: 400, body: { message: 'code not confirmed' } });
    const checkOld = await t.call('POST', '/api/user/checkpassword', { body: { id: first.id, number: first.code } });
    expect(checkOld).toMatchObject({ status: 400, body: { message: 'code expired' } });
    expect((await t.call('POST', '/api/user/checkpassword', { body: { id: second.body.id, number: newCode } })).body).toEqual({
      code: 'ok',
    });
  });

  test('findpassword, checkpassword, POST /api/user/password: the new password logs in, the old does not', async () => {
    const m = await t.member();
    const { id, code } = await confirmedReset(m.loginid);
    expect(t.smtp.messagesTo(m.loginid).at(-1)?.subject).toContain('비밀번호 찾기 인증코드');
    const res = await t.call('POST', '/api/user/password', { body: { id, number: code, passwd: 'fresh-start-2026' } });
    expect(res.body).toEqual({ code: 'ok' });
    expect((await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: 'fresh-start-2026' } })).body.code).toBe('ok');
    expect((await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd } })).status).toBe(401);
    // The old session ended with the change.
    expect((await t.call('GET', `/api/user/${m.id}`, { token: m.token })).status).toBe(401);
  });

  test("the same password answers message 'same password'", async () => {
    const m = await t.member();
    const { id, code } = await confirmedReset(m.loginid);
    const res = await t.call('POST', '/api/user/password', { body: { id, number: code, passwd: m.passwd } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'error', message: 'same password' });
  });

  test('a reset without a confirmed code is refused', async () => {
    const m = await t.member();
    const sent = await t.call('POST', '/api/user/findpassword', { body: { email: m.loginid } });
    const code = await t.smtp.codeFor(m.loginid);
    const res = await t.call('POST', '/api/user/password', { body: { id: sent.body.id, number: code, passwd: 'fresh-start-2026' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('code not confirmed');
    expect((await t.call('POST', '/api/jwt', { body: { loginid: m.loginid, passwd: m.passwd } })).body.code).toBe('ok');
  });

  test('a confirmed code resets once', async () => {
    const m = await t.member();
    const { id, code } = await confirmedReset(m.loginid);
    await t.call('POST', '/api/user/password', { body: { id, number: code, passwd: 'fresh-start-2026' } });
    const again = await t.call('POST', '/api/user/password', { body: { id, number: code, passwd: 'another-start-2027' } });
    expect(again.status).toBe(400);
  });

  test('a wrong number with a confirmed id is refused', async () => {
    const m = await t.member();
    const { id, code } = await confirmedReset(m.loginid);
    const wrong = code === '123456' ? '654321' : '123456';
    const res = await t.call('POST', '/api/user/password', { body: { id, number: wrong, passwd: 'fresh-start-2026' } });
    expect(res.body.message).toBe('wrong code');
  });

  test('an unregistered e-mail gets the same answer and no mail', async () => {
    const known = await t.member();
    const a = await t.call('POST', '/api/user/findpassword', { body: { email: known.loginid } });
    const b = await t.call('POST', '/api/user/findpassword', { body: { email: 'stranger@test.example' } });
    expect(a.status).toBe(b.status);
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
    await t.smtp.codeFor(known.loginid);
    expect(t.smtp.messagesTo('stranger@test.example')).toHaveLength(0);
  });

  test('the new password must be given and must not be common', async () => {
    const m = await t.member();
    const { id, code } = await confirmedReset(m.loginid);
    const empty = await t.call('POST', '/api/user/password', { body: { id, number: code, passwd: '' } });
    expect(empty.body).toMatchObject({ field: 'passwd', detail: '새로운 비밀번호를 입력하세요' });
    const common = await t.call('POST', '/api/user/password', { body: { id, number: code, passwd: 'iloveyou123' } });
    expect(common.body).toMatchObject({ message: 'weak password' });
  });
});
