import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { ROOT, rssMb, type Server, startServer } from './lib/server.ts';

// Live events (GET /api/events): BENCH_STREAMS streams (2000 by default) open on one server, ten
// per member (the most one member may hold), idle and then under 50 writes a second: each write is
// a comment on one member's post, which notifies that member, whose ten streams must each get the
// new unread count. Measured: the server's memory per idle stream, its event-loop lag while the
// writes go on, and the delivery time from sending the write to each stream's event.

const PER_MEMBER = 10;
const WRITES_PER_S = 50;
const TARGET_P99_MS = 1000;
const ADMIN = { loginid: 'events-admin@bench.example', passwd: 'events-admin-password-1' };

let calls = 0;

/** A JSON call, tried again while the server asks to wait (the password-hashing queue is full).
 * Each from an address of its own (TRUST_PROXY): the logins of hundreds of members from one
 * address would meet the login limit. */
async function call<T>(server: Server, method: string, pathname: string, token?: string, body?: unknown): Promise<T> {
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

interface Member {
  index: number;
  token: string;
  post: number;
}

/** Members, each logged in with a post of their own; a few at a time (each costs two hashes). */
async function makeMembers(server: Server, root: string, count: number): Promise<Member[]> {
  const members: Member[] = [];
  const one = async (index: number) => {
    const who = {
      loginid: `events${index}@bench.example`,
      passwd: `events-member-pass-${index}`,
      name: `회원${index}`,
      nickname: `실시간${index}`,
    };
    await call(server, 'POST', '/api/user', root, who);
    const { token } = await call<{ token: string }>(server, 'POST', '/api/jwt', undefined, { loginid: who.loginid, passwd: who.passwd });
    const { id } = await call<{ id: number }>(server, 'POST', '/api/board', token, {
      topcategory: 5,
      category: '자유게시판',
      title: `실시간 알림 ${index}`,
      content: '<p>본문</p>',
    });
    members.push({ index, token, post: id });
  };
  for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => one(i + k)));
  return members.sort((a, b) => a.index - b.index);
}

/** One stream, read with a plain HTTP client: every `notification` event's unread count, as it arrives. */
function openStream(server: Server, token: string, onUnread: (unread: number) => void): Promise<() => void> {
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
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: notification$/m.test(block) && data) onUnread((JSON.parse(data) as { unread: number }).unread);
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

/** The server's event-loop lag as its GET /metrics says (prom-client's, since the last scrape). */
async function loopLag(server: Server): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const ms = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) * 10_000) / 10;
  return {
    p50: ms('nodejs_eventloop_lag_p50_seconds'),
    p99: ms('nodejs_eventloop_lag_p99_seconds'),
    max: ms('nodejs_eventloop_lag_max_seconds'),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

export async function eventsBench({ seconds }: BenchOptions): Promise<SectionReport> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('run `npm run build` first');
  const streams = Number(process.env.BENCH_STREAMS ?? 2000);
  const memberCount = Math.ceil(streams / PER_MEMBER);
  const server = await startServer({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ADMIN_LOGINID: ADMIN.loginid,
    ADMIN_PASSWORD: ADMIN.passwd,
    WRITE_LIMITS: '0',
    TRUST_PROXY: '1',
    // Measured here, not refused: the lag is a result.
    LOAD_MAX_DELAY_MS: '0',
  });
  const closers: (() => void)[] = [];
  try {
    const { token: root } = await call<{ token: string }>(server, 'POST', '/api/jwt', undefined, ADMIN);
    // The last one writes the comments.
    const members = await makeMembers(server, root, memberCount + 1);
    const writer = members.pop() as Member;

    // Sent writes, by member and the unread count they lead to; each stream's first sight of it.
    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    let missing = 0;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRss = rssMb(server.pid) ?? Number.NaN;
    for (let s = 0; s < streams; s++) {
      const member = members[Math.floor(s / PER_MEMBER)] as Member;
      let seen = 0;
      closers.push(
        await openStream(server, member.token, (unread) => {
          const at = sentAt.get(`${member.index}:${unread}`);
          if (at !== undefined && unread > seen) delays.push(performance.now() - at);
          seen = Math.max(seen, unread);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const openRss = rssMb(server.pid) ?? Number.NaN;
    const kbPerStream = Math.round(((openRss - idleRss) * 1024 * 10) / streams) / 10;

    await loopLag(server);
    const counts = new Map<number, number>();
    const writes = Math.round(seconds * WRITES_PER_S);
    let failed = 0;
    const sending: Promise<unknown>[] = [];
    for (let w = 0; w < writes; w++) {
      const member = members[w % members.length] as Member;
      const unread = (counts.get(member.index) ?? 0) + 1;
      counts.set(member.index, unread);
      sentAt.set(`${member.index}:${unread}`, performance.now());
      sending.push(
        call(server, 'POST', '/api/comment', writer.token, { board: member.post, content: `댓글 ${w}` }).catch(() => {
          failed++;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / WRITES_PER_S));
    }
    await Promise.all(sending);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const lag = await loopLag(server);
    const expected = [...counts.values()].reduce((sum, n) => sum + n, 0) * PER_MEMBER;
    missing = expected - delays.length;
    delays.sort((a, b) => a - b);
    const p50 = Math.round(percentile(delays, 50));
    const p99 = Math.round(percentile(delays, 99));
    const checks: Check[] = [
      [`delivery p99 < ${TARGET_P99_MS} ms`, `${p99} ms`, p99 < TARGET_P99_MS],
      [
        'every write reaches each of its member’s streams',
        `${delays.length} of ${expected} (writes failed: ${failed})`,
        missing <= 0 && failed === 0,
      ],
    ];
    const markdown = [
      '## Results',
      '',
      `${streams} streams on one server (SQLite, production build), ${PER_MEMBER} per member (${memberCount} members), the client in the same machine's other process. Then ${writes} comments at ${WRITES_PER_S}/s, each on one member's post, round robin; each must reach that member's ${PER_MEMBER} streams as a new \`notification\` count. Delivery: from sending the comment to the event on the stream.`,
      '',
      table(
        [
          'Streams',
          'RSS idle MB',
          'RSS open MB',
          'KB per stream',
          'loop lag p50 ms',
          'p99 ms',
          'max ms',
          'delivery p50 ms',
          'p99 ms',
          'events',
        ],
        [[streams, idleRss, openRss, kbPerStream, lag.p50, lag.p99, lag.max, p50, p99, `${delays.length}/${expected}`]],
      ),
      '',
      targetsSection(checks),
    ].join('\n');
    return {
      title: 'Benchmark: live events',
      markdown,
      data: {
        streams,
        memberCount,
        idleRss,
        openRss,
        kbPerStream,
        lag,
        delivery: { p50, p99, count: delays.length, expected },
        writes,
        failed,
      },
      passed: checks.every(([, , ok]) => ok),
    };
  } finally {
    for (const close of closers) close();
    await server.stop();
  }
}
