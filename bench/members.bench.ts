import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_HEADERS, load, loadCells, type LoadResult } from './lib/load.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { api, ROOT, type Server, startServer } from './lib/server.ts';

// Members as cheap as visitors (traffic issue): a signed-in member's list, post and index page
// come from the visitors' stored copy with their own parts filled in, so each costs at most 1.5
// times a visitor's server CPU for the same page. Both are measured in one run, one after the
// other on the same server, page by page; the member likes the post and has unread notifications,
// so every part of the fill-in is there to be made. The same for the client navigations to those
// pages (React Router's `.data` requests, most of a member's page views once the app is loaded):
// the visitors' stored answer, the member's state in a header.

const TARGET_RATIO = 1.5;
const CONNECTIONS = 32;
const ADMIN = { loginid: 'members-admin@bench.example', passwd: 'members-admin-password-1' };
const MEMBER = { loginid: 'members-reader@bench.example', passwd: 'quiet-harbor-lantern-82', name: '읽는회원', nickname: '부지런한독자' };
const OTHER = { loginid: 'members-writer@bench.example', passwd: 'amber-violet-orchard-57', name: '쓰는회원', nickname: '답글쓰는이웃' };

async function login(server: Server, who: { loginid: string; passwd: string }): Promise<string> {
  return (await api<{ token: string }>(server, 'POST', '/api/jwt', { body: { loginid: who.loginid, passwd: who.passwd } })).token;
}

/** The member, another member, and a post of the member's that the other liked and commented on
 * (the member's bell shows it), which the member likes too. */
async function setUp(server: Server): Promise<{ token: string; post: number }> {
  const root = await login(server, ADMIN);
  for (const who of [MEMBER, OTHER]) await api(server, 'POST', '/api/user', { token: root, body: who });
  const [token, other] = [await login(server, MEMBER), await login(server, OTHER)];
  const { id: post } = await api<{ id: number }>(server, 'POST', '/api/board', {
    token,
    body: { topcategory: 5, category: '자유게시판', title: '이번 주말 모임 안내', content: '<p>토요일 오후에 만나요.</p>' },
  });
  await api(server, 'POST', '/api/like', { token, body: { target: 'board', item: post } });
  await api(server, 'POST', '/api/like', { token: other, body: { target: 'board', item: post } });
  await api(server, 'POST', '/api/comment', { token: other, body: { board: post, content: '저도 갈게요' } });
  return { token, post };
}

interface PageResult {
  page: string;
  kind: string;
  /** The checkout measured: this commit, or BENCH_BASELINE's. */
  label: string;
  visitor: LoadResult;
  member: LoadResult;
  ratio: number | undefined;
}

export async function membersBench({ seconds }: BenchOptions): Promise<SectionReport> {
  // With BENCH_BASELINE (another checkout, built), the same phases run against its server too,
  // page by page in turn, for a before/after in one run.
  const baseline = process.env.BENCH_BASELINE;
  const roots: [label: string, root: string][] = [['this commit', ROOT], ...(baseline ? [['baseline', baseline] as [string, string]] : [])];
  for (const [, root] of roots) {
    if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error(`run \`npm run build\` first in ${root}`);
  }
  const settings = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    ADMIN_LOGINID: ADMIN.loginid,
    ADMIN_PASSWORD: ADMIN.passwd,
    WRITE_LIMITS: '0',
  };
  const servers: { label: string; server: Server; token: string; post: number }[] = [];
  const results: PageResult[] = [];
  try {
    for (const [label, root] of roots) {
      const server = await startServer(settings, root);
      servers.push({ label, server, ...(await setUp(server)) });
    }
    const pages = (post: number): [string, string][] => [
      ['/community', 'list'],
      [`/community/${post}`, 'detail'],
      ['/', 'index'],
      // The addresses the app asks for when it navigates to each (`/` is `/_.data`).
      ['/community.data', 'list .data'],
      [`/community/${post}.data`, 'detail .data'],
      ['/_.data', 'index .data'],
    ];
    for (let p = 0; p < pages(0).length; p++) {
      for (const { label, server, token, post } of servers) {
        const [page, kind] = pages(post)[p] as [string, string];
        const visitor = { ...BROWSER_HEADERS, cookie: 'vid=members-bench-visitor' };
        const member = { ...BROWSER_HEADERS, cookie: `portal_token=${token}` };
        const url = server.url + page;
        // Warm: the stored copy, the prepared statements, the member's parts.
        for (const headers of [visitor, member]) await load({ url, seconds: 2, connections: 4, headers });
        const measure = (headers: Record<string, string>) =>
          load({ url, seconds, connections: CONNECTIONS, headers, serverCpuMs: server.cpuMs });
        const v = await measure(visitor);
        const m = await measure(member);
        const ratio = v.cpuMsPerRequest && m.cpuMsPerRequest ? Math.round((m.cpuMsPerRequest / v.cpuMsPerRequest) * 100) / 100 : undefined;
        results.push({ page, kind, label, visitor: v, member: m, ratio });
      }
    }
  } finally {
    for (const { server } of servers) await server.stop();
  }
  const ours = results.filter((x) => x.label === 'this commit');
  const against = (x: PageResult, who: 'visitor' | 'member') => {
    const base = results.find((b) => b.label === 'baseline' && b.kind === x.kind)?.[who].cpuMsPerRequest;
    const now = x[who].cpuMsPerRequest;
    return base && now ? Math.round((now / base) * 100) / 100 : '';
  };
  const checks: Check[] = ours.map((x) => [
    `${x.kind} (${x.page}): member CPU/req <= ${TARGET_RATIO}x visitor's`,
    `${x.member.cpuMsPerRequest} ms vs ${x.visitor.cpuMsPerRequest} ms: ${x.ratio}x`,
    x.ratio !== undefined && x.ratio <= TARGET_RATIO && x.member.non2xx === 0 && x.visitor.non2xx === 0,
  ]);
  const markdown = [
    '## Results',
    '',
    `Demo content on SQLite, production build${baseline ? ", each page measured on this commit's server and then the baseline's" : ''}, ${seconds} s per phase, ${CONNECTIONS} connections, autocannon on 127.0.0.1 sharing the 2 cores with the server. For each page, and for the app's client navigation to it (\`.data\`), a visitor phase, then a member phase (session cookie; the member likes the post and has an unread notification), on the same server in one run. Server CPU from /proc, per answered request.`,
    '',
    table(
      ['Page', 'server', 'who', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'non-2xx', 'member/visitor CPU'],
      results.flatMap((x) => [
        [`${x.kind} ${x.page}`, x.label, 'visitor', ...loadCells(x.visitor), ''],
        [`${x.kind} ${x.page}`, x.label, 'member', ...loadCells(x.member), x.ratio ?? ''],
      ]),
    ),
    ...(baseline
      ? [
          '',
          `Against the baseline (${baseline}), server CPU per request, this commit / baseline:`,
          '',
          table(
            ['Page', 'visitor', 'member'],
            ours.map((x) => [`${x.kind} ${x.page}`, against(x, 'visitor'), against(x, 'member')]),
          ),
        ]
      : []),
    '',
    targetsSection(checks),
  ].join('\n');
  return {
    title: 'Benchmark: members’ pages against visitors’',
    markdown,
    data: { results },
    passed: checks.every(([, , ok]) => ok),
  };
}
