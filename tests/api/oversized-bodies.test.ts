import net from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages } from '#shared/messages.ts';
import { UPLOAD_BODY_LIMIT } from '#server/modules/upload/upload.api.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A body over its limit, on a real keep-alive connection: the 413 carries the Korean reason, and
// the connection either serves the next request or the 413 said it would close (before, the 413
// came with keep-alive and the connection was cut under the client).

let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as net.AddressInfo).port;
  token = (await t.member()).token;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive connection, requests written byte for byte, answers read back in order. */
async function openConnection() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => {});
  const more = () => new Promise<void>((resolve) => (wake = resolve));

  async function answer(): Promise<RawAnswer> {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length']);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          buffer = buffer.subarray(end + 4 + length);
          return { status: Number(statusLine?.split(' ')[1]), headers, body };
        }
      }
      if (closed) throw new Error(`connection closed before a whole answer: ${buffer.toString('latin1').slice(0, 600)}`);
      await more();
    }
  }

  return {
    send: (head: string[], body?: Buffer) => {
      socket.write(`${[...head, 'Host: localhost', ''].join('\r\n')}\r\n`);
      if (body) socket.write(body);
    },
    write: (data: string) => socket.write(data),
    answer,
    get closed() {
      return closed;
    },
    end: () => socket.destroy(),
  };
}

/** The next request on the same connection is answered, unless the 413 said it would close. */
async function connectionStillServes(conn: Awaited<ReturnType<typeof openConnection>>, refused: RawAnswer) {
  if (refused.headers.connection?.toLowerCase() === 'close') return;
  conn.send(['GET /api/health HTTP/1.1']);
  const next = await conn.answer();
  expect(next.status).toBe(200);
  expect(JSON.parse(next.body).code).toBe('ok');
}

const json2mb = Buffer.from(JSON.stringify({ title: '가'.repeat(700_000), content: 'x' }));

describe('a JSON body over 1 MB', () => {
  for (const path of ['/api/board', '/api/user', '/api/jwt']) {
    test(`POST ${path}: 413 with the Korean reason, and the connection goes on serving`, async () => {
      const conn = await openConnection();
      conn.send(
        [`POST ${path} HTTP/1.1`, 'Content-Type: application/json', `Content-Length: ${json2mb.length}`, `Authorization: Bearer ${token}`],
        json2mb,
      );
      const refused = await conn.answer();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'error', message: 'too large', detail: Messages.tooLarge });
      // 2 MB is within what the server reads and throws away: the connection stays usable.
      expect(refused.headers.connection?.toLowerCase()).not.toBe('close');
      await connectionStillServes(conn, refused);
      conn.end();
    });
  }

  test('a chunked body (no length given) over the limit: 413, and the connection is closed as announced or still serves', async () => {
    const conn = await openConnection();
    conn.send([
      'POST /api/board HTTP/1.1',
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
      `Authorization: Bearer ${token}`,
    ]);
    for (let i = 0; i < 4; i++) conn.write(`80000\r\n${'a'.repeat(0x80000)}\r\n`);
    conn.write('0\r\n\r\n');
    const refused = await conn.answer();
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).detail).toBe(Messages.tooLarge);
    await connectionStillServes(conn, refused);
    conn.end();
  });
});

describe('POST /api/upload over its limit', () => {
  test('a declared length far over the limit: 413 at once, saying the connection closes', async () => {
    const conn = await openConnection();
    conn.send([
      'POST /api/upload HTTP/1.1',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${UPLOAD_BODY_LIMIT + 64 * 1024 * 1024}`,
      `Authorization: Bearer ${token}`,
    ]);
    const started = Date.now();
    const refused = await conn.answer();
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).detail).toBe(Messages.tooLarge);
    expect(refused.headers.connection?.toLowerCase()).toBe('close');
    expect(Date.now() - started).toBeLessThan(5000);
    conn.end();
  });

  test("a visitor's upload is refused before its body is read, and the connection goes on serving", async () => {
    const conn = await openConnection();
    const body = Buffer.alloc(2 * 1024 * 1024, 1);
    conn.send(['POST /api/upload HTTP/1.1', 'Content-Type: multipart/form-data; boundary=x', `Content-Length: ${body.length}`], body);
    const refused = await conn.answer();
    expect(refused.status).toBe(401);
    expect(refused.headers.connection?.toLowerCase()).not.toBe('close');
    await connectionStillServes(conn, refused);
    conn.end();
  });
});
