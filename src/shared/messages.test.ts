import { expect, test } from 'vitest';
import { failureMessage, loginLockedText, loginTriesLeftText, retryLaterMessage } from './messages.ts';

test('SPEC §8: each situation maps the API keys to its Korean text', () => {
  expect(failureMessage('login', { message: 'login failed' })).toBe('로그인 정보가 정확하지 않습니다');
  expect(failureMessage('login', { message: 'too many requests' })).toBe('로그인 정보가 정확하지 않습니다');
  expect(failureMessage('sendCode', { message: 'server error' })).toBe('처리중 오류가 발생했습니다');
  expect(failureMessage('checkCode', { message: 'wrong code' })).toBe('인증코드가 정확하지 않습니다');
  // A code past its 10 minutes or its 5 tries is not called wrong: the right number would be.
  expect(failureMessage('checkCode', { message: 'code expired' })).toBe(
    '인증코드가 만료되었거나 입력 횟수를 넘었습니다. 인증코드 재발송을 눌러 새 코드를 받으세요',
  );
  expect(failureMessage('signup', { message: 'already' })).toBe('이미 등록된 아이디입니다');
  expect(failureMessage('signup', { message: 'already nickname' })).toBe('이미 등록된 닉네임입니다');
  expect(failureMessage('signup', { message: 'code not confirmed' })).toBe('인증번호 확인을 먼저 실행하세요');
  expect(failureMessage('signup', { message: 'network' })).toBe('처리중 오류가 발생했습니다');
  expect(failureMessage('resetPassword', { message: 'same password' })).toBe('기존 비밀번호와 동일한 비밀번호입니다');
  expect(failureMessage('resetPassword', { message: 'server error' })).toBe('처리중 오류가 발생했습니다');
});

test('a refused input shows the server’s Korean reason, never an English one', () => {
  expect(failureMessage('signup', { message: 'invalid', detail: '비밀번호는 8자 이상이어야 합니다' })).toBe(
    '비밀번호는 8자 이상이어야 합니다',
  );
  expect(failureMessage('signup', { message: 'invalid', detail: 'unknown field: x' })).toBe('처리중 오류가 발생했습니다');
});

test('a rate limit or an outage says how long to wait when the answer tells', () => {
  const wait = { message: 'too many requests', detail: '요청이 너무 많습니다. 40초 후에 다시 시도하세요' };
  expect(failureMessage('sendCode', wait)).toBe('요청이 너무 많습니다. 40초 후에 다시 시도하세요');
  expect(failureMessage('sendCode', { message: 'too many requests' })).toBe('요청이 너무 많습니다. 잠시 후 다시 시도하세요');
  expect(
    failureMessage('signup', { message: 'unavailable', detail: '일시적으로 서비스를 이용할 수 없습니다. 5초 후에 다시 시도하세요' }),
  ).toBe('일시적으로 서비스를 이용할 수 없습니다. 5초 후에 다시 시도하세요');
});

test('a wait is said in seconds, minutes or hours, rounded up', () => {
  expect(retryLaterMessage(429, 40)).toBe('요청이 너무 많습니다. 40초 후에 다시 시도하세요');
  expect(retryLaterMessage(429, 0.2)).toBe('요청이 너무 많습니다. 1초 후에 다시 시도하세요');
  expect(retryLaterMessage(429, 61)).toBe('요청이 너무 많습니다. 2분 후에 다시 시도하세요');
  expect(retryLaterMessage(503, 3601)).toBe('일시적으로 서비스를 이용할 수 없습니다. 2시간 후에 다시 시도하세요');
});

test('a login refusal keeps SPEC §8’s text and adds the server’s note on tries left; a spent limit says when', () => {
  expect(failureMessage('login', { message: 'login failed', detail: loginTriesLeftText(7, 899) })).toBe(
    '로그인 정보가 정확하지 않습니다. 7번 더 틀리면 15분 동안 로그인할 수 없습니다',
  );
  expect(failureMessage('login', { message: 'too many requests', detail: loginLockedText(61) })).toBe(
    '로그인 시도가 너무 많습니다. 2분 후에 다시 시도하세요',
  );
  expect(failureMessage('login', { message: 'login failed', detail: 'an English note' })).toBe('로그인 정보가 정확하지 않습니다');
});
