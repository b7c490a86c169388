import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Request } from 'autocannon';
import { generateContentDatabase } from './lib/generate-content.ts';
import { type LoadResult, load } from './lib/load.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { rssMb, withServer } from './lib/server.ts';

// Content API at scale (issue targets, SQLite, this 2-core machine): with 1,000,000 board posts
// (plus jobs and businesses), list and get >= 3,000 req/s with p99 <= 25 ms; page 5,000 within 2x
// of page 1; loading 1M posts in under 2 minutes; server memory under 300 MB throughout.

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const TARGET = { rps: 3000, p99: 25, deepRatio: 2, loadSeconds: 120, rssMb: 300 };
const CONNECTIONS = 32;

const enc = encodeURIComponent;
const PHASES: { name: string; path: string; setup?: (r: Request) => Request; note: string }[] = [
  { name: 'list page 1', path: '/api/board?topcategory=5', note: 'community, newest first' },
  { name: 'list page 5,000', path: '/api/board?topcategory=5&page=5000', note: 'offset 99,980' },
  { name: 'filtered list', path: `/api/board?topcategory=5&category=${enc('모임')}&location=LA`, note: 'category + location' },
  { name: 'count', path: '/api/board/count?topcategory=5', note: '' },
];

let seq = 0;
/** Get by id over the whole table, as a returning visitor (one cookie): the first visit to an id
 * counts a view (a write), so this mixes reads with view writes. */
function randomGet(request: Request): Request {
  seq++;
  const id = 1 + ((seq * 7919) % POSTS);
  return { ...request, path: `/api/board/${id}` };
}

const QUERIES: [string, string][] = [
  ['list page 1', 'select * from board where hidden = 0 and topcategory = 5 order by id desc limit 20'],
  [
    'list page 5,000 (anchor seek)',
    'select * from board where hidden = 0 and topcategory = 5 and id <= 123456 order by id desc limit 20 offset 480',
  ],
  [
    'filtered list',
    "select * from board where hidden = 0 and topcategory = 5 and category = '모임' and location = 'LA' order by id desc limit 20",
  ],
  ['count (cached after the first)', 'select count(*) from board where hidden = 0 and topcategory = 5'],
  [
    "get by id, with the visitor's last visit",
    "select t.*, (select v.date from views v where v.target = 'board' and v.item = t.id and v.visitor = 'avisitor') as last_visit from board t where t.id = 1234",
  ],
];

function plans(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  const lines = QUERIES.map(([name, q]) => {
    const steps = db.prepare(`explain query plan ${q}`).all() as { detail: string }[];
    return `- ${name}: ${steps.map((s) => s.detail).join('; ')}`;
  });
  db.close();
  return lines.join('\n');
}

export async function contentBench({ seconds }: BenchOptions): Promise<SectionReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-content-'));
  try {
    const generated = await generateContentDatabase(dataDir, POSTS);
    const queryPlans = plans(path.join(dataDir, 'portal.sqlite'));
    const results: { name: string; note: string; r: LoadResult }[] = [];
    let maxRss = 0;
    await withServer(
      { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: '0', ADMIN_PASSWORD: 'bench-admin-password-1' },
      async (server) => {
        const sampler = setInterval(() => {
          maxRss = Math.max(maxRss, rssMb(server.pid) ?? 0);
        }, 250);
        try {
          // Unmeasured warm-up: first queries fill SQLite's page cache and the list caches.
          for (const p of PHASES) await load({ url: server.url + p.path, seconds: 2, connections: 4 });
          for (const p of PHASES) {
            results.push({
              name: p.name,
              note: p.note,
              r: await load({ url: server.url + p.path, seconds, connections: CONNECTIONS, serverCpuMs: server.cpuMs }),
            });
          }
          results.push({
            name: 'get by id',
            note: 'random ids, one visitor cookie (views counted)',
            r: await load({
              url: `${server.url}/api/board/1`,
              seconds,
              connections: CONNECTIONS,
              headers: { cookie: 'vid=benchvisitor0000000001' },
              setupRequest: randomGet,
              serverCpuMs: server.cpuMs,
            }),
          });
        } finally {
          clearInterval(sampler);
        }
      },
    );

    const byName = Object.fromEntries(results.map((x) => [x.name, x.r]));
    const page1 = byName['list page 1'] as LoadResult;
    const deep = byName['list page 5,000'] as LoadResult;
    const checks: Check[] = [
      ...results
        .filter((x) => x.name !== 'count')
        .map(
          (x): Check => [
            `${x.name}: >= ${TARGET.rps} req/s, p99 <= ${TARGET.p99} ms`,
            `${x.r.rps} req/s, p99 ${x.r.p99} ms`,
            x.r.rps >= TARGET.rps && x.r.p99 <= TARGET.p99,
          ],
        ),
      [
        `page 5,000 within ${TARGET.deepRatio}x of page 1`,
        `x${(page1.rps / Math.max(1, deep.rps)).toFixed(2)}`,
        page1.rps / Math.max(1, deep.rps) <= TARGET.deepRatio,
      ],
      [
        `load ${POSTS.toLocaleString('en')} posts in < ${TARGET.loadSeconds} s`,
        `${generated.seconds} s`,
        generated.seconds < TARGET.loadSeconds,
      ],
      [`server RSS < ${TARGET.rssMb} MB`, `${maxRss} MB max`, maxRss > 0 && maxRss < TARGET.rssMb],
      [
        'all answers 2xx',
        `${results.reduce((n, x) => n + x.r.non2xx + x.r.errors, 0)} others`,
        results.every((x) => x.r.non2xx === 0 && x.r.errors === 0),
      ],
    ];
    const markdown = [
      '## Data',
      '',
      `${generated.board.toLocaleString('en')} board posts, ${generated.jobs.toLocaleString('en')} jobs, ${generated.business.toLocaleString('en')} businesses, ${generated.users} users; SQLite file ${Math.round(generated.fileBytes / 2 ** 20)} MB, loaded in ${generated.seconds} s.`,
      '',
      '## Results',
      '',
      `${seconds} s per phase, ${CONNECTIONS} connections, autocannon on 127.0.0.1 (sharing the 2 cores with the server). req/s: median of one-second samples.`,
      '',
      table(
        ['Phase', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'non-2xx', 'note'],
        results.map((x) => [x.name, x.r.rps, x.r.p50, x.r.p99, x.r.cpuMsPerRequest ?? '', x.r.non2xx + x.r.errors, x.note]),
      ),
      '',
      `Server RSS, sampled every 250 ms: at most ${maxRss} MB.`,
      '',
      '## Query plans',
      '',
      queryPlans,
      '',
      targetsSection(checks),
    ].join('\n');
    return {
      title: `Benchmark: content API at ${POSTS.toLocaleString('en')} posts`,
      markdown,
      data: { generated, maxRssMb: maxRss, phases: results, targets: checks.map(([t, m, ok]) => ({ target: t, measured: m, passed: ok })) },
      passed: checks.every(([, , ok]) => ok),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
