import type { Context, MiddlewareHandler } from 'hono';
import { tooLarge } from './envelope.ts';

// A request refused before its whole body was read (too large, no session, overloaded) still has
// the rest of that body on the wire. Answered with keep-alive and left there, the connection was
// cut under the client: its next request on it failed, and a browser's upload showed a network
// error instead of our answer. So the rest is read and thrown away, within a bound; beyond it the
// answer says `Connection: close`, and the client knows not to reuse the connection.

/** At most this much of a refused body is read and thrown away... */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
/** ...and for at most this long (a client that sends slowly is not waited for). */
export const DRAIN_MAX_MS = 3000;

/** Drains what the handlers left unread of a request's body (see above). */
export function finishUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const request = c.req.raw;
    await next();
    const body = request.body;
    // Locked: a handler or limitBody read it, and limitBody said so if it stopped part way.
    if (!body || body.locked) return;
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > DRAIN_MAX_BYTES) {
      await body.cancel().catch(() => {});
      c.res.headers.set('Connection', 'close');
    } else if (!(await drain(body.getReader()))) {
      c.res.headers.set('Connection', 'close');
    }
  };
}

/** A body over `maxSize` is a 413 with the Korean reason. A declared length is refused before
 * anything is read; a body sent in chunks is refused once it passes the limit, its rest drained. */
export function limitBody(maxSize: number): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const length = c.req.raw.headers.get('content-length');
    if (length !== null && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number(length) > maxSize) throw tooLarge();
      return next();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        if (!(await drain(reader))) closeAfter(c);
        throw tooLarge();
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}

/** The answer, whatever it is, ends the connection. */
function closeAfter(c: Context): void {
  c.header('Connection', 'close');
}

/** Reads the rest of a body; false if it was more, or slower, than the bound allows. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_MAX_MS);
  });
  try {
    let bytes = 0;
    for (;;) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === 'late') break;
      if (chunk.done) return true;
      bytes += chunk.value.byteLength;
      if (bytes > DRAIN_MAX_BYTES) break;
    }
    await reader.cancel().catch(() => {});
    return false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
