import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_HEADERS } from './lib/load.ts';
import { type Call, client, percentile, statusClasses, type Tally } from './lib/mixed-load.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { api, ROOT, rssMb, type Server, withServer } from './lib/server.ts';

// Soak and overload (security/reliability issue): the production server under a realistic mix
// (members reading random items, members writing posts, comments and likes meanwhile, anonymous
// visitors on pages). First the most it gets through (closed loop), then half that as a steady
// arrival rate for SOAK_MINUTES (default 30) with the server's RSS and the latency sampled every
// SOAK_SAMPLE_SECONDS, then three times it for OVERLOAD_SECONDS: what share is shed with 503
// (and told when to retry), and how fast the requests it takes on are answered then.

const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
const OVERLOAD_SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 60);
const MEASURE_SECONDS = 10;
const CONNECTIONS = 32;
/** Writes are spread over several members, so a per-member posting limit is met only as the mix would meet it. */
const MEMBERS = 8;
/** The client gives up sending beyond this many open requests (counted as dropped). */
const MAX_IN_FLIGHT = 4000;
/** Memory counts as flat when the last quarter's median RSS is within this of the first's, and
 * the second half grows by less than this many MB a minute. */
const FLAT = { quarterRatio: 1.1, slopeMbPerMinute: 0.5 };

const SETTINGS = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '1',
  ADMIN_LOGINID: 'root@bench.example',
  ADMIN_PASSWORD: `bench-${crypto.randomBytes(12).toString('base64url')}`,
};

interface Member {
  token: string;
}

interface Ids {
  board: number[];
  jobs: number[];
  business: number[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** The request mix: what share of requests each kind makes, and how one is made. */
function mix(members: Member[], ids: Ids): { share: number; kind: string; make: () => Call }[] {
  const bearer = () => ({ authorization: `Bearer ${pick(members).token}` });
  const visitor = () => ({ ...BROWSER_HEADERS, cookie: `vid=soak${Math.floor(Math.random() * 5000)}` });
  const json = (body: unknown) => JSON.stringify(body);
  return [
    { share: 30, kind: 'member reads an item', make: () => ({ method: 'GET', path: readPath(ids), headers: bearer() }) },
    {
      share: 8,
      kind: 'member reads comments',
      make: () => ({ method: 'GET', path: `/api/comment?board=${pick(ids.board)}`, headers: bearer() }),
    },
    {
      share: 10,
      kind: 'member lists a section',
      make: () => ({ method: 'GET', path: `/api/board?topcategory=5&page=${1 + Math.floor(Math.random() * 5)}`, headers: bearer() }),
    },
    { share: 12, kind: 'visitor: index page', make: () => ({ method: 'GET', path: '/', headers: visitor() }) },
    {
      share: 10,
      kind: 'visitor: list page',
      make: () => ({ method: 'GET', path: pick(['/news', '/community', '/jobs']), headers: visitor() }),
    },
    { share: 15, kind: 'visitor: post page', make: () => ({ method: 'GET', path: `/community/${pick(ids.board)}`, headers: visitor() }) },
    {
      share: 8,
      kind: 'member comments',
      make: () => ({
        method: 'POST',
        path: '/api/comment',
        headers: bearer(),
        body: json({ board: pick(ids.board), content: `오래 달리기 댓글 ${Date.now()}` }),
      }),
    },
    {
      share: 5,
      kind: 'member likes (toggle)',
      make: () => ({ method: 'POST', path: '/api/like', headers: bearer(), body: json({ target: 'board', item: pick(ids.board) }) }),
    },
    {
      share: 2,
      kind: 'member posts',
      make: () => ({
        method: 'POST',
        path: '/api/board',
        headers: bearer(),
        body: json({ topcategory: 5, title: `오래 달리기 글 ${Date.now()}`, content: '<p>부하 시험 중 쓴 글입니다.</p>' }),
      }),
    },
  ];
}

function readPath(ids: Ids): string {
  const r = Math.random();
  if (r < 0.6) return `/api/board/${pick(ids.board)}`;
  return r < 0.8 ? `/api/jobs/${pick(ids.jobs)}` : `/api/business/${pick(ids.business)}`;
}

function chooser(kinds: ReturnType<typeof mix>): () => Call {
  const total = kinds.reduce((n, k) => n + k.share, 0);
  return () => {
    let r = Math.random() * total;
    for (const k of kinds) {
      r -= k.share;
      if (r < 0) return k.make();
    }
    return (kinds[0] as (typeof kinds)[number]).make();
  };
}

async function setUp(server: Server): Promise<{ members: Member[]; ids: Ids }> {
  const login = async (loginid: string, passwd: string) =>
    (await api<{ token: string }>(server, 'POST', '/api/jwt', { body: { loginid, passwd } })).token;
  const root = await login(SETTINGS.ADMIN_LOGINID, SETTINGS.ADMIN_PASSWORD);
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const loginid = `soak${i}@bench.example`;
    const passwd = `soak-member-${crypto.randomBytes(9).toString('base64url')}`;
    await api(server, 'POST', '/api/user', { token: root, body: { loginid, passwd, name: `오래${i}`, nickname: `오래달리기${i}` } });
    members.push({ token: await login(loginid, passwd) });
  }
  const idsOf = async (query: string) =>
    (await api<{ items: { id: number }[] }>(server, 'GET', `${query}${query.includes('?') ? '&' : '?'}size=100`)).items.map((i) => i.id);
  const ids = { board: await idsOf('/api/board?topcategory=5'), jobs: await idsOf('/api/jobs'), business: await idsOf('/api/business') };
  if (ids.board.length === 0 || ids.jobs.length === 0 || ids.business.length === 0) throw new Error('the demo content is missing');
  return { members, ids };
}

interface Sample {
  seconds: number;
  rssMb: number | undefined;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  limited: number;
  shed: number;
  clientError: number;
  serverError: number;
  errors: number;
  dropped: number;
}

function sampleOf(t: Tally, seconds: number, rss: number | undefined): Sample {
  return {
    seconds,
    rssMb: rss,
    requests: t.requests,
    p50: percentile(t.admittedMs, 0.5),
    p95: percentile(t.admittedMs, 0.95),
    p99: percentile(t.admittedMs, 0.99),
    ...statusClasses(t),
    errors: t.errors,
    dropped: t.dropped,
  };
}

const median = (xs: number[]) => percentile(xs, 0.5);

/** Least-squares slope of RSS (MB) against time, in MB a minute. */
function slopePerMinute(points: { seconds: number; rssMb: number }[]): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((n, p) => n + p.seconds, 0) / points.length;
  const my = points.reduce((n, p) => n + p.rssMb, 0) / points.length;
  const cov = points.reduce((n, p) => n + (p.seconds - mx) * (p.rssMb - my), 0);
  const varx = points.reduce((n, p) => n + (p.seconds - mx) ** 2, 0);
  return Math.round((cov / varx) * 60 * 100) / 100;
}

function memoryVerdict(samples: Sample[]) {
  const points = samples.filter((s): s is Sample & { rssMb: number } => s.rssMb !== undefined);
  const quarter = Math.max(1, Math.floor(points.length / 4));
  const first = median(points.slice(0, quarter).map((p) => p.rssMb));
  const last = median(points.slice(-quarter).map((p) => p.rssMb));
  const ratio = Math.round((last / Math.max(1, first)) * 100) / 100;
  const slope = slopePerMinute(points.slice(Math.floor(points.length / 2)));
  return { firstQuarterMedianMb: first, lastQuarterMedianMb: last, ratio, secondHalfSlopeMbPerMinute: slope };
}

export async function soakBench(_options: BenchOptions): Promise<SectionReport> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('run `npm run build` first');
  if (!(SOAK_MINUTES > 0) || !(SAMPLE_SECONDS > 0) || !(OVERLOAD_SECONDS > 0)) {
    throw new Error('SOAK_MINUTES, SOAK_SAMPLE_SECONDS and OVERLOAD_SECONDS must be positive numbers');
  }
  const started = Date.now();
  const result = await withServer(SETTINGS, async (server) => {
    const { members, ids } = await setUp(server);
    const kinds = mix(members, ids);
    const next = chooser(kinds);
    const http = client(server.url);
    try {
      // Warm-up (caches, JIT), then the most the server gets through with this mix.
      await http.closedLoop(next, 4, 3);
      const measured = await http.closedLoop(next, CONNECTIONS, MEASURE_SECONDS);
      const sustainable = Math.round(measured.requests / MEASURE_SECONDS);
      const soakRate = Math.max(1, Math.round(sustainable / 2));
      const samples: Sample[] = [sampleOf({ ...measured, admittedMs: [], shedMs: [] }, 0, rssMb(server.pid))];
      const soak = await http.openLoop({
        next,
        rate: soakRate,
        seconds: SOAK_MINUTES * 60,
        maxInFlight: MAX_IN_FLIGHT,
        intervalSeconds: SAMPLE_SECONDS,
        onInterval: (t, seconds) => {
          const s = sampleOf(t, seconds, rssMb(server.pid));
          samples.push(s);
          console.error(`soak ${seconds} s: RSS ${s.rssMb} MB, ${s.requests} answers, p50 ${s.p50} ms, p95 ${s.p95} ms`);
        },
      });
      const overloadRate = sustainable * 3;
      let overloadPeakRss = 0;
      const overload = await http.openLoop({
        next,
        rate: overloadRate,
        seconds: OVERLOAD_SECONDS,
        maxInFlight: MAX_IN_FLIGHT,
        intervalSeconds: 5,
        onInterval: () => {
          overloadPeakRss = Math.max(overloadPeakRss, rssMb(server.pid) ?? 0);
        },
      });
      // After the overload: does the server come back to its soak latency?
      const after = await http.openLoop({ next, rate: soakRate, seconds: 10, maxInFlight: MAX_IN_FLIGHT });
      return { sustainable, soakRate, overloadRate, measured, soak, samples, overload, overloadPeakRss, after, kinds };
    } finally {
      http.close();
    }
  });

  const { sustainable, soakRate, overloadRate, soak, overload, after } = result;
  // The first sample is the closed-loop measurement's end; memory is judged on the soak's own.
  const soakSamples = result.samples.slice(1);
  const memory = memoryVerdict(soakSamples);
  const flat = memory.ratio <= FLAT.quarterRatio && memory.secondHalfSlopeMbPerMinute < FLAT.slopeMbPerMinute;
  const soakClasses = statusClasses(soak);
  const overClasses = statusClasses(overload);
  const baseline = {
    p50: percentile(soak.admittedMs, 0.5),
    p95: percentile(soak.admittedMs, 0.95),
    p99: percentile(soak.admittedMs, 0.99),
  };
  const admitted = {
    p50: percentile(overload.admittedMs, 0.5),
    p95: percentile(overload.admittedMs, 0.95),
    p99: percentile(overload.admittedMs, 0.99),
  };
  const shedShare = overload.requests === 0 ? 0 : Math.round((overClasses.shed / overload.requests) * 1000) / 10;
  const retryAfterShare = overClasses.shed === 0 ? undefined : Math.round((overload.retryAfter[503] / overClasses.shed) * 1000) / 10;
  const afterP95 = percentile(after.admittedMs, 0.95);
  const minutes = Math.round(((Date.now() - started) / 60_000) * 10) / 10;

  const checks: Check[] = [
    [
      // A kept-alive connection the server closes as the client reuses it is lost now and then.
      'soak: no server errors (5xx other than 503), at most 0.1% unanswered',
      `${soakClasses.serverError} 5xx, ${soak.errors} unanswered, ${soak.dropped} not sent`,
      soakClasses.serverError === 0 && soak.errors + soak.dropped <= soak.requests / 1000,
    ],
    [
      `soak: memory flat (last/first quarter median RSS <= ${FLAT.quarterRatio}, second-half slope < ${FLAT.slopeMbPerMinute} MB/min)`,
      `${memory.firstQuarterMedianMb} -> ${memory.lastQuarterMedianMb} MB (x${memory.ratio}), ${memory.secondHalfSlopeMbPerMinute} MB/min`,
      flat,
    ],
    [
      'overload: no server errors but 503, and every 503 says when to retry',
      `${overClasses.serverError} other 5xx; ${overClasses.shed} 503s, ${retryAfterShare === undefined ? 'none to check' : `${retryAfterShare}% with Retry-After`}`,
      overClasses.serverError === 0 && (retryAfterShare === undefined || retryAfterShare === 100),
    ],
    [
      'after the overload: p95 back within 2x of the soak baseline',
      `${afterP95} ms (baseline ${baseline.p95} ms)`,
      afterP95 <= Math.max(2 * baseline.p95, baseline.p95 + 5),
    ],
  ];

  const markdown = [
    '## Method',
    '',
    `The production server (\`src/server/main.ts\`, demo content, SQLite) and this client on the same 2 cores. ${MEMBERS} signed-in members and anonymous visitors with a browser user agent, requests drawn at random in these shares:`,
    '',
    table(
      ['Request', 'share %'],
      result.kinds.map((k) => [k.kind, k.share]),
    ),
    '',
    `1. Sustainable rate: ${CONNECTIONS} clients back to back for ${MEASURE_SECONDS} s: **${sustainable} req/s**.`,
    `2. Soak: a steady ${soakRate} req/s (half) for ${SOAK_MINUTES} min, arrivals on a clock whatever the answers (open loop); RSS (VmRSS of the server process) and latency every ${SAMPLE_SECONDS} s.`,
    `3. Overload: ${overloadRate} req/s (3x) for ${OVERLOAD_SECONDS} s, then ${soakRate} req/s for 10 s to see it recover.`,
    '',
    `Whole run: ${minutes} min. Latency: from sending a request to the end of its answer; percentiles of the answers other than 503 (the requests the server took on).`,
    '',
    '## Soak',
    '',
    table(
      ['answers', '2xx/3xx', '429', '503', 'other 4xx', '5xx', 'unanswered', 'p50 ms', 'p95 ms', 'p99 ms'],
      [
        [
          soak.requests,
          soakClasses.ok,
          soakClasses.limited,
          soakClasses.shed,
          soakClasses.clientError,
          soakClasses.serverError,
          soak.errors + soak.dropped,
          baseline.p50,
          baseline.p95,
          baseline.p99,
        ],
      ],
    ),
    '',
    `Memory: median RSS ${memory.firstQuarterMedianMb} MB in the first quarter, ${memory.lastQuarterMedianMb} MB in the last (x${memory.ratio}); over the second half it moved ${memory.secondHalfSlopeMbPerMinute} MB a minute: **${flat ? 'flat' : 'growing'}**.`,
    '',
    'RSS and latency over time:',
    '',
    table(
      ['s', 'RSS MB', 'answers', 'p50 ms', 'p95 ms', 'p99 ms', '429', '503', '5xx', 'unanswered'],
      soakSamples.map((s) => [
        s.seconds,
        s.rssMb ?? '',
        s.requests,
        s.p50,
        s.p95,
        s.p99,
        s.limited,
        s.shed,
        s.serverError,
        s.errors + s.dropped,
      ]),
    ),
    '',
    '## Overload',
    '',
    table(
      ['offered', 'answers', '2xx/3xx', '429', '503', 'share 503', '503 with Retry-After', '5xx', 'unanswered', 'not sent'],
      [
        [
          `${overloadRate} req/s`,
          overload.requests,
          overClasses.ok,
          overClasses.limited,
          overClasses.shed,
          `${shedShare}%`,
          retryAfterShare === undefined ? 'n/a' : `${retryAfterShare}%`,
          overClasses.serverError,
          overload.errors,
          overload.dropped,
        ],
      ],
    ),
    '',
    table(
      ['Latency of admitted requests', 'p50 ms', 'p95 ms', 'p99 ms'],
      [
        ['soak baseline (half rate)', baseline.p50, baseline.p95, baseline.p99],
        ['overload (3x)', admitted.p50, admitted.p95, admitted.p99],
        ['503 answers', percentile(overload.shedMs, 0.5), percentile(overload.shedMs, 0.95), percentile(overload.shedMs, 0.99)],
        ['10 s after, back at half rate', percentile(after.admittedMs, 0.5), afterP95, percentile(after.admittedMs, 0.99)],
      ],
    ),
    '',
    `Server RSS peaked at ${result.overloadPeakRss} MB during the overload.`,
    '',
    targetsSection(checks),
  ].join('\n');

  return {
    title: `Benchmark: ${SOAK_MINUTES}-minute soak at half the sustainable rate, and 3x overload`,
    markdown,
    data: {
      settings: {
        soakMinutes: SOAK_MINUTES,
        sampleSeconds: SAMPLE_SECONDS,
        overloadSeconds: OVERLOAD_SECONDS,
        members: MEMBERS,
        connections: CONNECTIONS,
      },
      minutes,
      mix: result.kinds.map((k) => ({ kind: k.kind, share: k.share })),
      sustainableRps: sustainable,
      soak: {
        rate: soakRate,
        statuses: soak.statuses,
        errors: soak.errors,
        dropped: soak.dropped,
        latency: baseline,
        memory,
        flat,
        samples: soakSamples,
      },
      overload: {
        rate: overloadRate,
        statuses: overload.statuses,
        errors: overload.errors,
        dropped: overload.dropped,
        shedSharePercent: shedShare,
        retryAfterSharePercent: retryAfterShare,
        retryAfter429: overload.retryAfter[429],
        admittedLatency: admitted,
        peakRssMb: result.overloadPeakRss,
      },
      afterOverload: { statuses: after.statuses, p95: afterP95 },
      targets: checks.map(([t, m, ok]) => ({ target: t, measured: m, passed: ok })),
    },
    passed: checks.every(([, , ok]) => ok),
  };
}
