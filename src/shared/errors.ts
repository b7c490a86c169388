import type { ErrorKey } from './messages.ts';

/** A refusal the client can act on: services throw it, one mapper answers it. */
export class AppError extends Error {
  readonly status: number;
  readonly key: ErrorKey;
  readonly field?: string;
  readonly retryAfter?: number;

  constructor(status: number, key: ErrorKey, options: { field?: string; retryAfter?: number; detail?: string } = {}) {
    super(options.detail ?? key);
    this.status = status;
    this.key = key;
    this.field = options.field;
    this.retryAfter = options.retryAfter;
  }
}

/** A batch item's refusal names the item: `[index]`, or `[index].field` (all-or-nothing batches
 * of SPEC §7). Anything that is not a refusal passes unchanged. */
export function atIndex(err: unknown, index: number): unknown {
  if (!(err instanceof AppError)) return err;
  return new AppError(err.status, err.key, {
    field: `[${index}]${err.field ? `.${err.field}` : ''}`,
    detail: err.message,
    retryAfter: err.retryAfter,
  });
}
