import fs from 'node:fs';
import path from 'node:path';
import { type LighthouseScores, lighthouseScores, medianScores } from './lib/lighthouse.ts';
import { BROWSER_HEADERS } from './lib/load.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { api, ROOT, type Server, startServer } from './lib/server.ts';

// The site on a phone (issue #39, PRODUCT.md "On the phone like an app"): Lighthouse at 360 px on
// / and a post, demo content, its mobile preset (simulated slow 4G, slowed CPU). The issue's
// target: each category at 100, or within a point of what it was before the app work. Lighthouse
// scores the blocking time this machine's Chromium shows, so "before" is measured in the same
// run: BENCH_BASELINE names a built checkout of the earlier commit, and the two servers take
// turns, RUNS rounds, each figure their median. The site's static offline page is measured too:
// what any page costs here, whatever the site does.

const WIDTH = 360;
const TARGET = 99;
/** One round's performance score swings by several points on a 2-core machine (its blocking time
 * most), so each figure is the median of five. */
const RUNS = 5;
const FLOOR = '/offline.html';
const PAGES = ['/', 'a post', FLOOR] as const;

const categories = (x: LighthouseScores) => [x.performance, x.accessibility, x.bestPractices ?? 0, x.seo ?? 0];

async function pathsOf(server: Server): Promise<string[]> {
  const posts = await api<{ items: { id: number }[] }>(server, 'GET', '/api/board?topcategory=5&size=1');
  const post = posts.items[0]?.id;
  if (!post) throw new Error('the demo content has no community post');
  return ['/', `/community/${post}`, FLOOR];
}

export async function phoneBench(_options: BenchOptions): Promise<SectionReport> {
  const baseline = process.env.BENCH_BASELINE;
  const roots: [label: string, root: string][] = [['this commit', ROOT], ...(baseline ? [['baseline', baseline] as [string, string]] : [])];
  for (const [, root] of roots) {
    if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error(`run \`npm run build\` first in ${root}`);
  }
  const settings = { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: '1', ADMIN_PASSWORD: 'bench-admin-password-1' };
  const servers = await Promise.all(
    roots.map(async ([label, root]) => {
      const server = await startServer(settings, root);
      const paths = await pathsOf(server);
      // A running site has drawn its pages already: the first answer of a page after a start
      // draws it (200-300 ms, the build's code still cold), which Lighthouse would count into the
      // page's first paint as the server's response time.
      for (const page of paths) {
        for (let i = 0; i < 3; i++) await (await fetch(server.url + page, { headers: BROWSER_HEADERS })).arrayBuffer();
      }
      return { label, server, paths };
    }),
  );
  // runs[label][page]: one score per round.
  const runs = new Map<string, LighthouseScores[][]>(roots.map(([label]) => [label, PAGES.map(() => [])]));
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const { label, server, paths } of servers) {
        const scores = await lighthouseScores(server.url, paths, { width: WIDTH, all: true });
        for (const [i, x] of scores.entries()) runs.get(label)?.[i]?.push(x);
      }
    }
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
  }
  const medians = (label: string) => (runs.get(label) ?? []).map((pageRuns) => medianScores(pageRuns));
  const mine = medians('this commit');
  const before = baseline ? medians('baseline') : undefined;

  const checks = PAGES.slice(0, 2).map((name, i): Check => {
    const x = mine[i] as LighthouseScores;
    const base = before?.[i];
    const ok = categories(x).every((n, c) => n >= TARGET || (base !== undefined && n >= (categories(base)[c] as number) - 1));
    return [
      `Lighthouse ${name} at ${WIDTH} px: every category >= ${TARGET}${base ? ", or within 1 point of the baseline's" : ''}`,
      `${categories(x).join(', ')}${base ? ` (baseline ${categories(base).join(', ')})` : ''}`,
      ok,
    ];
  });
  const rows = (label: string, scores: LighthouseScores[]) =>
    scores.map((x, i) => [`${PAGES[i]}${x.page === FLOOR ? ' (a static page)' : ''}`, label, ...categories(x), x.lcpMs, x.tbtMs]);
  const markdown = [
    '## Results',
    '',
    `Lighthouse (mobile preset at ${WIDTH} px: simulated slow 4G and slowed CPU, Debian Chromium), demo content, each figure the median of ${RUNS} rounds${baseline ? ` in which this commit and the baseline (${baseline}) take turns` : ''}. Lighthouse 12 and later have no PWA category; the install criteria are checked by tests/browser/app-shell.test.ts.`,
    '',
    table(
      ['Page', 'checkout', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'TBT ms'],
      [...rows('this commit', mine), ...(before ? rows('baseline', before) : [])],
    ),
    '',
    targetsSection(checks),
  ].join('\n');
  return {
    title: 'Benchmark: the site on a phone',
    markdown,
    data: { lighthouse: mine, baseline: before },
    passed: checks.every(([, , ok]) => ok),
  };
}
