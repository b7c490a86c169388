import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import type { Logger } from './logger.ts';

// A failure of something the server stands on (the database, the uploads folder) is no bug in the
// request: it is answered 503 (507 when space ran out) with Retry-After and a Korean message, so
// that clients wait and try again, and the site serves again by itself once the part is back.
// Each source recognises its own failures (db/errors.ts, storage.ts) and throws a Fault; being an
// AppError, the API's error mapper and the page loaders answer it like any other refusal.

export type FaultKind = 'database full' | 'database busy' | 'database unavailable' | 'storage full' | 'storage unavailable';

/** How long a client should wait: a lock passes in moments, a server restarts in seconds, space
 * or permissions wait for an operator. */
const ANSWERS: Record<FaultKind, { status: 503 | 507; retryAfter: number }> = {
  'database busy': { status: 503, retryAfter: 2 },
  'database unavailable': { status: 503, retryAfter: 5 },
  'database full': { status: 507, retryAfter: 60 },
  'storage full': { status: 507, retryAfter: 60 },
  'storage unavailable': { status: 503, retryAfter: 30 },
};

export class Fault extends AppError {
  readonly kind: FaultKind;

  constructor(kind: FaultKind, cause: unknown) {
    const { status, retryAfter } = ANSWERS[kind];
    const full = status === 507;
    super(status, full ? ErrorKey.storageFull : ErrorKey.unavailable, {
      retryAfter,
      detail: full ? Messages.storageFull : Messages.unavailable,
    });
    this.kind = kind;
    this.cause = cause;
  }
}

/** By shape, not `instanceof`: under `npm run dev` the pages load their own copy of this module
 * (web/lib/service-errors.server.ts says why), and a fault the server's copy threw is still one. */
export function isFault(err: unknown): err is Fault {
  const e = err as { kind?: unknown; status?: unknown; key?: unknown } | null;
  return err instanceof Error && typeof e?.kind === 'string' && typeof e.status === 'number' && typeof e.key === 'string';
}

/** A fault of the same kind is logged again, with how many were not, only after this long. */
const QUIET_MS = 60_000;

/** One record per logger, shared by the API's error mapper and the pages' (entry.server.tsx). */
const logs = new WeakMap<Logger, (fault: Fault) => void>();

/** Writes a fault's real cause to the log once, not once per request: while a database is down
 * every request fails the same way. */
export function faultLog(logger: Logger): (fault: Fault) => void {
  let log = logs.get(logger);
  if (!log) {
    log = quietLog(logger);
    logs.set(logger, log);
  }
  return log;
}

function quietLog(logger: Logger): (fault: Fault) => void {
  const last = new Map<FaultKind, { at: number; unlogged: number }>();
  return (fault) => {
    const now = Date.now();
    const seen = last.get(fault.kind);
    if (seen && now - seen.at < QUIET_MS) {
      seen.unlogged++;
      return;
    }
    const cause = fault.cause instanceof Error ? fault.cause : new Error(String(fault.cause));
    logger.error({ err: cause, fault: fault.kind, ...(seen && { unlogged: seen.unlogged }) }, `${fault.kind}: ${cause.message}`);
    last.set(fault.kind, { at: now, unlogged: 0 });
  };
}
