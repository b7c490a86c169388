import { data } from 'react-router';
import { koreanDetail, Messages, retryLaterMessage } from '#shared/messages.ts';

/** The status of a service's refusal (an AppError from shared/errors.ts: a number `status` and a
 * string `key`), or undefined for anything else; the one check page loaders and actions use.
 *
 * By shape, not `instanceof AppError`. The production build imports `#shared/*` and `#server/*`
 * at run time (vite.config.ts keeps them external), so there the routes and the server share one
 * errors.ts and `instanceof` would hold. Under `npm run dev`, Vite's ssrLoadModule
 * (server/pages/dev-server.ts) evaluates the routes and the shared and server modules they import
 * in its own module graph: a second AppError class, and an error made by a module the server
 * loaded itself is not an instance of the route's. The shape is the same in both. */
export function statusOf(err: unknown): number | undefined {
  const e = typeof err === 'object' && err !== null ? (err as { status?: unknown; key?: unknown }) : {};
  return typeof e.status === 'number' && typeof e.key === 'string' ? e.status : undefined;
}

/** A service's refusal in a loader (a bad ?page=, an item that is gone) becomes the route's real
 * status for its ErrorBoundary instead of a 500; anything else is thrown on. Given a function,
 * what it throws before its first await (a parameter refused while parsing) counts too. */
export async function orPageError<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  try {
    return await (typeof work === 'function' ? work() : work);
  } catch (err) {
    const status = statusOf(err);
    // A fault (the database down: 503, 507) goes on to entry.server.tsx, which logs it once and
    // answers its status with Retry-After.
    if (status && status < 500) throw data(status === 404 ? '찾는 항목이 없습니다' : '요청을 처리할 수 없습니다', { status });
    throw err;
  }
}

/** A service's refusal as the Korean sentence a page's form shows where no toast can (without
 * JavaScript): the service's own reason (a write limit says how long to wait), else one by status.
 * Undefined for anything else: a fault goes on to the error page with its Retry-After. */
export function refusalMessage(err: unknown): string | undefined {
  const status = statusOf(err);
  if (!status || status >= 500) return undefined;
  const { message, retryAfter } = err as { message?: string; retryAfter?: number };
  const own = koreanDetail({ detail: message });
  if (own) return own;
  if (status === 429) return retryLaterMessage(429, retryAfter ?? 1);
  if (status === 401) return '로그인이 필요합니다. 로그인한 뒤 다시 시도하세요';
  if (status === 403) return '이 작업을 할 권한이 없습니다';
  if (status === 404) return '찾는 항목이 없습니다. 이미 삭제되었을 수 있습니다';
  return Messages.processingError;
}
