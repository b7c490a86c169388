import { data } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { orPageError, statusOf } from './service-errors.server.ts';

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
