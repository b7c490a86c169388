import { data } from 'react-router';

/** A service's refusal (AppError) has a status and a key. Checked by shape, not instanceof: the
 * page build carries its own copy of the shared modules, while services throw the server's. */
function refusalStatus(err: unknown): number | undefined {
  const e = err as { status?: unknown; key?: unknown } | null;
  return err instanceof Error && typeof e?.status === 'number' && typeof e.key === 'string' ? e.status : undefined;
}

/** A service's refusal in an admin loader (a bad ?page=, an item that is gone) becomes the
 * route's real status instead of a 500. Given a function, what it throws while starting (a
 * parameter refused before any query) counts too. */
export async function orPageError<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  try {
    return await (typeof work === 'function' ? work() : work);
  } catch (err) {
    const status = refusalStatus(err);
    if (status) throw data(status === 404 ? '찾는 항목이 없습니다' : '요청을 처리할 수 없습니다', { status });
    throw err;
  }
}
