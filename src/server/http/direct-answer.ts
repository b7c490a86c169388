import { ServerResponse } from 'node:http';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

// A long-lived answer (the live stream, GET /api/events) written to Node's response itself rather
// than through a web ReadableStream: an open stream then holds Node's socket and response and
// little else. Through a Response body each one also kept a Request, a Response, a stream, its
// reader and their promises, most of the memory per stream that PRODUCT.md bounds.
//
// The handler answers with a Response without a body that tells @hono/node-server the answer is
// already sent; the middleware add their headers to it as to any other; the listener then writes
// that head (`writeDirectHead`), and what the handler wrote meanwhile follows it.

/** @hono/node-server sends nothing itself for an answer with this header. */
const ALREADY_SENT = 'x-hono-already-sent';
/** Bytes a client may leave unread (beyond what the socket holds) before it is let go. */
const MAX_UNREAD_BYTES = 256 * 1024;

/** Where a direct answer's text goes. */
export interface DirectWriter {
  /** False once the client has left more than MAX_UNREAD_BYTES unread. */
  write(text: string): boolean;
  end(): void;
  onClose(listener: () => void): void;
}

/** The heads waiting for the middleware to finish, by the answer they belong to. */
const heads = new WeakMap<Response, () => void>();

/** A direct answer with these headers, and its writer. Its text waits until the head is out. */
export function directAnswer(c: Context<AppEnv>, headers: Record<string, string>): { response: Response; writer: DirectWriter } {
  const outgoing = (c.env as HttpBindings | undefined)?.outgoing;
  // Only the Node listener (app.ts) can send one; app.fetch alone has no socket to write to.
  if (!outgoing) throw new Error('a direct answer needs the Node listener');
  let waiting: string[] | undefined = [];
  const writer: DirectWriter = {
    write(text) {
      if (waiting) waiting.push(text);
      else outgoing.write(text);
      return outgoing.writableLength <= MAX_UNREAD_BYTES;
    },
    end() {
      waiting = undefined;
      outgoing.end();
    },
    onClose(listener) {
      outgoing.once('close', listener);
    },
  };
  const response = new Response(null, { headers: { ...headers, [ALREADY_SENT]: '1' } });
  heads.set(response, () => {
    const held = waiting ?? [];
    waiting = undefined;
    for (const text of held) outgoing.write(text);
  });
  return { response, writer };
}

/** The listener's last step: the head of a direct answer, with the middleware's headers, then what
 * was written meanwhile. Any other answer passes as it is; an answer that replaced a direct one
 * (an error) ends it, as its response closes. */
export function writeDirectHead(response: Response, outgoing: (HttpBindings | Http2Bindings)['outgoing']): Response {
  const flush = heads.get(response);
  // The server is HTTP/1 (main.ts); headers already out mean the answer has ended.
  if (!flush || !(outgoing instanceof ServerResponse) || outgoing.headersSent) return response;
  heads.delete(response);
  const head: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== ALREADY_SENT && name !== 'set-cookie') head[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) head['set-cookie'] = cookies;
  outgoing.writeHead(response.status, head);
  flush();
  // The handler's answer itself would be sent again by @hono/node-server, which answers a Response
  // made after it took over the global (as the handler's is) from its own fields.
  return RESPONSE_ALREADY_SENT;
}
