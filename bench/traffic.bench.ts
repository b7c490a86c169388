import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { WORDS } from './lib/generate-content.ts';
import { BROWSER_HEADERS } from './lib/load.ts';
import { type Call, client, percentile, statusClasses, type Tally } from './lib/mixed-load.ts';
import { type PostgresData, postgresWithDataOf } from './lib/postgres-data.ts';
import { prepareData } from './lib/prepare-data.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { api, ROOT, type Server, startServer } from './lib/server.ts';
import { pagesDrawn } from '../tests/support/drawn-pages.ts';
import { databases } from './lib/databases.ts';

// Real traffic (traffic issue): 70% visitors and 30% signed-in members reading list pages 1-5 of
// every section, posts picked at random over the whole table (skewed towards the newest), the
// index and searches, as closed-loop clients, while members write 0, 5 and then 20 times a second
// (likes, comments, new posts, and views: a post read by a visitor id the site has never seen).
// On SQLite with one server, and on PostgreSQL with two servers taking turns (a round-robin
// proxy's way) on one embedded PostgreSQL, holding the same data.
//
// At each write rate, three kinds of phase, BENCH_SECONDS each:
// - the mix: throughput and latency of each page kind for visitors and members as they share
//   the servers; visitors' throughput against the quiet site's is the headline figure;
// - each page kind for visitors alone and for members alone, with the same writes going on: CPU
//   per request can only be told apart by kind when one kind runs at a time;
// - the writes alone (no readers), whose server CPU per second is taken off the others', so that
//   readers' CPU is what reading costs, re-rendering what a write changed included.
// Then latency at a load the site is not saturated by: readers in the same mix at a fixed offered
// rate (open loop, a share of the quiet mix's throughput in this run), quiet and at the target
// write rate. Closed-loop clients keep the servers saturated, so their p99 is mostly the time a
// request queues behind the others' (the quiet site's already is): it says nothing of what a
// reader waits at a real load.
// Server CPU is the app servers' processes' (both of them on PostgreSQL), from /proc; the
// PostgreSQL server's (all its processes) is reported on its own.

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const OFFERED = process.env.BENCH_OFFERED ? Number(process.env.BENCH_OFFERED) : undefined;
const WRITE_RATES = [0, 5, 20];
/** The rate the targets are measured at. */
const TARGET_RATE = 20;
const CONNECTIONS = 32;
const MEMBER_SHARE = 0.3;
/** Members who read and write. The server allows 50 logins from one address in 10 minutes. */
const MEMBERS = 40;
/** Returning visitors, each with the id cookie the site gave them. */
const VISITORS = 10_000;
const TARGETS = { share: 0.8, p99Ms: 50, memberRatio: 1.5 };
/** The latency phases' offered rate of readers, as a share of the quiet mix's readers' throughput
 * measured in the same run, and their write rates. */
const LATENCY_LOAD = 0.5;
const LATENCY_WRITE_RATES = [0, TARGET_RATE];
/** Open loop: readers' requests waiting at once before the client stops sending (counted as not
 * sent): far above what a server keeping up has waiting. */
const LATENCY_MAX_IN_FLIGHT = 256;
const ADMIN = { loginid: 'traffic-admin@bench.example', passwd: 'traffic-admin-password-1' };
/** Two app servers on PostgreSQL sign sessions with one key (PRODUCT.md). */
const JWT_SECRET = 'traffic-bench-only-secret-traffic-bench-only';

type Kind = 'list' | 'detail' | 'index' | 'search';
type Who = 'visitor' | 'member';
const KINDS: [Kind, number][] = [
  ['detail', 0.5],
  ['list', 0.3],
  ['index', 0.1],
  ['search', 0.1],
];
const WHO: Who[] = ['visitor', 'member'];
const LISTS = ['/news', '/life', '/jobs', '/market', '/business', '/community', '/organizations', '/customer/faq'];
/** Board sections whose posts have a page of their own, by topcategory. */
const DETAIL_PATHS: Record<number, string> = { 1: '/news', 2: '/life', 4: '/market', 5: '/community' };
const WRITES: [WriteKind, number][] = [
  ['like', 0.4],
  ['comment', 0.25],
  ['post', 0.1],
  ['view', 0.25],
];
type WriteKind = 'like' | 'comment' | 'post' | 'view';

/** GNUBoard5 on this machine kind, 100k posts in one board (the issue's measurement). */
const GNUBOARD: Record<Kind, { cpu: string; rps: string }> = {
  list: { cpu: '6.6', rps: '250' },
  detail: { cpu: '68', rps: '29.5' },
  index: { cpu: '5.6-6.4', rps: '' },
  search: { cpu: '108 (titles only)', rps: '' },
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
/** An index into `n` items, most often near 0: r³ puts half the picks in the first eighth, a
 * tenth of them in the first thousandth. */
const skewed = (n: number) => Math.floor(n * Math.random() ** 3);
function weighted<T>(shares: readonly [T, number][]): T {
  let r = Math.random();
  for (const [value, share] of shares) {
    r -= share;
    if (r < 0) return value;
  }
  return shares[shares.length - 1]?.[0] as T;
}
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Every post with a page of its own, oldest first, read from the prepared SQLite file (the
 * PostgreSQL copy has the same ids). */
interface Posts {
  ids: Int32Array;
  sections: Uint8Array;
}

function readPosts(dataDir: string): Posts {
  const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'), { readOnly: true });
  try {
    const where = `hidden = 0 and topcategory in (${Object.keys(DETAIL_PATHS).join(', ')})`;
    const { n } = db.prepare(`select count(*) as n from board where ${where}`).get() as { n: number };
    const posts = { ids: new Int32Array(n), sections: new Uint8Array(n) };
    let i = 0;
    for (const row of db.prepare(`select id, topcategory from board where ${where} order by id`).iterate()) {
      const { id, topcategory } = row as { id: number; topcategory: number };
      posts.ids[i] = id;
      posts.sections[i++] = topcategory;
    }
    if (n === 0) throw new Error('no posts to read');
    return posts;
  } finally {
    db.close();
  }
}

/** A post's address: newer posts more often. */
function postPath(posts: Posts): { path: string; id: number } {
  const i = posts.ids.length - 1 - skewed(posts.ids.length);
  const id = posts.ids[i] as number;
  return { path: `${DETAIL_PATHS[posts.sections[i] as number]}/${id}`, id };
}

interface Member {
  token: string;
  /** The session cookie as the login's Set-Cookie gave it (name=value). */
  cookie: string;
}

interface Traffic {
  posts: Posts;
  members: Member[];
  visitors: string[];
}

/** A search as people type them: a word (the common ones more often), sometimes two. */
function searchPath(): string {
  const word = () => WORDS[skewed(WORDS.length)] as string;
  const q = Math.random() < 0.3 ? `${word()} ${word()}` : word();
  return `/search?q=${encodeURIComponent(q)}`;
}

function pagePath(kind: Kind, posts: Posts): string {
  if (kind === 'detail') return postPath(posts).path;
  if (kind === 'list') return `${pick(LISTS)}?page=${1 + Math.floor(Math.random() * 5)}`;
  if (kind === 'index') return '/';
  return searchPath();
}

function readerCall(t: Traffic, kind: Kind, who: Who): Call {
  const cookie = who === 'member' ? pick(t.members).cookie : `vid=${pick(t.visitors)}`;
  return { method: 'GET', path: pagePath(kind, t.posts), headers: { ...BROWSER_HEADERS, cookie }, kind: `${kind} ${who}` };
}

function mixedCall(t: Traffic): Call {
  return readerCall(t, weighted(KINDS), Math.random() < MEMBER_SHARE ? 'member' : 'visitor');
}

function writeCall(t: Traffic): Call {
  const kind = weighted(WRITES);
  const post = postPath(t.posts);
  if (kind === 'view') {
    // A visitor the site has not seen: a new id, so the read counts a view.
    const vid = crypto.randomBytes(15).toString('base64url');
    return { method: 'GET', path: post.path, headers: { ...BROWSER_HEADERS, cookie: `vid=${vid}` }, kind };
  }
  // As the site's own script sends them: the token as a Bearer header, the cookie alongside.
  const member = pick(t.members);
  const headers = { authorization: `Bearer ${member.token}`, cookie: member.cookie };
  const json = (p: string, body: unknown): Call => ({ method: 'POST', path: p, headers, body: JSON.stringify(body), kind });
  if (kind === 'like') return json('/api/like', { target: 'board', item: post.id });
  if (kind === 'comment') return json('/api/comment', { board: post.id, content: `<p>잘 읽었습니다 ${Date.now()}</p>` });
  return json('/api/board', {
    topcategory: 5,
    category: '자유게시판',
    title: `${pick(WORDS)} ${pick(WORDS)} 새 글 ${Date.now()}`,
    content: `<p>${Array.from({ length: 20 }, () => pick(WORDS)).join(' ')}</p>`,
  });
}

/** One database's set-up: its app servers, and the database server's CPU when it has its own. */
interface Site {
  name: string;
  servers: Server[];
  dbCpuMs?: () => number | undefined;
  /** Rows in the views table: the views counted so far. */
  views(): Promise<number>;
}

type Drawn = ReturnType<typeof pagesDrawn>;

/** Pages the servers have drawn for their page caches so far, by where (GET /metrics). */
async function pagesDrawnBy(site: Site): Promise<Drawn> {
  const drawn = { render: 0, server: 0 };
  for (const s of site.servers) {
    const some = pagesDrawn(await (await fetch(`${s.url}/metrics`)).text());
    drawn.render += some.render;
    drawn.server += some.server;
  }
  return drawn;
}

/** Logs in as the login page does (POST /api/jwt from the site's own origin) and keeps the
 * session cookie its answer sets. */
async function login(server: Server, loginid: string, passwd: string): Promise<Member> {
  const res = await fetch(`${server.url}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ loginid, passwd }),
  });
  if (!res.ok) throw new Error(`login of ${loginid} answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .find((c) => c.startsWith('portal_token='));
  if (!cookie) throw new Error('the login set no session cookie');
  return { token, cookie };
}

/** The members, each logged in on a server in turn (a session from one server is used on all). */
async function setUpMembers(servers: Server[]): Promise<Member[]> {
  const first = servers[0] as Server;
  const root = (await login(first, ADMIN.loginid, ADMIN.passwd)).token;
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const loginid = `traffic${i}@bench.example`;
    const passwd = `traffic-member-${crypto.randomBytes(9).toString('base64url')}`;
    await api(first, 'POST', '/api/user', { token: root, body: { loginid, passwd, name: `회원${i}`, nickname: `부지런한회원${i}` } });
    members.push(await login(servers[i % servers.length] as Server, loginid, passwd));
  }
  return members;
}

interface Measured {
  seconds: number;
  readers?: Tally;
  /** How long the readers ran (the writes may take a moment longer to be answered). */
  readerSeconds: number;
  writes?: Tally;
  /** CPU ms spent during the phase: the app servers', and the database server's. */
  serverCpuMs: number;
  dbCpuMs?: number;
  views: number;
}

interface Stats {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx and 3xx, and requests with no answer. */
  errors: number;
}

/** Figures over one or more tallies of a phase (the mix's kinds of page, say). */
function stats(tallies: (Tally | undefined)[], seconds: number): Stats {
  const all = tallies.filter((t): t is Tally => t !== undefined);
  const requests = all.reduce((n, t) => n + t.requests, 0);
  const latencies = all.flatMap((t) => t.admittedMs);
  const errors = all.reduce((n, t) => {
    const c = statusClasses(t);
    return n + t.errors + c.limited + c.shed + c.clientError + c.serverError;
  }, 0);
  return { rps: Math.round(requests / seconds), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors };
}

/** What went wrong in a tally: answers other than 2xx and 3xx by status, unanswered requests by
 * cause, requests not sent. */
function problems(t: Tally): string[] {
  return [
    ...Object.entries(t.statuses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, n]) => `${n} × ${status}`),
    ...Object.entries(t.errorCauses).map(([cause, n]) => `${n} × ${cause}`),
    ...(t.dropped ? [`${t.dropped} not sent (100 waiting)`] : []),
  ];
}

/** A phase's problems, readers' by page kind and writes' by kind, for the report. */
function failures(phase: string, m: Measured): string[] {
  const of = (who: string, t: Tally | undefined) =>
    Object.entries(t?.kinds ?? {}).flatMap(([kind, x]) => {
      const p = problems(x);
      return p.length ? [`${phase}, ${who} ${kind}: ${p.join(', ')}`] : [];
    });
  return [...of('reading', m.readers), ...of('writing', m.writes)];
}

interface WritesSummary {
  sent: number;
  ok: number;
  /** Not answered 2xx or 3xx, not answered, or not sent (the client had 100 waiting). */
  failed: number;
  failedByKind: Record<string, number>;
  statuses: Record<string, number>;
}

function writesSummary(t: Tally | undefined): WritesSummary | undefined {
  if (!t) return undefined;
  const failedOf = (x: Tally) => x.requests + x.errors + x.dropped - statusClasses(x).ok;
  return {
    sent: t.requests + t.errors,
    ok: statusClasses(t).ok,
    failed: failedOf(t),
    failedByKind: Object.fromEntries(Object.entries(t.kinds).map(([k, x]) => [k, failedOf(x)])),
    statuses: t.statuses,
  };
}

interface RateResult {
  rate: number;
  /** The mix: visitors', members' and all readers' figures. */
  visitors: Stats;
  members: Stats;
  readers: Stats;
  /** Readers' server CPU per request (the writes' own taken off), and the database server's. */
  cpuMsPerRequest: number | undefined;
  dbCpuMsPerRequest: number | undefined;
  writes?: WritesSummary;
  /** The writes alone: server (and database server) CPU ms per write. */
  cpuMsPerWrite?: number;
  dbCpuMsPerWrite?: number;
  /** Views counted during the mix: by readers' first visits to a post and by the view writes. */
  views: number;
}

/** Readers at a fixed offered rate (open loop), with writes at `rate`. */
interface LatencyResult {
  rate: number;
  /** Readers' requests offered a second, and answered a second. */
  offered: number;
  answered: number;
  visitors: Stats;
  members: Stats;
  readers: Stats;
  /** The page kind and reader with the highest p99. */
  worst: { kind: string; p99: number } | undefined;
  /** Each page kind and reader's p99. */
  p99ByKind: Record<string, number>;
  /** Requests not sent because LATENCY_MAX_IN_FLIGHT were waiting. */
  dropped: number;
  writes?: WritesSummary;
  /** Pages drawn for the cache in the phase: by render threads, and by the servers' own threads. */
  drawn: Drawn;
}

interface PageResult {
  kind: Kind;
  who: Who;
  rate: number;
  /** In the mix. */
  mix: Stats;
  /** This kind alone (with the writes going on). */
  alone: Stats;
  cpuMsPerRequest: number | undefined;
  dbCpuMsPerRequest: number | undefined;
  writes?: WritesSummary;
}

interface SiteResult {
  name: string;
  rates: RateResult[];
  pages: PageResult[];
  latency: LatencyResult[];
  errors: number;
  failedWrites: number;
  /** Each phase's problems, described, and then the tail of each server's output. */
  failures: string[];
  serverOutput: string[];
}

/** BENCH_TIMELINE=1: each second of a latency phase in the log, its answers' p99 and slowest
 * kind, to tell a tail spread over the phase from one stall. */
function timeline(log: (line: string) => void) {
  if (process.env.BENCH_TIMELINE !== '1') return {};
  return {
    intervalSeconds: 1,
    onInterval: (tally: Tally, second: number) => {
      const slowest = Object.entries(tally.kinds)
        .map(([kind, x]) => [kind, percentile(x.admittedMs, 1)] as const)
        .sort((a, b) => b[1] - a[1])[0];
      log(
        `  ${second} s: ${tally.requests} answers, p99 ${percentile(tally.admittedMs, 0.99)} ms, slowest ${slowest?.[1] ?? 0} ms (${slowest?.[0] ?? '-'})`,
      );
    },
  };
}

async function measureSite(site: Site, posts: Posts, seconds: number, log: (line: string) => void): Promise<SiteResult> {
  const members = await setUpMembers(site.servers);
  const visitors = Array.from({ length: VISITORS }, (_, i) => `traffic-visitor-${String(i).padStart(6, '0')}`);
  const t: Traffic = { posts, members, visitors };
  const http = client(site.servers.map((s) => s.url));
  const serverCpu = () => site.servers.reduce((sum, s) => sum + (s.cpuMs() ?? Number.NaN), 0);

  /** One phase: writes at `rate` a second and, if given, readers: closed loop, or open loop at
   * `offered` requests a second. */
  const phase = async (readers: (() => Call) | undefined, rate: number, offered?: number): Promise<Measured> => {
    const views = await site.views();
    const cpu = serverCpu();
    const db = site.dbCpuMs?.();
    const started = performance.now();
    const writing = rate > 0 ? http.openLoop({ next: () => writeCall(t), rate, seconds, maxInFlight: 100 }) : undefined;
    const read = !readers
      ? undefined
      : offered === undefined
        ? await http.closedLoop(readers, CONNECTIONS, seconds)
        : await http.openLoop({ next: readers, rate: offered, seconds, maxInFlight: LATENCY_MAX_IN_FLIGHT, ...timeline(log) });
    const readerSeconds = (performance.now() - started) / 1000;
    const writes = await writing;
    const elapsed = (performance.now() - started) / 1000;
    const dbAfter = site.dbCpuMs?.();
    return {
      seconds: elapsed,
      readers: read,
      readerSeconds,
      writes,
      serverCpuMs: serverCpu() - cpu,
      dbCpuMs: db === undefined || dbAfter === undefined ? undefined : dbAfter - db,
      // Views are written a moment after they are counted (view.service.ts): a little of one
      // phase's count may land in the next.
      views: (await site.views()) - views,
    };
  };
  /** Readers' CPU per request: the phase's, less what the writes alone cost in that time. */
  const perRequest = (spent: number | undefined, writesPerSecond: number | undefined, m: Measured) =>
    spent === undefined || writesPerSecond === undefined || !m.readers?.requests
      ? undefined
      : round(Math.max(0, spent - writesPerSecond * m.seconds) / m.readers.requests);

  const rates: RateResult[] = [];
  const pages: PageResult[] = [];
  const latency: LatencyResult[] = [];
  const failed: string[] = [];
  try {
    log(`${site.name}: warming up`);
    await http.closedLoop(() => mixedCall(t), CONNECTIONS, Math.min(10, seconds));
    // BENCH_OFFERED: the latency phases alone, at that offered rate (to compare two builds'
    // tails at one load without the closed-loop phases' ten minutes).
    for (const rate of OFFERED === undefined ? WRITE_RATES : []) {
      let writeCpu = { server: 0, db: site.dbCpuMs ? 0 : undefined } as { server: number; db: number | undefined };
      let alone: Measured | undefined;
      if (rate > 0) {
        log(`${site.name}: ${rate} writes/s alone`);
        alone = await phase(undefined, rate);
        failed.push(...failures(`writes alone at ${rate}/s`, alone));
        writeCpu = {
          server: alone.serverCpuMs / alone.seconds,
          db: alone.dbCpuMs === undefined ? undefined : alone.dbCpuMs / alone.seconds,
        };
      }
      log(`${site.name}: the mix at ${rate} writes/s`);
      const mix = await phase(() => mixedCall(t), rate);
      failed.push(...failures(`the mix at ${rate} writes/s`, mix));
      const kinds = mix.readers?.kinds ?? {};
      const byWho = (who: Who) =>
        stats(
          Object.entries(kinds)
            .filter(([k]) => k.endsWith(` ${who}`))
            .map(([, x]) => x),
          mix.readerSeconds,
        );
      const writesAlone = writesSummary(alone?.writes);
      rates.push({
        rate,
        visitors: byWho('visitor'),
        members: byWho('member'),
        readers: stats([mix.readers], mix.readerSeconds),
        cpuMsPerRequest: perRequest(mix.serverCpuMs, writeCpu.server, mix),
        dbCpuMsPerRequest: perRequest(mix.dbCpuMs, writeCpu.db, mix),
        writes: writesSummary(mix.writes),
        ...(alone &&
          writesAlone?.ok && {
            cpuMsPerWrite: round(alone.serverCpuMs / writesAlone.ok, 2),
            dbCpuMsPerWrite: alone.dbCpuMs === undefined ? undefined : round(alone.dbCpuMs / writesAlone.ok, 2),
          }),
        views: mix.views,
      });
      for (const [kind] of KINDS) {
        for (const who of WHO) {
          log(`${site.name}: ${kind} pages, ${who}s, at ${rate} writes/s`);
          const m = await phase(() => readerCall(t, kind, who), rate);
          failed.push(...failures(`${kind} pages, ${who}s, at ${rate} writes/s`, m));
          pages.push({
            kind,
            who,
            rate,
            mix: stats([kinds[`${kind} ${who}`]], mix.readerSeconds),
            alone: stats([m.readers], m.readerSeconds),
            cpuMsPerRequest: perRequest(m.serverCpuMs, writeCpu.server, m),
            dbCpuMsPerRequest: perRequest(m.dbCpuMs, writeCpu.db, m),
            writes: writesSummary(m.writes),
          });
        }
      }
    }
    const quiet = rates.find((x) => x.rate === 0);
    const offered = OFFERED ?? Math.max(1, Math.round(LATENCY_LOAD * (quiet?.readers.rps ?? 0)));
    for (const rate of LATENCY_WRITE_RATES) {
      log(`${site.name}: readers at ${offered} req/s (open loop), ${rate} writes/s`);
      const drawnBefore = await pagesDrawnBy(site);
      const m = await phase(() => mixedCall(t), rate, offered);
      const drawnAfter = await pagesDrawnBy(site);
      const drawn = { render: drawnAfter.render - drawnBefore.render, server: drawnAfter.server - drawnBefore.server };
      failed.push(...failures(`readers at ${offered} req/s, ${rate} writes/s`, m));
      const kinds = Object.entries(m.readers?.kinds ?? {});
      const byWho = (who: Who) =>
        stats(
          kinds.filter(([k]) => k.endsWith(` ${who}`)).map(([, x]) => x),
          m.readerSeconds,
        );
      const p99s = kinds.map(([kind, x]) => ({ kind, p99: percentile(x.admittedMs, 0.99) }));
      const worst = p99s.reduce<{ kind: string; p99: number } | undefined>((w, k) => (!w || k.p99 > w.p99 ? k : w), undefined);
      const readers = stats([m.readers], m.readerSeconds);
      log(
        `  p99 ${readers.p99} ms; by kind: ${p99s.map((k) => `${k.kind} ${k.p99}`).join(', ')}; pages drawn: ${drawn.render} by render threads, ${drawn.server} by the servers' threads`,
      );
      latency.push({
        rate,
        offered,
        answered: readers.rps,
        visitors: byWho('visitor'),
        members: byWho('member'),
        readers,
        worst,
        p99ByKind: Object.fromEntries(p99s.map((k) => [k.kind, k.p99])),
        dropped: m.readers?.dropped ?? 0,
        writes: writesSummary(m.writes),
        drawn,
      });
    }
  } finally {
    http.close();
  }
  const errors =
    rates.reduce((n, r) => n + r.readers.errors, 0) +
    pages.reduce((n, p) => n + p.alone.errors, 0) +
    latency.reduce((n, l) => n + l.readers.errors + l.dropped, 0);
  const failedWrites = [...rates.map((r) => r.writes), ...pages.map((p) => p.writes), ...latency.map((l) => l.writes)].reduce(
    (n, w) => n + (w?.failed ?? 0),
    0,
  );
  const serverOutput = failed.length ? site.servers.map((s) => s.output().trim()).filter(Boolean) : [];
  return { name: site.name, rates, pages, latency, errors, failedWrites, failures: failed, serverOutput };
}

const SERVER_SETTINGS = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  // Forty members write 20 times a second between them, more than a person's limits allow.
  WRITE_LIMITS: '0',
  ADMIN_LOGINID: ADMIN.loginid,
  ADMIN_PASSWORD: ADMIN.passwd,
  // BENCH_RENDER_THREADS: the servers' render threads (RENDER_THREADS), where not the default.
  ...(process.env.BENCH_RENDER_THREADS && { RENDER_THREADS: process.env.BENCH_RENDER_THREADS }),
};

async function onSqlite(dataDir: string, posts: Posts, seconds: number, log: (line: string) => void): Promise<SiteResult> {
  const server = await startServer({ ...SERVER_SETTINGS, DATA_DIR: dataDir });
  const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'), { readOnly: true });
  try {
    const count = db.prepare('select count(*) as n from views');
    const site: Site = {
      name: 'SQLite, one server',
      servers: [server],
      views: async () => Number((count.get() as { n: number }).n),
    };
    return await measureSite(site, posts, seconds, log);
  } finally {
    db.close();
    await server.stop();
  }
}

async function onPostgres(
  dataDir: string,
  posts: Posts,
  seconds: number,
  log: (line: string) => void,
): Promise<{ result: SiteResult; load: PostgresData['seconds'] }> {
  const database = await postgresWithDataOf(dataDir, log);
  // The uploads folder both servers share.
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-traffic-shared-'));
  const servers: Server[] = [];
  const views = new pg.Client({ connectionString: database.url });
  try {
    // One after the other: the first migrates and creates the admin.
    for (let i = 0; i < 2; i++) {
      servers.push(await startServer({ ...SERVER_SETTINGS, DATA_DIR: shared, DATABASE_URL: database.url, JWT_SECRET }));
    }
    await views.connect();
    const site: Site = {
      name: 'PostgreSQL, two servers',
      servers,
      dbCpuMs: database.cpuMs,
      views: async () => Number((await views.query<{ n: string }>('select count(*) as n from views')).rows[0]?.n),
    };
    return { result: await measureSite(site, posts, seconds, log), load: database.seconds };
  } finally {
    await views.end().catch(() => {});
    for (const s of servers) await s.stop();
    await database.stop();
    fs.rmSync(shared, { recursive: true, force: true });
  }
}

const ms = (x: number | undefined) => (x === undefined ? '' : x);

function siteMarkdown(r: SiteResult): string {
  const quiet = r.rates.find((x) => x.rate === 0);
  const hasDb = r.rates.some((x) => x.dbCpuMsPerRequest !== undefined);
  const rateRows = r.rates.map((x) => [
    x.rate,
    x.visitors.rps,
    quiet ? `${Math.round((x.visitors.rps / Math.max(1, quiet.visitors.rps)) * 100)}%` : '',
    x.members.rps,
    x.readers.p50,
    x.readers.p99,
    ms(x.cpuMsPerRequest),
    ...(hasDb ? [ms(x.dbCpuMsPerRequest)] : []),
    x.readers.errors,
    x.writes ? `${x.writes.ok} / ${x.writes.failed}` : '',
    x.cpuMsPerWrite === undefined ? '' : `${x.cpuMsPerWrite}${hasDb ? ` (+${ms(x.dbCpuMsPerWrite)} db)` : ''}`,
    x.views,
  ]);
  const pageRows = r.pages.map((p) => {
    const visitor = r.pages.find((v) => v.kind === p.kind && v.rate === p.rate && v.who === 'visitor');
    const ratio =
      p.who === 'member' && visitor?.cpuMsPerRequest && p.cpuMsPerRequest !== undefined
        ? round(p.cpuMsPerRequest / visitor.cpuMsPerRequest, 2)
        : '';
    return [
      p.kind,
      p.who,
      p.rate,
      p.mix.rps,
      p.mix.p50,
      p.mix.p99,
      p.alone.rps,
      p.alone.p50,
      p.alone.p99,
      ms(p.cpuMsPerRequest),
      ...(hasDb ? [ms(p.dbCpuMsPerRequest)] : []),
      ratio,
      p.alone.errors + p.mix.errors,
    ];
  });
  return [
    `### ${r.name}`,
    '',
    table(
      [
        'writes/s',
        'visitor req/s',
        'of quiet',
        'member req/s',
        'p50 ms',
        'p99 ms',
        'server CPU ms/req',
        ...(hasDb ? ['PostgreSQL CPU ms/req'] : []),
        'errors',
        'writes ok / failed',
        'CPU ms/write (alone)',
        'views counted',
      ],
      rateRows,
    ),
    '',
    'By page kind: in the mix, and the kind alone (with the same writes) for its CPU per request.',
    '',
    table(
      [
        'page',
        'who',
        'writes/s',
        'mix req/s',
        'mix p50',
        'mix p99',
        'alone req/s',
        'alone p50',
        'alone p99',
        'server CPU ms/req',
        ...(hasDb ? ['PostgreSQL CPU ms/req'] : []),
        'member/visitor CPU',
        'errors',
      ],
      pageRows,
    ),
    '',
    `Latency at a fixed offered rate: readers in the same mix sent open loop at ${Math.round(LATENCY_LOAD * 100)}% of the quiet mix's readers' throughput above.`,
    '',
    table(
      [
        'writes/s',
        'offered req/s',
        'answered req/s',
        'p50 ms',
        'p99 ms',
        'visitor p50',
        'visitor p99',
        'member p50',
        'member p99',
        'worst p99 (page, who)',
        'errors / not sent',
        'writes ok / failed',
        "pages drawn: render threads / servers' threads",
      ],
      r.latency.map((l) => [
        l.rate,
        l.offered,
        l.answered,
        l.readers.p50,
        l.readers.p99,
        l.visitors.p50,
        l.visitors.p99,
        l.members.p50,
        l.members.p99,
        l.worst ? `${l.worst.p99} (${l.worst.kind})` : '',
        `${l.readers.errors} / ${l.dropped}`,
        l.writes ? `${l.writes.ok} / ${l.writes.failed}` : '',
        `${l.drawn.render} / ${l.drawn.server}`,
      ]),
    ),
    '',
    r.failures.length
      ? ['Failures:', '', ...r.failures.map((f) => `- ${f}`)].join('\n')
      : 'No failures: every page answered, every write answered 2xx.',
  ].join('\n');
}

function checksOf(r: SiteResult): Check[] {
  const quiet = r.rates.find((x) => x.rate === 0);
  const busy = r.rates.find((x) => x.rate === TARGET_RATE);
  const checks: Check[] = [];
  if (quiet && busy) {
    const share = busy.visitors.rps / Math.max(1, quiet.visitors.rps);
    checks.push([
      `${r.name}: visitors' throughput over the mix at ${TARGET_RATE} writes/s >= ${TARGETS.share * 100}% of the quiet site's`,
      `${busy.visitors.rps} / ${quiet.visitors.rps} req/s = ${Math.round(share * 100)}%`,
      share >= TARGETS.share,
    ]);
  }
  const inMix = r.pages.filter((p) => p.rate === TARGET_RATE);
  const open = r.latency.find((l) => l.rate === TARGET_RATE);
  if (open?.worst) {
    checks.push([
      `${r.name}: p99 <= ${TARGETS.p99Ms} ms for every page kind, visitors and members, at ${TARGET_RATE} writes/s with readers at a fixed ${Math.round(LATENCY_LOAD * 100)}% of the quiet throughput (open loop)`,
      `worst ${open.worst.p99} ms (${open.worst.kind}) at ${open.offered} req/s offered`,
      open.worst.p99 <= TARGETS.p99Ms,
    ]);
  }
  for (const kind of ['list', 'detail', 'index'] as Kind[]) {
    const v = inMix.find((p) => p.kind === kind && p.who === 'visitor');
    const m = inMix.find((p) => p.kind === kind && p.who === 'member');
    if (!v?.cpuMsPerRequest || m?.cpuMsPerRequest === undefined) continue;
    const ratio = m.cpuMsPerRequest / v.cpuMsPerRequest;
    checks.push([
      `${r.name}: a member's ${kind} page <= ${TARGETS.memberRatio}x a visitor's server CPU at ${TARGET_RATE} writes/s`,
      `${m.cpuMsPerRequest} vs ${v.cpuMsPerRequest} ms: ${round(ratio, 2)}x`,
      ratio <= TARGETS.memberRatio,
    ]);
  }
  checks.push([`${r.name}: no errors (non-2xx/3xx or unanswered page requests)`, `${r.errors}`, r.errors === 0]);
  checks.push([`${r.name}: every write answered 2xx`, `${r.failedWrites} failed`, r.failedWrites === 0]);
  return checks;
}

function baselineMarkdown(results: SiteResult[]): string {
  const ours = (r: SiteResult, kind: Kind, who: Who) => r.pages.find((p) => p.kind === kind && p.who === who && p.rate === TARGET_RATE);
  return [
    `## Beside GNUBoard5 (at ${TARGET_RATE} writes/s)`,
    '',
    `GNUBoard5's figures were measured on this machine kind at 100k posts in one board, one URL at a time (wrk -c32, CPU from /proc). Ours: server CPU per request and req/s of each page kind alone, at ${POSTS.toLocaleString('en-US')} posts, while members write ${TARGET_RATE} times a second, random pages of the kind. Our search searches titles and bodies.`,
    '',
    table(
      [
        'page',
        'GNUBoard5 CPU ms/req',
        'GNUBoard5 req/s',
        ...results.flatMap((r) => [`${r.name}: visitor CPU ms/req`, 'member CPU ms/req', 'visitor req/s', 'member req/s']),
      ],
      (['list', 'detail', 'index', 'search'] as Kind[]).map((kind) => [
        kind,
        GNUBOARD[kind].cpu,
        GNUBOARD[kind].rps,
        ...results.flatMap((r) => {
          const v = ours(r, kind, 'visitor');
          const m = ours(r, kind, 'member');
          return [ms(v?.cpuMsPerRequest), ms(m?.cpuMsPerRequest), v?.alone.rps ?? '', m?.alone.rps ?? ''];
        }),
      ]),
    ),
  ].join('\n');
}

export async function trafficBench({ seconds }: BenchOptions): Promise<SectionReport> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('run `npm run build` first');
  const chosen = databases();
  const log = (line: string) => process.stderr.write(`traffic: ${line}\n`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-traffic-'));
  try {
    const prepared = await prepareData(dataDir, POSTS);
    const posts = readPosts(dataDir);
    const results: SiteResult[] = [];
    // PostgreSQL first: it is loaded from the prepared SQLite database before the SQLite run writes to it.
    const postgres = chosen.includes('postgres') ? await onPostgres(dataDir, posts, seconds, log) : undefined;
    const load = postgres?.load;
    if (chosen.includes('sqlite')) results.push(await onSqlite(dataDir, posts, seconds, log));
    if (postgres) results.push(postgres.result);
    const checks = results.flatMap(checksOf);
    const markdown = [
      '## Method',
      '',
      `${prepared.description}.${load ? ` PostgreSQL (embedded, the tests' settings: fsync, synchronous_commit and full_page_writes off) got the same data as an operator moves a site (npm run migrate-to-postgres): a backup of the SQLite database (${load.backup} s), its restore with many rows to an insert statement and the lists' counters rebuilt (${load.rows} s), the search index rebuilt (${load.search} s), then VACUUM ANALYZE (${load.vacuum} s): ${load.total} s in all.` : ''} Production build; ${results.map((r) => r.name).join(' and ')}${results.length > 1 ? ', one after the other' : ''}; the two PostgreSQL servers share one DATA_DIR and take turns answering, request by request. The servers, PostgreSQL and this client share the machine's ${os.cpus().length} cores.`,
      '',
      `Readers: ${CONNECTIONS} closed-loop clients with a browser's user agent and encodings; ${Math.round((1 - MEMBER_SHARE) * 100)}% of requests from visitors (one of ${VISITORS.toLocaleString('en-US')} returning visitors' id cookies), ${Math.round(MEMBER_SHARE * 100)}% from ${MEMBERS} members (the session cookie their login through POST /api/jwt set, as the login page's). Pages: ${KINDS.map(([k, s]) => `${Math.round(s * 100)}% ${k}`).join(', ')}. A detail page is one of the ${posts.ids.length.toLocaleString('en-US')} posts with a page of their own, over the whole table, newer ones more often (the i-th newest with i = n·r³: half the picks in the newest eighth); a list page is page 1-5 of one of ${LISTS.length} sections; a search is one of the words titles are made of, or two (common words more often).`,
      '',
      `Writes: open loop at 0, 5 and ${TARGET_RATE} a second from the members (Bearer token and cookie, as the site's script sends them), on posts picked as readers pick them: ${WRITES.map(([k, s]) => `${Math.round(s * 100)}% ${k}s`).join(', ')}. A view is issued as a write: a post's page read with a visitor id the site has never seen, which counts a view. Readers count views too, as on a real site (a returning visitor's or member's first read of a post), but those are not counted as writes: "views counted" is all views the site counted during the mix.`,
      '',
      `Each phase lasts ${seconds} s; after a warm-up, at each write rate: the writes alone (their CPU per write), the mix, then each page kind alone for visitors and for members with the same writes. These readers are closed loop: the servers are saturated, so their p50/p99 are mostly the time a request queues behind the other clients' (already ~2 renders' worth on the quiet site) and measure throughput, not what a reader waits. Latency is measured apart, last: readers in the same mix (pages, visitors and members alike) sent open loop at a fixed ${Math.round(LATENCY_LOAD * 100)}% of the quiet mix's readers' throughput in this run, with writes at ${LATENCY_WRITE_RATES.join(' and ')} a second: a real site's readers arrive whatever the server is doing, and a site that is run well is not at its limit. The p99 target is taken there. Server CPU is the app servers' processes' from /proc, less what the writes alone used in as long, over the readers' requests (0 when the phase used less than that: noise, or autovacuum during the writes alone); PostgreSQL's (its server and connection processes, autovacuum included) is given apart, taken the same way. p50/p99 are over the readers' answers.`,
      '',
      '## Results',
      '',
      ...results.flatMap((r) => [siteMarkdown(r), '']),
      baselineMarkdown(results),
      '',
      targetsSection(checks),
    ].join('\n');
    return {
      title: 'Benchmark: real traffic (visitors and members while members write)',
      markdown,
      data: { data: prepared.description, postgresLoadSeconds: load, results },
      passed: checks.every(([, , ok]) => ok),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
