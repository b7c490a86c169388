import http from 'node:http';
import type { Server } from './server.ts';

// What the live-stream benchmarks (events, messages) share: members made over the API, their
// GET /api/events streams read as a browser's EventSource would, the server's event-loop lag, and
// percentiles of the delivery times.

let calls = 0;

/** A JSON call, tried again while the server asks to wait (the password-hashing queue is full).
 * Each from an address of its own (TRUST_PROXY): the logins of hundreds of members from one
 * address would meet the login limit. */
export async function call<T>(server: Server, method: string, pathname: string, token?: string, body?: unknown): Promise<T> {
  const n = ++calls;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  for (;;) {
    const res = await fetch(server.url + pathname, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }
}

export interface Member {
  index: number;
  id: number;
  token: string;
}

/** `work` on each of `items`, a few at a time: set-up requests keep the server busy without
 * queueing hundreds at once. */
export async function fewAtATime<T>(items: readonly T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map((item, k) => work(item, i + k)));
}

/** `count` members added by the admin (`root`'s token) and logged in, a few at a time (each costs
 * two password hashes); `prefix` keeps one benchmark's accounts apart from another's. */
export async function makeMembers(server: Server, root: string, count: number, prefix: string): Promise<Member[]> {
  const members: Member[] = [];
  const one = async (index: number) => {
    const who = {
      loginid: `${prefix}${index}@bench.example`,
      passwd: `${prefix}-member-pass-${index}`,
      name: `회원${index}`,
      nickname: `${prefix}${index}`,
    };
    const { id } = await call<{ id: number }>(server, 'POST', '/api/user', root, who);
    const { token } = await call<{ token: string }>(server, 'POST', '/api/jwt', undefined, { loginid: who.loginid, passwd: who.passwd });
    members.push({ index, id, token });
  };
  await fewAtATime(
    Array.from({ length: count }, (_, i) => i),
    one,
  );
  return members.sort((a, b) => a.index - b.index);
}

/** One stream, read with a plain HTTP client: each event's name and parsed data, as it arrives.
 * Resolves, once the server has answered 200, with the function that closes it. */
export function openStream(server: Server, token: string, onEvent: (event: string, data: unknown) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}/api/events`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`a stream answered ${res.statusCode}`));
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) onEvent(event, JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

export interface LoopLag {
  p50: number;
  p99: number;
  max: number;
}

/** The server's event-loop lag as its GET /metrics says (prom-client's, since the last scrape). */
export async function loopLag(server: Server): Promise<LoopLag> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const ms = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) * 10_000) / 10;
  return {
    p50: ms('nodejs_eventloop_lag_p50_seconds'),
    p99: ms('nodejs_eventloop_lag_p99_seconds'),
    max: ms('nodejs_eventloop_lag_max_seconds'),
  };
}

/** The p-th percentile of ascending numbers. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
