import { sql } from 'kysely';
import type { Db, Executor } from './database.ts';
import { COUNTED, type CountedSpec, type CountedTable, countedSpecOf } from './counted-lists.ts';
import { precompiled } from './precompiled.ts';

// A list's total comes from a counter kept in the same transaction as the write that moves an
// item in or out of the list, not from counting the list's rows: at 1M posts a section's COUNT(*)
// read a quarter of a million index entries. `list_counts` holds one row per (table, scope): a scope is the values of a counted set of equality filters (counted-lists.ts).
// Every write of a counted table hands its rows before and after to moveCounts.

type Row = Record<string, unknown>;

/** The scope's name: its columns and values in column order, so a write and a read agree. */
function scopeKey(pairs: [string, unknown][]): string {
  return JSON.stringify(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every counter a row counts in, one per counted scope: the one place that says what a row
 * counts for. */
export function countedScopes(spec: CountedSpec, row: Row): string[] {
  return spec.scopes.map((cols) => scopeKey([...spec.always, ...cols].map((c) => [c, row[c]])));
}

/** The columns moveCounts needs of a row. */
export function countedColumns(table: string): string[] {
  const spec = countedSpecOf(table);
  if (!spec) return [];
  return [...new Set([...spec.always, ...spec.scopes.flat()])];
}

type Deltas = Map<string, number>;

function tally(deltas: Deltas, spec: CountedSpec, rows: readonly Row[], sign: number): void {
  for (const row of rows) {
    for (const scope of countedScopes(spec, row)) deltas.set(scope, (deltas.get(scope) ?? 0) + sign);
  }
}

/** Adds the deltas in one statement, in key order: two transactions on PostgreSQL then lock the
 * counters they share in the same order and never wait on each other in a circle. */
async function applyDeltas(db: Executor, table: string, deltas: Deltas): Promise<void> {
  const values = [...deltas]
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([scope, n]) => ({ tbl: table, scope, n }));
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insertInto('list_counts')
      .values(values.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['tbl', 'scope']).doUpdateSet({ n: sql`list_counts.n + excluded.n` }))
      .execute();
  }
}

/** A write's effect on the counts: its rows as they were (none for an insert) and as they are
 * (none for a delete). Called inside the write's transaction, with rows read there (locked on
 * PostgreSQL: lockedRows). */
export async function moveCounts(db: Executor, table: string, before: readonly Row[], after: readonly Row[]): Promise<void> {
  const spec = countedSpecOf(table);
  if (!spec) return;
  const deltas: Deltas = new Map();
  tally(deltas, spec, before, -1);
  tally(deltas, spec, after, 1);
  await applyDeltas(db, table, deltas);
}

/** What a counted list asks: its equality conditions (the filters and the narrowing's own, such
 * as hidden and closed). */
export interface CountQuery {
  eq: Record<string, unknown>;
}

const readScope = precompiled((db) =>
  db
    .selectFrom('list_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql.lit(0)).as('n'))
    .where('tbl', '=', '')
    .where('scope', '=', '')
    .compile(),
);

/** The list's total from its counter, or undefined when the conditions are not a counted scope
 * (the caller then counts the rows). */
export async function readCount(db: Db, table: string, query: CountQuery): Promise<number | undefined> {
  const spec = countedSpecOf(table);
  if (!spec) return undefined;
  const cols = Object.keys(query.eq);
  if (!spec.always.every((c) => cols.includes(c))) return undefined;
  const filters = cols.filter((c) => !spec.always.includes(c));
  if (!spec.scopes.some((s) => s.length === filters.length && s.every((c) => filters.includes(c)))) return undefined;
  const scope = scopeKey(Object.entries(query.eq));
  const rows = await readScope(db, [table, scope]);
  return Number(rows[0]?.n ?? 0);
}

/** The totals of one counted scope's every value, e.g. board rows per (closed, hidden,
 * topcategory): the rows of `table` grouped by `columns` (ALWAYS included), read from the
 * counters instead of grouping the table (the admin dashboard at 1M posts read every row). */
export async function countsBy(db: Executor, table: CountedTable, columns: readonly string[]): Promise<{ values: Row; n: number }[]> {
  const spec = COUNTED[table];
  const wanted = [...new Set([...spec.always, ...columns])].sort();
  if (!spec.scopes.some((s) => [...new Set([...spec.always, ...s])].sort().join() === wanted.join())) {
    throw new Error(`${table} keeps no counter by ${wanted.join(', ')}`);
  }
  const rows = await db.selectFrom('list_counts').select(['scope', 'n']).where('tbl', '=', table).execute();
  const out: { values: Row; n: number }[] = [];
  for (const { scope, n } of rows) {
    const pairs = JSON.parse(scope) as [string, unknown][];
    if (pairs.length === wanted.length && pairs.every(([c], i) => c === wanted[i]))
      out.push({ values: Object.fromEntries(pairs), n: Number(n) });
  }
  return out;
}

/** Counts every counted table's rows afresh: after a migration that changes what is counted, a
 * restore, or rows loaded around the services (the demo seed, a benchmark's import). Reads in
 * id order, a page at a time, through the same countedScopes as the writes. */
export async function rebuildCounts(db: Executor): Promise<void> {
  for (const spec of Object.values(COUNTED)) {
    const deltas: Deltas = new Map();
    const columns = ['id', ...countedColumns(spec.table)];
    for (let last = 0; ; ) {
      const rows = (await db
        .selectFrom(spec.table)
        .select(columns as never[])
        .where('id', '>', last)
        .orderBy('id')
        .limit(10_000)
        .execute()) as Row[];
      if (rows.length === 0) break;
      tally(deltas, spec, rows, 1);
      last = rows[rows.length - 1]?.id as number;
    }
    await db.deleteFrom('list_counts').where('tbl', '=', spec.table).execute();
    await applyDeltas(db, spec.table, deltas);
  }
}
