import { sql } from 'kysely';
import { type SectionTable, SectionTables } from '#shared/schemas/content.ts';
import { type BackgroundJob, type BackgroundTarget, runInBackground } from '#server/db/background.ts';
import type { Db, Executor } from '#server/db/database.ts';
import { precompiled } from '#server/db/precompiled.ts';
import type { Visit, ViewQueue } from './view-queue.ts';

// PRODUCT.md: +1 view per visitor per item per 24 hours. One row per (target, item, visitor)
// remembers the last counted visit. Visits are queued and written together a moment later, a few
// hundred per transaction, so reading a post costs no write of its own: the upsert writes a visit only
// when there is none or it is older than a day, and only then is the item's count raised. Until
// the queue is written, answers add the item's queued visits to the stored count. The writes go
// to the background connection (db/background.ts): on SQLite they no longer hold up the requests.

const DAY_MS = 24 * 3600 * 1000;
const FLUSH_MS = 200;
const FLUSH_AT = 1000;
/** Visits per write transaction: a server write waits behind at most one (~60 ms at 1M posts with
 * evenly random ids); fewer, larger ones keep the server connection's page cache longer (each
 * commit of the other connection empties it). Measurements in docs/decisions/0012-get-by-id-at-1m.md. */
const FLUSH_CHUNK = 250;

/** What counting views needs of the server's dependencies: the queue, and where it is written. */
export interface ViewCounting extends BackgroundTarget {
  views: ViewQueue;
}

export type ViewTarget = SectionTable;

/** Whom a view is counted for (http/visitor.ts reads it from a request): a member, an anonymous
 * visitor's cookie id, or nobody (crawlers). */
export interface Visitor {
  /** Undefined for crawlers: nothing is counted. */
  key: string | undefined;
  /** A Set-Cookie value for a new anonymous visitor's `vid`. */
  setCookie?: string;
  /** A visitor counted by their address: the key of the cookie they are given, noted as seen
   * with a counted visit, so that their next request, which carries it, is not counted again. */
  cookieKey?: string;
}

/** A visitor whose view counts. */
export type Counted = { key: string; cookieKey?: string | undefined };

const lastVisitQuery = precompiled((db) =>
  db.selectFrom('views').select('date').where('target', '=', '').where('item', '=', 0).where('visitor', '=', '').compile(),
);

type ItemWithVisit = Record<string, unknown> & { last_visit: string | null };

/** An item and this visitor's last counted visit in one statement: what a counted get by id reads. */
function itemWithVisitQuery(target: ViewTarget) {
  return precompiled((db) =>
    sql<ItemWithVisit>`select t.*, (select v.date from views v where v.target = ${target} and v.item = t.id and v.visitor = ${''}) as last_visit
      from ${sql.table(target)} t where t.id = ${0}`.compile(db),
  );
}
const itemWithVisit = Object.fromEntries(SectionTables.map((t) => [t, itemWithVisitQuery(t)])) as Record<
  ViewTarget,
  ReturnType<typeof itemWithVisitQuery>
>;

/** The item's row (undefined if there is none) and this visitor's last counted visit, in one read. */
export async function readWithLastVisit(
  db: Db,
  target: ViewTarget,
  item: number,
  visitor: string,
): Promise<{ row: Record<string, unknown> | undefined; lastVisit: string | null }> {
  const found = (await itemWithVisit[target](db, [target, visitor, item]))[0];
  if (!found) return { row: undefined, lastVisit: null };
  const { last_visit, ...row } = found;
  return { row, lastVisit: last_visit };
}

/** Counts a visit for a page answered from the cache, which has no row: looks the last visit up. */
export async function countView(
  counting: ViewCounting,
  target: string,
  item: number,
  visitor: Counted,
  onError: (err: unknown) => void,
): Promise<number> {
  const queued = counting.views.visits.has(`${target}:${item}:${visitor.key}`);
  const last = queued ? null : ((await lastVisitQuery(counting.db, [target, item, visitor.key]))[0]?.date ?? null);
  return recordView(counting, target, item, visitor, last, onError);
}

/** Queues a visit unless this visitor's last counted visit (`lastVisit`) is less than a day old;
 * answers how many queued visits the item has, for the count shown now. */
export function recordView(
  counting: ViewCounting,
  target: string,
  item: number,
  visitor: Counted,
  lastVisit: string | null,
  onError: (err: unknown) => void,
): number {
  const q = counting.views;
  const counted = lastVisit !== null && Date.parse(lastVisit) > Date.now() - DAY_MS;
  if (!counted && !q.visits.has(`${target}:${item}:${visitor.key}`)) {
    const date = new Date().toISOString();
    queueVisit(q, { target, item, visitor: visitor.key, date });
    if (visitor.cookieKey) queueVisit(q, { target, item, visitor: visitor.cookieKey, date, silent: true });
  }
  flushSoon(counting, onError);
  return q.perItem.get(`${target}:${item}`) ?? 0;
}

/** Visits another queue took (the page render thread's), queued here as they are. */
export function queueVisits(counting: ViewCounting, visits: Visit[], onError: (err: unknown) => void): void {
  for (const v of visits) queueVisit(counting.views, v);
  flushSoon(counting, onError);
}

function queueVisit(q: ViewQueue, visit: Visit): void {
  const key = `${visit.target}:${visit.item}:${visit.visitor}`;
  if (q.visits.has(key)) return;
  q.visits.set(key, visit);
  if (visit.silent) return;
  const itemKey = `${visit.target}:${visit.item}`;
  q.perItem.set(itemKey, (q.perItem.get(itemKey) ?? 0) + 1);
}

function flushSoon(counting: ViewCounting, onError: (err: unknown) => void): void {
  const q = counting.views;
  if (q.visits.size >= FLUSH_AT) void flushViews(counting).catch(onError);
  else if (!q.timer) {
    q.timer = setTimeout(() => void flushViews(counting).catch(onError), FLUSH_MS);
    q.timer.unref();
  }
}

/** A queue's visits, taken out of it unwritten: the page render thread (pages/render-worker.ts)
 * counts views as the server does, and hands them to the server's queue, which writes them. */
export function takeQueued(q: ViewQueue): Visit[] {
  clearTimeout(q.timer);
  q.timer = undefined;
  const visits = [...q.visits.values()];
  q.visits.clear();
  q.perItem.clear();
  return visits;
}

/** Queued visits of an item not yet in its stored count. */
export function pendingViews(counting: ViewCounting, target: string, item: number): number {
  return counting.views.perItem.get(`${target}:${item}`) ?? 0;
}

/** Writes the queued visits; also called at shutdown. */
export async function flushViews(counting: ViewCounting): Promise<void> {
  const q = counting.views;
  clearTimeout(q.timer);
  q.timer = undefined;
  // While the queue is full and a flush is under way, every visit asks for a flush: one waiting
  // is enough.
  if (q.waiting) return q.waiting;
  // One flush at a time, in order.
  const previous = q.flushing;
  const run = previous.then(async () => {
    q.waiting = undefined;
    const visits = [...q.visits.values()];
    if (visits.length === 0) return;
    q.visits.clear();
    const cutoff = new Date(Date.now() - DAY_MS).toISOString();
    try {
      // A few short transactions rather than one long one, which the server's own writes would
      // wait behind.
      for (let i = 0; i < visits.length; i += FLUSH_CHUNK) {
        await runInBackground(counting, writeVisitsJob, visits.slice(i, i + FLUSH_CHUNK), cutoff);
      }
    } finally {
      // Written or failed, these visits no longer add to the shown count.
      for (const v of visits) {
        if (v.silent) continue;
        const k = `${v.target}:${v.item}`;
        const left = (q.perItem.get(k) ?? 1) - 1;
        if (left > 0) q.perItem.set(k, left);
        else q.perItem.delete(k);
      }
    }
  });
  q.waiting = run;
  q.flushing = run.catch(() => {});
  return run;
}

/** Records the visits not counted in the last day and raises their items' counts (a silent one's
 * not): one statement for the visits and one per kind of item, however many there are. */
export async function writeVisits(db: Db, visits: Visit[], cutoff: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = sql.join(visits.map((v) => sql`(${v.target}, ${v.item}, ${v.visitor}, ${v.date})`));
    // Visits in one flush are distinct (the queue is keyed by them), as PostgreSQL requires.
    const written = await sql<{ target: string; item: number; visitor: string }>`
      insert into views (target, item, visitor, date) values ${rows}
      on conflict (target, item, visitor) do update set date = excluded.date where views.date < ${cutoff}
      returning target, item, visitor`.execute(trx);
    const silent = new Set(visits.filter((v) => v.silent).map((v) => `${v.target}:${v.item}:${v.visitor}`));
    const byTarget = new Map<string, Map<number, number>>();
    for (const w of written.rows) {
      if (silent.has(`${w.target}:${Number(w.item)}:${w.visitor}`)) continue;
      const items = byTarget.get(w.target) ?? new Map<number, number>();
      byTarget.set(w.target, items);
      items.set(Number(w.item), (items.get(Number(w.item)) ?? 0) + 1);
    }
    for (const [target, items] of byTarget) {
      const raise = sql.join(
        [...items].map(([item, n]) => sql`when ${item} then cast(${n} as integer)`),
        sql` `,
      );
      await sql`update ${sql.table(target)} set ${sql.ref('count')} = ${sql.ref('count')} + case id ${raise} end
        where id in (${sql.join([...items.keys()])})`.execute(trx);
    }
  });
}

const writeVisitsJob: BackgroundJob<[Visit[], string]> = { module: import.meta.url, name: 'writeVisits', run: writeVisits };

/** Visits deleted per transaction when old ones are cleared (a busy day leaves millions). */
const PRUNE_BATCH = 5000;

/** Deletes up to `limit` visits older than `cutoff`; answers how many it deleted. */
export async function pruneViewsBatch(db: Db, cutoff: string, limit: number): Promise<number> {
  const result = await sql`delete from views where (target, item, visitor) in
    (select target, item, visitor from views where date < ${cutoff} limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

const pruneViewsJob: BackgroundJob<[string, number], number> = { module: import.meta.url, name: 'pruneViewsBatch', run: pruneViewsBatch };

/** Old visits no longer matter once a day has passed; called hourly to keep the table small, in
 * short background transactions that the server's own writes can come between. */
export async function pruneViews(target: BackgroundTarget): Promise<void> {
  const cutoff = new Date(Date.now() - DAY_MS).toISOString();
  while ((await runInBackground(target, pruneViewsJob, cutoff, PRUNE_BATCH)) === PRUNE_BATCH) {
    // Until a batch comes back short.
  }
}

/** An item is deleted: its visit records go with it. */
export async function forgetViews(db: Executor, target: string, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('views').where('target', '=', target).where('item', 'in', ids).execute();
}
