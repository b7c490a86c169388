import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BROWSER_HEADERS } from './lib/load.ts';
import { copyData, prepareData } from './lib/prepare-data.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { processCpuMs } from './lib/process-cpu.ts';
import { api, freePort, ROOT, type Server, startServer } from './lib/server.ts';
import { median, round } from './lib/stats.ts';

// Fresh renders (traffic issue): what a page the page cache has never seen costs the server, in
// CPU ms, at 1M posts: a list page, a post's page and the index, each address new to the cache (a
// query parameter the page ignores, or a post nobody opened yet). Target: <= 0.66 ms, a tenth of
// GNUBoard5's 6.6 ms for its list. CPU time is read from /proc, so other work on the machine does
// not inflate it; it comes in 10 ms ticks, so each figure is over REQUESTS renders, and the median
// of ROUNDS rounds is reported. With BENCH_BASELINE (another checkout, built, e.g. the main
// branch), the same rounds run against its server too, taking turns, for a before/after in one run.

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const REQUESTS = 100;
const TARGET_MS = 0.66;

interface Kind {
  name: string;
  /** The address of the i-th fresh render of this kind. */
  url(i: number): string;
  /** A write before each render, its CPU not counted (as far as /proc's 10 ms ticks tell apart:
   * the errors of 100 readings mostly cancel). */
  before?: (server: Server, i: number) => Promise<unknown>;
  /** A figure beside the pages, for what a page's cost is made of: no target of its own. */
  aside?: true;
}

const ADMIN = { loginid: 'bench-admin@bench.example', passwd: 'bench-admin-password-1' };
const tokens = new Map<Server, string>();

/** A new post in /community: every list of the board is then new to the caches, its total too. */
async function newPost(server: Server, i: number): Promise<void> {
  let token = tokens.get(server);
  if (!token) {
    token = (await api<{ token: string }>(server, 'POST', '/api/jwt', { body: ADMIN })).token;
    tokens.set(server, token);
  }
  await api(server, 'POST', '/api/board', {
    token,
    body: { topcategory: 5, category: '자유게시판', title: `새 글 ${i}`, content: '<p>방금 쓴 글</p>' },
  });
}

function kinds(postIds: number[], tag: string): Kind[] {
  return [
    { name: 'list right after a new post (/community)', url: (i) => `/community?fresh=${tag}${i}`, before: newPost },
    { name: 'list (/community)', url: (i) => `/community?fresh=${tag}${i}` },
    { name: 'list page 3 (/market?page=3)', url: (i) => `/market?page=3&fresh=${tag}${i}` },
    // Each post once: its page and its row are new to every cache.
    { name: 'detail (/community/:id)', url: (i) => `/community/${postIds[i % postIds.length]}` },
    { name: 'index (/)', url: (i) => `/?fresh=${tag}${i}` },
    // What the pages cost apart from their own content: the smallest page there is (a form, no
    // query), through the same router, React render and stored gzip.
    { name: 'smallest page (/login)', url: (i) => `/login?fresh=${tag}${i}`, aside: true },
    // What a post's page costs apart from drawing it: its data as the API answers it (other posts
    // than the pages', from the other end of the list: none of their rows read before).
    { name: "a post's data alone (GET /api/board/:id)", url: (i) => `/api/board/${postIds[postIds.length - 1 - i]}`, aside: true },
  ];
}

/** A baseline checkout refuses a database that has migrations it does not know: they are taken
 * off its copy's record (their tables stay, unread by the older code). */
function forgetNewerMigrations(dataDir: string, root: string): void {
  const known = new Set(fs.readdirSync(path.join(root, 'src/server/db/migrations')).map((f) => f.replace(/\.ts$/, '')));
  const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'));
  try {
    const applied = db.prepare('select name from kysely_migration').all() as { name: string }[];
    for (const { name } of applied) if (!known.has(name)) db.prepare('delete from kysely_migration where name = ?').run(name);
  } finally {
    db.close();
  }
}

/** Posts of /community from pages spread over the whole section, in a shuffled order. */
async function spreadPostIds(server: Server, wanted: number): Promise<number[]> {
  const first = await api<{ total: number }>(server, 'GET', '/api/board?topcategory=5&size=1');
  const pages = Math.floor(first.total / 100);
  const ids: number[] = [];
  for (let k = 0; ids.length < wanted; k++) {
    const page = 1 + Math.floor(((k * 7919) % 1000) * (pages / 1000));
    const list = await api<{ items: { id: number }[] }>(server, 'GET', `/api/board?topcategory=5&size=100&page=${page}`);
    ids.push(...list.items.map((i) => i.id));
  }
  return ids;
}

/** CPU ms per render over REQUESTS fresh renders, one after another (nothing else runs on the server). */
async function cpuPerRender(
  server: Pick<Server, 'url' | 'cpuMs'>,
  url: (i: number) => string,
  from: number,
  before?: (i: number) => Promise<unknown>,
): Promise<number> {
  let spent = 0;
  for (let i = from; i < from + REQUESTS; i++) {
    await before?.(i);
    const cpuBefore = server.cpuMs() as number;
    const res = await fetch(server.url + url(i), { headers: BROWSER_HEADERS });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url(i)} answered ${res.status}`);
    spent += (server.cpuMs() as number) - cpuBefore;
  }
  return spent / REQUESTS;
}

function perRender(server: Server, { url, before }: Kind, from: number): Promise<number> {
  return cpuPerRender(server, url, from, before && ((i) => before(server, i)));
}

/** React Router's own floor: its request handler over node:http, for an app of one route that
 * draws one heading (bench/lib/minimal-router-app), built for the run. */
const MINIMAL_APP = 'React Router alone (an app of one route and one heading, no gzip)';

async function startMinimalApp(): Promise<Pick<Server, 'url' | 'cpuMs' | 'stop'>> {
  const app = path.join(ROOT, 'bench/lib/minimal-router-app');
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync(path.join(ROOT, 'node_modules/.bin/react-router'), ['build'], { cwd: app, env, stdio: 'ignore' });
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), [path.join(app, 'serve.ts')], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', () => reject(new Error('the minimal app did not start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid),
    stop: async () => {
      child.kill();
    },
  };
}

const round3 = (x: number) => round(x, 3);

export async function freshBench(_options: BenchOptions): Promise<SectionReport> {
  const baseline = process.env.BENCH_BASELINE;
  const roots: [label: string, root: string][] = [['this commit', ROOT], ...(baseline ? [['baseline', baseline] as [string, string]] : [])];
  for (const [, root] of roots) {
    if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error(`run \`npm run build\` first in ${root}`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-fresh-'));
  try {
    const first = path.join(work, 'data-0');
    const prepared = await prepareData(first, POSTS);
    // Each server writes (views): each gets its own copy of the same data.
    const servers: { label: string; server: Server }[] = [];
    for (const [n, [label, root]] of roots.entries()) {
      const dataDir = path.join(work, `data-${n}`);
      if (n > 0) {
        copyData(first, dataDir);
        forgetNewerMigrations(dataDir, root);
      }
      const settings = {
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        ADMIN_LOGINID: ADMIN.loginid,
        ADMIN_PASSWORD: ADMIN.passwd,
        // A thousand posts by one account in a few minutes.
        WRITE_LIMITS: '0',
        // One request at a time: the machine's other work can make the event loop late, which is
        // not an overload of this server to answer 503 for.
        LOAD_MAX_DELAY_MS: '0',
      };
      servers.push({ label, server: await startServer(settings, root) });
    }
    const figures: Record<string, Record<string, number[]>> = {};
    try {
      // Twice a run's renders: the pages' posts from one end, the API's from the other.
      const ids = await spreadPostIds(servers[0]!.server, 2 * (ROUNDS + 1) * REQUESTS);
      // Warm-up: the JIT and the statement caches, one round's worth on each server.
      for (const { server } of servers) for (const kind of kinds(ids, 'warm')) await perRender(server, kind, 0);
      for (let r = 1; r <= ROUNDS; r++) {
        for (const { label, server } of servers) {
          for (const kind of kinds(ids, `r${r}-`)) {
            const byKind = figures[label] ?? {};
            figures[label] = byKind;
            const rounds = byKind[kind.name] ?? [];
            byKind[kind.name] = rounds;
            rounds.push(await perRender(server, kind, r * REQUESTS));
          }
        }
      }
    } finally {
      for (const { server } of servers) await server.stop();
    }
    const minimal = await startMinimalApp();
    try {
      const url = (i: number) => `/?fresh=${i}`;
      // Warmed up as much as the site's servers are, through their code every page shares.
      const warm = ROUNDS + 1;
      for (let r = 0; r < warm; r++) await cpuPerRender(minimal, url, r * REQUESTS);
      const rounds: number[] = [];
      for (let r = warm; r < warm + ROUNDS; r++) rounds.push(await cpuPerRender(minimal, url, r * REQUESTS));
      (figures['this commit'] as Record<string, number[]>)[MINIMAL_APP] = rounds;
    } finally {
      await minimal.stop();
    }
    const names = [...kinds([], '').map((k) => k.name), MINIMAL_APP];
    const targeted = kinds([], '').flatMap((k) => (k.aside ? [] : [k.name]));
    const ours = figures['this commit'] as Record<string, number[]>;
    const base = figures.baseline;
    const checks: Check[] = targeted.map((name) => {
      const m = round3(median(ours[name] as number[]));
      return [`${name}: fresh render <= ${TARGET_MS} ms CPU`, `${m} ms`, m <= TARGET_MS];
    });
    const markdown = [
      '## Results',
      '',
      `${prepared.description}. Anonymous visitor with a browser's headers (gzip and brotli accepted). Each figure: server CPU (utime + stime from /proc) over ${REQUESTS} renders of addresses the page cache has not seen, one request at a time; median of ${ROUNDS} rounds${base ? `, the two servers taking turns (baseline: ${baseline})` : ''}.`,
      '',
      table(
        ['Page', 'CPU ms per fresh render', ...(base ? ['baseline ms', 'ratio'] : []), 'rounds'],
        names.map((name) => {
          const m = median(ours[name] as number[]);
          const b = base?.[name] && median(base[name]);
          return [
            name,
            round3(m),
            ...(base ? (b ? [round3(b), round3(m / b)] : ['', '']) : []),
            (ours[name] as number[]).map(round3).join(' '),
          ];
        }),
      ),
      '',
      `The last three rows have no target: they show what the pages' figures are made of. React Router alone is its request handler over node:http, for an app of one route whose page is one heading from its loader (bench/lib/minimal-router-app, built for the run; a 2.6 KB page with React Router's scripts): the least any page of a React Router app costs. The smallest page (a form that reads nothing, in a layout of its own without the site's header and footer) costs what React Router's request handling, the React render of the document around a page (head, scripts, hydration data) and the stored gzip cost any page; a post's data as the API answers it costs its queries and their JSON.`,
      '',
      'GNUBoard5 on this machine kind (100k posts, from the traffic issue): list 6.6 ms, index 5.6-6.4 ms, post view 68 ms of CPU per request.',
      '',
      targetsSection(checks),
    ].join('\n');
    return { title: 'Fresh renders', markdown, data: { figures, checks }, passed: checks.every((c) => c[2]) };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
