import { expect, test } from 'vitest';
import { failureMessage } from './messages.ts';

test('SPEC §8: each situation maps the API keys to its Korean text', () => {
  expect(failureMessage('login', { message: 'login failed' })).toBe('로그인 정보가 정확하지 않습니다');
  expect(failureMessage('login', { message: 'too many requests' })).toBe('로그인 정보가 정확하지 않습니다');
  expect(failureMessage('sendCode', { message: 'server error' })).toBe('처리중 오류가 발생했습니다');
  expect(failureMessage('checkCode', { message: 'wrong code' })).toBe('인증코드가 정확하지 않습니다');
  expect(failureMessage('checkCode', { message: 'code expired' })).toBe('인증코드가 정확하지 않습니다');
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
