import { data } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { orPageError, refusalMessage, statusOf } from './service-errors.server.ts';

describe('statusOf', () => {
  test('a service’s refusal gives its status, from either copy of the class', () => {
    expect(statusOf(new AppError(404, ErrorKey.notFound))).toBe(404);
    // What `npm run dev` can hand a loader: the same class loaded a second time.
    class OtherCopy extends Error {
      readonly status = 403;
      readonly key = ErrorKey.forbidden;
    }
    expect(statusOf(new OtherCopy())).toBe(403);
  });

  test('anything else is not a refusal', () => {
    for (const err of [new Error('x'), new Response(null, { status: 302 }), data('x', { status: 404 }), null, undefined, 'text']) {
      expect(statusOf(err)).toBeUndefined();
    }
  });
});

test('orPageError turns a refusal into the route’s status and throws anything else on', async () => {
  const thrown = await orPageError(Promise.reject(new AppError(404, ErrorKey.notFound))).catch((e: unknown) => e);
  expect(thrown).toMatchObject({ init: { status: 404 } });
  const fault = new Error('disk full');
  await expect(orPageError(Promise.reject(fault))).rejects.toBe(fault);
  await expect(orPageError(Promise.resolve(7))).resolves.toBe(7);
});

test('a refusal becomes a Korean sentence for a page form; a fault is not one', () => {
  const limit = '댓글은 1분에 5개까지 달 수 있습니다. 40초 후에 다시 시도하세요';
  expect(refusalMessage(new AppError(429, ErrorKey.tooMany, { retryAfter: 40, detail: limit }))).toBe(limit);
  expect(refusalMessage(new AppError(429, ErrorKey.tooMany, { retryAfter: 40 }))).toBe('요청이 너무 많습니다. 40초 후에 다시 시도하세요');
  expect(refusalMessage(new AppError(400, ErrorKey.invalid, { detail: '댓글을 입력하세요' }))).toBe('댓글을 입력하세요');
  expect(refusalMessage(new AppError(400, ErrorKey.invalid, { detail: 'unknown field: x' }))).toBe('처리중 오류가 발생했습니다');
  expect(refusalMessage(new AppError(403, ErrorKey.forbidden))).toBe('이 작업을 할 권한이 없습니다');
  expect(refusalMessage(new AppError(503, ErrorKey.unavailable, { retryAfter: 5 }))).toBeUndefined();
  expect(refusalMessage(new Error('boom'))).toBeUndefined();
});
