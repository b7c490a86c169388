import fs from 'node:fs';
import path from 'node:path';
import { call, loopLag, type Member, makeMembers, openStream, pause, percentile } from './lib/live-streams.ts';
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

interface Author extends Member {
  post: number;
}

/** Members, each with a post of their own to be commented on. */
async function makeAuthors(server: Server, root: string, count: number): Promise<Author[]> {
  const authors: Author[] = [];
  for (const member of await makeMembers(server, root, count, 'events')) {
    const { id } = await call<{ id: number }>(server, 'POST', '/api/board', member.token, {
      topcategory: 5,
      category: '자유게시판',
      title: `실시간 알림 ${member.index}`,
      content: '<p>본문</p>',
    });
    authors.push({ ...member, post: id });
  }
  return authors;
}

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
    const members = await makeAuthors(server, root, memberCount + 1);
    const writer = members.pop() as Author;

    // Sent writes, by member and the unread count they lead to; each stream's first sight of it.
    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    let missing = 0;
    await pause(2000);
    const idleRss = rssMb(server.pid) ?? Number.NaN;
    for (let s = 0; s < streams; s++) {
      const member = members[Math.floor(s / PER_MEMBER)] as Author;
      let seen = 0;
      closers.push(
        await openStream(server, member.token, (event, data) => {
          if (event !== 'notification') return;
          const { unread } = data as { unread: number };
          const at = sentAt.get(`${member.index}:${unread}`);
          if (at !== undefined && unread > seen) delays.push(performance.now() - at);
          seen = Math.max(seen, unread);
        }),
      );
    }
    await pause(3000);
    const openRss = rssMb(server.pid) ?? Number.NaN;
    const kbPerStream = Math.round(((openRss - idleRss) * 1024 * 10) / streams) / 10;

    await loopLag(server);
    const counts = new Map<number, number>();
    const writes = Math.round(seconds * WRITES_PER_S);
    let failed = 0;
    const sending: Promise<unknown>[] = [];
    for (let w = 0; w < writes; w++) {
      const member = members[w % members.length] as Author;
      const unread = (counts.get(member.index) ?? 0) + 1;
      counts.set(member.index, unread);
      sentAt.set(`${member.index}:${unread}`, performance.now());
      sending.push(
        call(server, 'POST', '/api/comment', writer.token, { board: member.post, content: `댓글 ${w}` }).catch(() => {
          failed++;
        }),
      );
      await pause(1000 / WRITES_PER_S);
    }
    await Promise.all(sending);
    await pause(2000);
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
