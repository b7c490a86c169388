import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BROWSER_HEADERS, load, loadCells, type LoadResult } from './lib/load.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { type LighthouseScores, lighthouseScores } from './lib/lighthouse.ts';
import { ROOT, rssMb, withServer } from './lib/server.ts';
import { rawAnswer, startBareServer } from './lib/bare-server.ts';

// Server-rendered pages (web-app issue targets, this 2-core machine, demo content): >= 1,000 req/s
// and p99 <= 50 ms for /, /news and /customer/faq; first-visit JavaScript <= 150 KB gzip. The
// first visit's bytes are read from the page's own <script>/<link> tags and the built files: the
// app a member's page loads at once and a visitor's on its first interaction (a visitor's page
// parks the tags in <noscript>; bench/sections.bench.ts measures what a visitor's browser fetches).

const TARGET = { rps: 1000, p99: 50, jsGzipKb: 150, performance: 90, accessibility: 95 };
const LIGHTHOUSE_PAGES = ['/', '/news'];
const PAGES = ['/', '/news', '/customer/faq'];
const CONNECTIONS = 32;
/** A visitor's cached page against the floor: node:http sending the same bytes (issue #14). */
const BARE_PAGE = '/community';
const TARGET_BARE_RATIO = 3;

function gzipKb(file: string): number {
  return Math.round((zlib.gzipSync(fs.readFileSync(file)).length / 1024) * 10) / 10;
}

/** Scripts and styles a first visit to the page loads: the tags in its HTML plus the modules those
 * import (the build's client manifest lists them). */
function firstVisitAssets(html: string): { js: string[]; css: string[] } {
  const client = path.join(ROOT, 'build/client');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
  const imports = [...html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/assets\/[^"']+)["']/g)].map((m) => m[1] as string);
  const all = [...new Set([...refs, ...imports])].map((p) => path.join(client, p));
  return { js: all.filter((f) => f.endsWith('.js') && fs.existsSync(f)), css: all.filter((f) => f.endsWith('.css') && fs.existsSync(f)) };
}

export async function pagesBench({ seconds }: BenchOptions): Promise<SectionReport> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('run `npm run build` first');
  const results: { page: string; r: LoadResult }[] = [];
  let maxRss = 0;
  let assets = { js: [] as string[], css: [] as string[] };
  let scores: LighthouseScores[] = [];
  let bare: { ours: LoadResult; bare: LoadResult; gzipKb: number; ratio: number | undefined } | undefined;
  await withServer(
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: '1', ADMIN_PASSWORD: 'bench-admin-password-1' },
    async (server) => {
      const html = await (await fetch(`${server.url}/`, { headers: BROWSER_HEADERS })).text();
      assets = firstVisitAssets(html);
      for (const page of PAGES) await load({ url: server.url + page, seconds: 2, connections: 4, headers: BROWSER_HEADERS });
      for (const page of PAGES) {
        results.push({
          page,
          r: await load({
            url: server.url + page,
            seconds,
            connections: CONNECTIONS,
            headers: BROWSER_HEADERS,
            serverCpuMs: server.cpuMs,
          }),
        });
        maxRss = Math.max(maxRss, rssMb(server.pid) ?? 0);
      }
      // The same page from a bare node:http server, measured right after ours in one run.
      const url = server.url + BARE_PAGE;
      await load({ url, seconds: 2, connections: 4, headers: BROWSER_HEADERS });
      const ours = await load({ url, seconds, connections: CONNECTIONS, headers: BROWSER_HEADERS, serverCpuMs: server.cpuMs });
      const answer = await rawAnswer(url, BROWSER_HEADERS);
      const floor = await startBareServer(answer);
      try {
        await load({ url: floor.url, seconds: 2, connections: 4, headers: BROWSER_HEADERS });
        const b = await load({ url: floor.url, seconds, connections: CONNECTIONS, headers: BROWSER_HEADERS, serverCpuMs: floor.cpuMs });
        const ratio =
          ours.cpuMsPerRequest && b.cpuMsPerRequest ? Math.round((ours.cpuMsPerRequest / b.cpuMsPerRequest) * 100) / 100 : undefined;
        bare = { ours, bare: b, gzipKb: Math.round((answer.body.length / 1024) * 10) / 10, ratio };
      } finally {
        await floor.stop();
      }
      scores = await lighthouseScores(server.url, LIGHTHOUSE_PAGES);
    },
  );
  const jsKb = Math.round(assets.js.reduce((n, f) => n + gzipKb(f), 0) * 10) / 10;
  const cssKb = Math.round(assets.css.reduce((n, f) => n + gzipKb(f), 0) * 10) / 10;
  const checks: Check[] = [
    ...results.map(
      (x): Check => [
        `${x.page}: >= ${TARGET.rps} req/s, p99 <= ${TARGET.p99} ms`,
        `${x.r.rps} req/s, p99 ${x.r.p99} ms`,
        x.r.rps >= TARGET.rps && x.r.p99 <= TARGET.p99,
      ],
    ),
    [
      `cached page <= ${TARGET_BARE_RATIO}x bare (${BARE_PAGE}, server CPU/req)`,
      bare ? `${bare.ours.cpuMsPerRequest} ms vs ${bare.bare.cpuMsPerRequest} ms: ${bare.ratio}x` : 'not measured',
      bare?.ratio !== undefined && bare.ratio <= TARGET_BARE_RATIO && bare.ours.non2xx + bare.ours.errors === 0,
    ],
    [`first-visit JS <= ${TARGET.jsGzipKb} KB gzip`, `${jsKb} KB in ${assets.js.length} files`, jsKb <= TARGET.jsGzipKb],
    ...scores.map(
      (x): Check => [
        `Lighthouse ${x.page}: performance >= ${TARGET.performance}, accessibility >= ${TARGET.accessibility}`,
        `${x.performance}, ${x.accessibility}`,
        x.performance >= TARGET.performance && x.accessibility >= TARGET.accessibility,
      ],
    ),
  ];
  const markdown = [
    '## Results',
    '',
    `Anonymous visitor (browser user agent), demo content, ${seconds} s per page, ${CONNECTIONS} connections, autocannon on 127.0.0.1 sharing the 2 cores. Server RSS at most ${maxRss} MB.`,
    '',
    table(
      ['Page', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'non-2xx'],
      results.map((x) => [x.page, x.r.rps, x.r.p50, x.r.p99, x.r.cpuMsPerRequest ?? '', x.r.non2xx + x.r.errors]),
    ),
    '',
    `A visitor's cached ${BARE_PAGE} (${bare?.gzipKb} KB gzip) against a bare node:http server in a process of its own sending the same bytes with the same headers to every request (bench/lib/bare-answer.ts): the floor for answering that page here. Same load, ${seconds} s each, one after the other in this run.`,
    '',
    table(
      ['Server', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'non-2xx', 'CPU vs bare'],
      bare
        ? [
            ['ours', ...loadCells(bare.ours), bare.ratio ?? ''],
            ['bare node:http', ...loadCells(bare.bare), 1],
          ]
        : [],
    ),
    '',
    `The app on /: ${assets.js.length} scripts (a member's first visit; a visitor's browser fetches them on the first interaction), ${jsKb} KB gzip; ${assets.css.length} stylesheets, ${cssKb} KB gzip (fonts not counted; they load per glyph range).`,
    '',
    'Lighthouse (mobile preset: simulated slow 4G and slowed CPU, Debian Chromium):',
    '',
    table(
      ['Page', 'performance', 'accessibility', 'LCP ms', 'TBT ms'],
      scores.map((x) => [x.page, x.performance, x.accessibility, x.lcpMs, x.tbtMs]),
    ),
    '',
    targetsSection(checks),
  ].join('\n');
  return {
    title: 'Benchmark: server-rendered pages',
    markdown,
    data: { results, bare, jsKb, cssKb, maxRssMb: maxRss, lighthouse: scores },
    passed: checks.every(([, , ok]) => ok),
  };
}
