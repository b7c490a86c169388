import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgServer } from '../tests/support/pg-process.ts';
import { call, fewAtATime, type LoopLag, loopLag, type Member, makeMembers, openStream, pause, percentile } from './lib/live-streams.ts';
import type { Request } from 'autocannon';
import { BROWSER_HEADERS, type LoadResult, load } from './lib/load.ts';
import { postgresCpu } from './lib/postgres-data.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { ROOT, type Server, settledMemory, startServer } from './lib/server.ts';
import { databases } from './lib/databases.ts';

// Messages, live (issue #34, PRODUCT.md "Messages"): BENCH_STREAMS event streams (2000 by
// default) open on one server, ten per member (the most one member may hold: a member with many
// tabs and devices is the heavy case). Then 50 messages a second, each between a random pair of
// those members, sent over HTTP as a page sends it (POST /api/conversation/{id}/message).
// Measured: the memory per idle stream, the event-loop lag of the server holding the streams, the
// delivery time from the start of the send to the `message` event on each of the other member's
// streams, and the servers' CPU time per message. On SQLite with one server, and on PostgreSQL
// with two servers: messages sent to A, streams held by B, so each delivery crosses servers
// (LISTEN/NOTIFY). BENCH_DATABASES picks them (sqlite,postgres); BENCH_STREAMS=100 and
// BENCH_SECONDS=3 make a quick run.

const PER_MEMBER = 10;
const MESSAGES_PER_S = 50;
/** Conversations to pick from: about this many per member, with random others. */
const CONVERSATIONS_PER_MEMBER = 2;
const TARGET_P99_MS = 200;
const TARGET_KB_PER_STREAM = 20;
/** Posts the page phases read (random ids among them), and those phases' connections. */
const POSTS = 500;
const PAGE_CONNECTIONS = 32;
/** What "no effect beyond noise" allows: the pages' CPU per request with the streams open within
 * this share of the mean of the phases before and after them (their own spread is reported). */
const PAGE_CPU_TOLERANCE = 0.15;
const ADMIN = { loginid: 'messages-admin@bench.example', passwd: 'messages-admin-password-1' };
const JWT_SECRET = 'messages-bench-only-secret-messages-bench-only';

const SETTINGS = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  ADMIN_LOGINID: ADMIN.loginid,
  ADMIN_PASSWORD: ADMIN.passwd,
  // 50 messages a second from new accounts: far beyond a first day's budget.
  WRITE_LIMITS: '0',
  TRUST_PROXY: '1',
  // Measured here, not refused: the lag is a result.
  LOAD_MAX_DELAY_MS: '0',
};

/** Where the messages are sent and where the streams are held (the same server on SQLite). */
interface Site {
  name: string;
  sender: Server;
  holder: Server;
  servers: Server[];
  dbCpuMs?: () => number | undefined;
}

/** The page phases: before the streams, with them open and idle, and after they closed. */
interface PageFigures {
  before: LoadResult;
  open: LoadResult;
  after: LoadResult;
}

interface SiteResult {
  name: string;
  pages: PageFigures;
  streams: number;
  members: number;
  conversations: number;
  idleRss: number;
  openRss: number;
  kbPerStream: number;
  heapKbPerStream: number;
  lag: LoopLag;
  messages: { sent: number; failed: number; perSecond: number };
  delivery: { p50: number; p99: number; count: number; expected: number };
  appCpuMsPerMessage: number;
  dbCpuMsPerMessage?: number;
}

interface Conversation {
  id: number;
  members: [Member, Member];
}

/** About CONVERSATIONS_PER_MEMBER conversations per member, each with a random other member. */
async function makeConversations(server: Server, members: Member[]): Promise<Conversation[]> {
  const pairs = new Map<string, [Member, Member]>();
  for (let i = 0; i < members.length * CONVERSATIONS_PER_MEMBER; i++) {
    const a = members[i % members.length] as Member;
    const b = members[Math.floor(Math.random() * members.length)] as Member;
    if (a !== b) pairs.set([a.index, b.index].sort((x, y) => x - y).join(':'), [a, b]);
  }
  const conversations: Conversation[] = [];
  await fewAtATime([...pairs.values()], async ([a, b]) => {
    const { id } = await call<{ id: number }>(server, 'POST', '/api/conversation', a.token, { user: b.id });
    conversations.push({ id, members: [a, b] });
  });
  return conversations;
}

/** Posts in the community section by random members, for the page phases to read. */
async function makePosts(server: Server, members: Member[]): Promise<number[]> {
  const ids: number[] = [];
  await fewAtATime(
    Array.from({ length: POSTS }, (_, i) => i),
    async (i) => {
      const author = members[i % members.length] as Member;
      const body = { topcategory: 5, title: `벤치 글 ${i} 😀`, content: '<p>안녕하세요, 벤치마크 본문입니다.</p>' };
      ids.push((await call<{ id: number }>(server, 'POST', '/api/board', author.token, body)).id);
    },
  );
  return ids;
}

/** Every page the phases read, drawn once, so that the first phase does not pay for the first
 * renders the later ones are spared. */
async function warmPages(site: Site, member: Member, posts: number[]): Promise<void> {
  const paths = ['/', '/community', ...posts.map((id) => `/community/${id}`)];
  const headers = { ...BROWSER_HEADERS, cookie: `portal_token=${member.token}` };
  await fewAtATime(paths, async (p) => {
    await (await fetch(`${site.holder.url}${p}`, { headers })).arrayBuffer();
  });
}

/** Signed-in members reading pages on the holder, as the traffic bench's members do: a post picked
 * at random (most requests), the section's list, the index; each request a random member's. */
function readPages(site: Site, members: Member[], posts: number[], seconds: number): Promise<LoadResult> {
  const pick = <T>(of: readonly T[]) => of[Math.floor(Math.random() * of.length)] as T;
  const setupRequest = (request: Request): Request => {
    const roll = Math.random();
    const path = roll < 0.7 ? `/community/${pick(posts)}` : roll < 0.9 ? '/community' : '/';
    return { ...request, path, headers: { ...BROWSER_HEADERS, cookie: `portal_token=${pick(members).token}` } };
  };
  return load({ url: site.holder.url, seconds, connections: PAGE_CONNECTIONS, setupRequest, serverCpuMs: site.holder.cpuMs });
}

const cpuOf = (servers: Server[]) => servers.reduce((sum, s) => sum + (s.cpuMs() ?? Number.NaN), 0);

async function measureSite(site: Site, streams: number, seconds: number, log: (line: string) => void): Promise<SiteResult> {
  const memberCount = Math.max(2, Math.ceil(streams / PER_MEMBER));
  const { token: root } = await call<{ token: string }>(site.sender, 'POST', '/api/jwt', undefined, ADMIN);
  log(`${site.name}: ${memberCount} members`);
  const members = await makeMembers(site.sender, root, memberCount, 'messages');
  const conversations = await makeConversations(site.sender, members);
  const posts = await makePosts(site.sender, members);
  log(`${site.name}: ${conversations.length} conversations, ${posts.length} posts; pages without streams`);
  await warmPages(site, members[0] as Member, posts);
  const pagesBefore = await readPages(site, members, posts, seconds);
  log(`${site.name}: opening ${streams} streams`);

  // Each stream's sight of each message, by the member it belongs to and the message id.
  const seen = new Map<string, number[]>();
  const closers: (() => void)[] = [];
  try {
    // The holder's first streams load and compile their code (on PostgreSQL, B has answered
    // nothing yet): a member's streams opened and closed first keep that out of the per-stream memory.
    const warm = members[0] as Member;
    const warming = await Promise.all(Array.from({ length: PER_MEMBER }, () => openStream(site.holder, warm.token, () => {})));
    for (const close of warming) close();
    await pause(2000);
    const idle = await settledMemory(site.holder);
    for (let s = 0; s < streams; s++) {
      const member = members[Math.floor(s / PER_MEMBER)] as Member;
      closers.push(
        await openStream(site.holder, member.token, (event, data) => {
          if (event !== 'message') return;
          const key = `${member.index}:${(data as { id: number }).id}`;
          const times = seen.get(key) ?? [];
          times.push(performance.now());
          seen.set(key, times);
        }),
      );
    }
    await pause(3000);
    const open = await settledMemory(site.holder);
    const perStream = (mb: number) => Math.round((mb * 1024 * 10) / streams) / 10;
    const kbPerStream = perStream(open.rssMb - idle.rssMb);
    const heapKbPerStream = perStream(open.heapMb - idle.heapMb);
    log(`${site.name}: pages with the streams open`);
    const pagesOpen = await readPages(site, members, posts, seconds);

    log(`${site.name}: sending ${MESSAGES_PER_S} messages a second for ${seconds} s`);
    await loopLag(site.holder);
    const appCpu = cpuOf(site.servers);
    const dbCpu = site.dbCpuMs?.();
    const sent: { to: Member; id: number; at: number }[] = [];
    const count = Math.round(seconds * MESSAGES_PER_S);
    let failed = 0;
    const sending: Promise<unknown>[] = [];
    const start = performance.now();
    for (let m = 0; m < count; m++) {
      // On a schedule, not a fixed pause after each send: slow sends do not lower the rate.
      const wait = start + (m * 1000) / MESSAGES_PER_S - performance.now();
      if (wait > 0) await pause(wait);
      const { id: conversation, members: pair } = conversations[Math.floor(Math.random() * conversations.length)] as Conversation;
      const [from, to] = Math.random() < 0.5 ? pair : ([pair[1], pair[0]] as const);
      const at = performance.now();
      sending.push(
        call<{ id: number }>(site.sender, 'POST', `/api/conversation/${conversation}/message`, from.token, {
          content: `안녕하세요, 물건 아직 있나요? (${m})`,
        }).then(
          ({ id }) => sent.push({ to, id, at }),
          () => failed++,
        ),
      );
    }
    const perSecond = Math.round((count / ((performance.now() - start) / 1000)) * 10) / 10;
    await Promise.all(sending);
    await pause(2000);
    const lag = await loopLag(site.holder);
    const appCpuMsPerMessage = Math.round(((cpuOf(site.servers) - appCpu) / count) * 100) / 100;
    const dbNow = site.dbCpuMs?.();
    const dbCpuMsPerMessage = dbCpu === undefined || dbNow === undefined ? undefined : Math.round(((dbNow - dbCpu) / count) * 100) / 100;

    const delays = sent.flatMap(({ to, id, at }) => (seen.get(`${to.index}:${id}`) ?? []).map((t) => t - at)).sort((a, b) => a - b);
    for (const close of closers.splice(0)) close();
    await pause(2000);
    log(`${site.name}: pages after the streams closed`);
    const pagesAfter = await readPages(site, members, posts, seconds);
    return {
      name: site.name,
      pages: { before: pagesBefore, open: pagesOpen, after: pagesAfter },
      streams,
      members: memberCount,
      conversations: conversations.length,
      idleRss: Math.round(idle.rssMb),
      openRss: Math.round(open.rssMb),
      kbPerStream,
      heapKbPerStream,
      lag,
      messages: { sent: count, failed, perSecond },
      delivery: {
        p50: Math.round(percentile(delays, 50)),
        p99: Math.round(percentile(delays, 99)),
        count: delays.length,
        expected: sent.length * PER_MEMBER,
      },
      appCpuMsPerMessage,
      ...(dbCpuMsPerMessage !== undefined && { dbCpuMsPerMessage }),
    };
  } finally {
    for (const close of closers) close();
  }
}

async function onSqlite(streams: number, seconds: number, log: (line: string) => void): Promise<SiteResult> {
  const server = await startServer(SETTINGS, ROOT, { inspect: true });
  try {
    return await measureSite({ name: 'SQLite, one server', sender: server, holder: server, servers: [server] }, streams, seconds, log);
  } finally {
    await server.stop();
  }
}

async function onPostgres(streams: number, seconds: number, log: (line: string) => void): Promise<SiteResult> {
  const database = await startPgServer();
  // The uploads folder both servers share.
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-messages-shared-'));
  const servers: Server[] = [];
  try {
    // One after the other: the first migrates and creates the admin.
    for (let i = 0; i < 2; i++) {
      servers.push(await startServer({ ...SETTINGS, DATA_DIR: shared, DATABASE_URL: database.url, JWT_SECRET }, ROOT, { inspect: true }));
    }
    const [sender, holder] = servers as [Server, Server];
    const site: Site = {
      name: 'PostgreSQL, two servers (sent to A, streams on B)',
      sender,
      holder,
      servers,
      dbCpuMs: await postgresCpu(database.url),
    };
    return await measureSite(site, streams, seconds, log);
  } finally {
    for (const s of servers) await s.stop();
    await database.stop();
    fs.rmSync(shared, { recursive: true, force: true });
  }
}

export async function messagesBench({ seconds }: BenchOptions): Promise<SectionReport> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('run `npm run build` first');
  const streams = Number(process.env.BENCH_STREAMS ?? 2000);
  const log = (line: string) => console.error(`[messages] ${line}`);
  const results: SiteResult[] = [];
  for (const database of databases()) {
    results.push(database === 'sqlite' ? await onSqlite(streams, seconds, log) : await onPostgres(streams, seconds, log));
  }

  /** The pages' CPU per request with the streams open, against the mean of the phases around it. */
  const pageEffect = (r: SiteResult) => {
    const { before, open, after } = r.pages;
    const base = ((before.cpuMsPerRequest ?? Number.NaN) + (after.cpuMsPerRequest ?? Number.NaN)) / 2;
    return { base, ratio: Math.round(((open.cpuMsPerRequest ?? Number.NaN) / base) * 100) / 100 };
  };
  const checks: Check[] = results.flatMap((r): Check[] => [
    [
      `${r.name}: members' pages cost the same with the streams open (CPU per request within ${PAGE_CPU_TOLERANCE * 100}% of the phases without)`,
      `${r.pages.open.cpuMsPerRequest} ms against ${Math.round(pageEffect(r).base * 1000) / 1000} ms (${pageEffect(r).ratio}x)`,
      Math.abs(pageEffect(r).ratio - 1) <= PAGE_CPU_TOLERANCE,
    ],
    [`${r.name}: delivery p99 < ${TARGET_P99_MS} ms`, `${r.delivery.p99} ms`, r.delivery.p99 < TARGET_P99_MS],
    [`${r.name}: memory per idle stream < ${TARGET_KB_PER_STREAM} KB`, `${r.kbPerStream} KB`, r.kbPerStream < TARGET_KB_PER_STREAM],
    [
      `${r.name}: every message reaches each of the other member’s streams`,
      `${r.delivery.count} of ${r.delivery.expected} (sends failed: ${r.messages.failed})`,
      r.delivery.count >= r.delivery.expected && r.messages.failed === 0,
    ],
  ]);
  const first = results[0];
  const markdown = [
    '## Results',
    '',
    `${streams} streams, ${PER_MEMBER} per member (${first?.members} members: many tabs and devices each, the heavy case), on the server that holds them; production build. Then ${MESSAGES_PER_S} messages a second for ${seconds} s, each in a conversation picked at random from about ${CONVERSATIONS_PER_MEMBER} per member with random others, from one of its two members to the other, sent over HTTP (POST /api/conversation/{id}/message). Delivery: from the start of the send to the \`message\` event on each of the other member's ${PER_MEMBER} streams. CPU: the app servers' (and PostgreSQL's) CPU time while sending and 2 s after, per message; it includes every stream's events (the sender's streams get the message too, and both members' unread counts). Memory: the holding server's RSS after opening the streams less before, per stream, each read after a full garbage collection (V8's inspector), so that the garbage of the requests that opened them is not counted; the heap in use beside it. The servers, PostgreSQL (embedded, the tests' settings) and this client share the machine's ${os.cpus().length} cores.`,
    '',
    table(
      [
        'Site',
        'RSS idle MB',
        'RSS open MB',
        'KB per stream',
        'heap KB per stream',
        'loop lag p50 ms',
        'p99 ms',
        'max ms',
        'messages/s',
        'delivery p50 ms',
        'p99 ms',
        'events',
        'app CPU ms/message',
        'DB CPU ms/message',
      ],
      results.map((r) => [
        r.name,
        r.idleRss,
        r.openRss,
        r.kbPerStream,
        r.heapKbPerStream,
        r.lag.p50,
        r.lag.p99,
        r.lag.max,
        r.messages.perSecond,
        r.delivery.p50,
        r.delivery.p99,
        `${r.delivery.count}/${r.delivery.expected}`,
        r.appCpuMsPerMessage,
        r.dbCpuMsPerMessage ?? '',
      ]),
    ),
    '',
    `Members' pages with and without the streams (the traffic bench's page figures for members, on the server holding the streams): ${PAGE_CONNECTIONS} connections for ${seconds} s per phase, each request a random member's session cookie and a browser's headers; 70% a post picked at random among ${POSTS}, 20% the list /community, 10% the index. Before the streams open, with the ${streams} streams open and idle, and after they closed: the spread between the first and last phases is the noise.`,
    '',
    table(
      ['Site', 'phase', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'non-2xx'],
      results.flatMap((r) =>
        (['before', 'open', 'after'] as const).map((phase) => {
          const f = r.pages[phase];
          const label = { before: 'no streams yet', open: `${streams} streams open`, after: 'streams closed' }[phase];
          return [r.name, label, f.rps, f.p50, f.p99, f.cpuMsPerRequest ?? '', f.non2xx + f.errors];
        }),
      ),
    ),
    '',
    targetsSection(checks),
  ].join('\n');
  return {
    title: 'Benchmark: messages, live',
    markdown,
    data: { streams, perMember: PER_MEMBER, messagesPerSecond: MESSAGES_PER_S, seconds, results },
    passed: checks.every(([, , ok]) => ok),
  };
}
