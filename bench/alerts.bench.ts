import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { htmlToText } from '../src/shared/text.ts';
import type { AlertsTable } from '../src/server/db/database.ts';
import { buildDeps } from '../src/server/boot.ts';
import type { Deps } from '../src/server/context.ts';
import { loadEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { alertKey, itemText } from '../src/server/modules/alert/alert-match.ts';
import { matchSubscribers } from '../src/server/modules/alert/alert.service.ts';
import { listNotifications } from '../src/server/modules/notification/notification.service.ts';
import { COMMUNITY } from '../src/server/seed/demo-data/community.ts';
import { LIFE } from '../src/server/seed/demo-data/life.ts';
import { MARKET } from '../src/server/seed/demo-data/market.ts';
import { NEWS } from '../src/server/seed/demo-data/news.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { quantile as nearestRank, round } from './lib/stats.ts';

// Keyword alerts and notifications at scale (SQLite): 1,000 and 10,000 members following 20
// keywords each, drawn from the words of the demo posts (so posts really match many of them);
// the time to find who a new post tells (matchSubscribers: the key lookup and the matching), per
// post over the demo posts; then a member's notification list (a page, the total and the unread
// count) at 1,000,000 notifications. Targets: a post matched in under 50 ms at 10,000 members
// (p95); the list's p99 under 50 ms.

const MEMBERS = [1000, 10_000];
const KEYWORDS = 20;
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
const TARGET_MS = 50;

const POSTS = [...NEWS, ...LIFE, ...COMMUNITY, ...MARKET].map((p) => ({ title: p.title, body: htmlToText(p.body) }));

/** Every Hangul word of two to four syllables and every Latin word in the demo posts. */
function vocabulary(): string[] {
  const words = new Set<string>();
  for (const p of POSTS) {
    for (const w of `${p.title} ${p.body}`.split(/[^\p{L}\p{N}]+/u)) {
      if (/^\p{Script=Hangul}{2,4}$/u.test(w) || /^[A-Za-z]{2,}$/.test(w)) words.add(w);
    }
  }
  return [...words];
}

/** A fixed sequence (mulberry32), so runs compare. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quantile = (sorted: number[], q: number) => round(nearestRank(sorted, q));

/** Members `from`..`to` (ids) follow 20 keywords each, one in ten narrowed to a section. */
async function addKeywords(deps: Deps, words: string[], from: number, to: number): Promise<void> {
  const next = random(from);
  const sections = ['', '', '', '', '', '', '', '', '', 'community'];
  const rows: Insertable<AlertsTable>[] = [];
  for (let user = from; user <= to; user++) {
    const mine = new Set<string>();
    while (mine.size < KEYWORDS) mine.add(words[Math.floor(next() * words.length)] as string);
    for (const keyword of mine) {
      const section = sections[Math.floor(next() * sections.length)] as string;
      rows.push({ user, keyword, section, mail: 'none', key: alertKey(keyword), date: '2026-11-26T00:00:00.000Z' });
    }
  }
  const followed = [...new Map(rows.map((r) => [r.keyword, { keyword: r.keyword, key: r.key }])).values()];
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('alerts')
        .values(rows.slice(i, i + 1000))
        .execute();
    for (let i = 0; i < followed.length; i += 1000) {
      await trx
        .insertInto('alert_words')
        .values(followed.slice(i, i + 1000))
        .onConflict((oc) => oc.column('keyword').doNothing())
        .execute();
    }
  });
}

async function measureMatching(deps: Deps) {
  const ms: number[] = [];
  let told = 0;
  // One warm-up pass, then the measured one.
  for (const pass of [0, 1]) {
    for (const p of POSTS) {
      const t = performance.now();
      const found = await matchSubscribers(deps.db, itemText(p.title, p.body), 'community', 0);
      if (pass === 1) {
        ms.push(performance.now() - t);
        told += found.length;
      }
    }
  }
  ms.sort((a, b) => a - b);
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), max: quantile(ms, 1), tellsPerPost: Math.round(told / POSTS.length) };
}

async function addNotifications(deps: Deps, members: number): Promise<void> {
  const next = random(7);
  await deps.db.transaction().execute(async (trx) => {
    for (let done = 0; done < NOTIFICATIONS; done += 1000) {
      const rows = Array.from({ length: Math.min(1000, NOTIFICATIONS - done) }, (_, i) => {
        const n = done + i;
        const date = new Date(Date.UTC(2026, 0, 1) + n * 20_000).toISOString();
        return {
          user: 1 + Math.floor(next() * members),
          kind: 'comment',
          target: 'comment',
          item: n + 1,
          actor: 1 + Math.floor(next() * members),
          title: '벤치마크 글 제목',
          link: `/community/1#comment-${n + 1}`,
          readdate: next() < 0.8 ? date : '',
          date,
        };
      });
      await trx.insertInto('notifications').values(rows).execute();
    }
  });
}

async function measureList(deps: Deps, members: number) {
  const next = random(11);
  const ms: number[] = [];
  for (let i = 0; i < 520; i++) {
    const user = 1 + Math.floor(next() * members);
    const page = 1 + Math.floor(next() * 3);
    const t = performance.now();
    await listNotifications(deps, { actor: { id: user, level: 1 }, ip: '127.0.0.1' }, { page, size: 20 });
    if (i >= 20) ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), p99: quantile(ms, 0.99) };
}

export async function alertsBench(_options: BenchOptions): Promise<SectionReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-alerts-'));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const { deps, connection } = await buildDeps(env, createLogger('warn'));
  try {
    const words = vocabulary();
    const matching: Record<string, ReturnType<typeof measureMatching> extends Promise<infer R> ? R : never> = {};
    let members = 0;
    for (const m of MEMBERS) {
      await addKeywords(deps, words, members + 1, m);
      members = m;
      matching[m] = await measureMatching(deps);
    }
    const started = performance.now();
    await addNotifications(deps, members);
    const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
    const list = await measureList(deps, members);

    const at10k = matching[10_000] as { p95: number };
    const checks: Check[] = [
      [`a new post matched in < ${TARGET_MS} ms at 10,000 members × 20 keywords (p95)`, `${at10k.p95} ms`, at10k.p95 < TARGET_MS],
      [
        `notification list p99 < ${TARGET_MS} ms at ${NOTIFICATIONS.toLocaleString('en-US')} notifications`,
        `${list.p99} ms`,
        list.p99 < TARGET_MS,
      ],
    ];
    const markdown = [
      `Keywords drawn from ${words.length.toLocaleString('en-US')} words of the demo posts; each of the ${POSTS.length} demo posts matched as a new community post.`,
      '',
      '## Matching a new post',
      '',
      table(
        ['Members × 20 keywords', 'p50 ms', 'p95 ms', 'max ms', 'members told per post'],
        MEMBERS.map((m) => {
          const r = matching[m] as { p50: number; p95: number; max: number; tellsPerPost: number };
          return [m.toLocaleString('en-US'), r.p50, r.p95, r.max, r.tellsPerPost];
        }),
      ),
      '',
      `## Notification list at ${NOTIFICATIONS.toLocaleString('en-US')} notifications (${members.toLocaleString('en-US')} members, loaded in ${loadSeconds} s)`,
      '',
      table(['Call', 'p50 ms', 'p95 ms', 'p99 ms'], [['a page of 20, total and unread', list.p50, list.p95, list.p99]]),
      '',
      targetsSection(checks),
    ].join('\n');
    return {
      title: 'Keyword alerts and notifications (SQLite)',
      markdown,
      data: { words: words.length, posts: POSTS.length, matching, notifications: NOTIFICATIONS, list },
      passed: checks.every(([, , ok]) => ok),
    };
  } finally {
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
