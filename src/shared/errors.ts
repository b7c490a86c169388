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
