import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_HEADERS } from './lib/load.ts';
import { type Call, client, percentile, statusClasses, type Tally } from './lib/mixed-load.ts';
import { prepareData } from './lib/prepare-data.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { api, ROOT, type Server, withServer } from './lib/server.ts';

// Visitors while members write (traffic issue): real visitors spread over many pages, random post
// views skewed towards the newest (a few posts get most views), list pages 1-5 of every section,
// the index and searches, as closed-loop clients for BENCH_SECONDS. Measured twice in one run: on
// a quiet site, then while members like and comment WRITES_PER_SECOND times a second on the posts
// visitors read. The figure is the second's throughput as a share of the first's.

const POSTS = Number(process.env.BENCH_POSTS ?? 250_000);
const WRITES_PER_SECOND = 25;
const CONNECTIONS = 32;
const MEMBERS = 20;
/** Community posts visitors read and members like: the newest this many. */
const POOL = 2000;
/** Throughput while writing, as a share of a quiet site's (the issue measured 16% before). */
const TARGET_SHARE = 0.5;
const ADMIN = { loginid: 'traffic-admin@bench.example', passwd: 'traffic-admin-password-1' };

const LISTS = ['/news', '/life', '/jobs', '/market', '/business', '/community', '/organizations', '/customer/faq'];
const SEARCHES = ['이사', '렌트', '김치', '세금', '한인타운', '회계사'];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
/** An index into `n` items, most often near 0 (the newest): r³ puts half the picks in the first eighth. */
const skewed = (n: number) => Math.floor(n * Math.random() ** 3);

function visitorCall(ids: number[]): Call {
  const headers = { ...BROWSER_HEADERS, cookie: `vid=traffic${Math.floor(Math.random() * 20_000)}` };
  const r = Math.random();
  if (r < 0.5) return { method: 'GET', path: `/community/${ids[skewed(ids.length)]}`, headers };
  if (r < 0.8) return { method: 'GET', path: `${pick(LISTS)}?page=${1 + Math.floor(Math.random() * 5)}`, headers };
  if (r < 0.9) return { method: 'GET', path: '/', headers };
  return { method: 'GET', path: `/search?q=${encodeURIComponent(pick(SEARCHES))}`, headers };
}

function writerCall(ids: number[], tokens: string[]): Call {
  const headers = { authorization: `Bearer ${pick(tokens)}` };
  const item = ids[skewed(ids.length)] as number;
  if (Math.random() < 0.6) return { method: 'POST', path: '/api/like', headers, body: JSON.stringify({ target: 'board', item }) };
  return {
    method: 'POST',
    path: '/api/comment',
    headers,
    body: JSON.stringify({ board: item, content: `<p>잘 읽었습니다 ${Date.now()}</p>` }),
  };
}

interface PhaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number | undefined;
  errors: number;
  writes?: { ok: number; failed: number; statuses: Record<string, number> };
}

async function setUp(server: Server): Promise<{ ids: number[]; tokens: string[] }> {
  const login = async (loginid: string, passwd: string) =>
    (await api<{ token: string }>(server, 'POST', '/api/jwt', { body: { loginid, passwd } })).token;
  const root = await login(ADMIN.loginid, ADMIN.passwd);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const loginid = `traffic${i}@bench.example`;
    const passwd = `traffic-member-${crypto.randomBytes(9).toString('base64url')}`;
    await api(server, 'POST', '/api/user', { token: root, body: { loginid, passwd, name: `방문${i}`, nickname: `부지런한회원${i}` } });
    tokens.push(await login(loginid, passwd));
  }
  const ids: number[] = [];
  for (let page = 1; ids.length < POOL; page++) {
    const { items } = await api<{ items: { id: number }[] }>(server, 'GET', `/api/board?topcategory=5&size=100&page=${page}`);
    if (items.length === 0) break;
    ids.push(...items.map((i) => i.id));
  }
  if (ids.length === 0) throw new Error('no community posts to read');
  return { ids, tokens };
}

export async function trafficBench({ seconds }: BenchOptions): Promise<SectionReport> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-traffic-'));
  try {
    const prepared = await prepareData(dataDir, POSTS);
    const settings = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      // Twenty members write 25 times a second between them: more than a person's limits allow.
      WRITE_LIMITS: '0',
      ADMIN_LOGINID: ADMIN.loginid,
      ADMIN_PASSWORD: ADMIN.passwd,
    };
    const results = await withServer(settings, async (server) => {
      const { ids, tokens } = await setUp(server);
      const http = client(server.url);
      const phase = async (name: string, writing: boolean): Promise<PhaseResult> => {
        const cpuBefore = server.cpuMs();
        const writes = writing
          ? http.openLoop({ next: () => writerCall(ids, tokens), rate: WRITES_PER_SECOND, seconds, maxInFlight: 100 })
          : undefined;
        const started = performance.now();
        const tally: Tally = await http.closedLoop(() => visitorCall(ids), CONNECTIONS, seconds);
        const elapsed = (performance.now() - started) / 1000;
        const written = writes ? await writes : undefined;
        const cpuAfter = server.cpuMs();
        const requests = tally.requests + (written?.requests ?? 0);
        const ok = written ? statusClasses(written).ok : 0;
        return {
          name,
          rps: Math.round(tally.requests / elapsed),
          p50: percentile(tally.admittedMs, 0.5),
          p99: percentile(tally.admittedMs, 0.99),
          cpuMsPerRequest:
            cpuBefore !== undefined && cpuAfter !== undefined ? Math.round(((cpuAfter - cpuBefore) / requests) * 1000) / 1000 : undefined,
          errors: tally.errors + statusClasses(tally).serverError,
          ...(written && { writes: { ok, failed: written.requests + written.errors - ok, statuses: written.statuses } }),
        };
      };
      try {
        // Warm-up: the pages visitors ask for most are in the cache, as on a running site.
        await http.closedLoop(() => visitorCall(ids), CONNECTIONS, 3);
        const quiet = await phase('quiet site', false);
        const writing = await phase(`members writing ${WRITES_PER_SECOND}/s`, true);
        return [quiet, writing];
      } finally {
        http.close();
      }
    });
    const [quiet, writing] = results as [PhaseResult, PhaseResult];
    const share = Math.round((writing.rps / Math.max(1, quiet.rps)) * 100) / 100;
    const checks: Check[] = [
      [
        `visitors' throughput while members write >= ${TARGET_SHARE * 100}% of a quiet site's (same run)`,
        `${writing.rps} / ${quiet.rps} req/s = ${Math.round(share * 100)}%`,
        share >= TARGET_SHARE,
      ],
      ['no 5xx or unanswered visitor requests', `${quiet.errors + writing.errors}`, quiet.errors + writing.errors === 0],
      ['every write answered 2xx', `${writing.writes?.failed ?? 0} failed`, (writing.writes?.failed ?? 0) === 0],
    ];
    const markdown = [
      '## Method',
      '',
      `${prepared.description}. The production server (SQLite) and this client share the 2 cores. Visitors (browser user agent, ${CONNECTIONS} closed-loop clients, ${seconds} s a phase): half read one of the ${POOL.toLocaleString('en-US')} newest community posts, skewed so that a few get most views (index = n·r³); 30% a list page 1-5 of one of ${LISTS.length} sections; 10% the index; 10% a search. Writers: ${MEMBERS} signed-in members, ${WRITES_PER_SECOND} writes a second between them (60% likes, 40% comments) on the posts visitors read, skewed alike. Server CPU per request counts the writes too.`,
      '',
      '## Results',
      '',
      table(
        ['phase', 'visitor req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'errors', 'writes ok / failed'],
        results.map((r) => [
          r.name,
          r.rps,
          r.p50,
          r.p99,
          r.cpuMsPerRequest ?? '',
          r.errors,
          r.writes ? `${r.writes.ok} / ${r.writes.failed}` : '',
        ]),
      ),
      '',
      `While members write, visitors get ${Math.round(share * 100)}% of a quiet site's throughput. Before this issue's changes, every like and comment ended every stored page: 262 of 1,650 req/s (16%) at 250k posts in the issue's measurement.`,
      '',
      targetsSection(checks),
    ].join('\n');
    return {
      title: 'Benchmark: visitors while members write',
      markdown,
      data: { data: prepared.description, results, share },
      passed: checks.every(([, , ok]) => ok),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
