import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '#shared/api.ts';
import type { Database, Db, Executor } from '#server/db/database.ts';
import type { WriteTracker } from '#server/db/write-tracker.ts';
import { cachedByTable } from '#server/db/table-reads.ts';
import { type CountQuery, readCount } from '#server/db/counters.ts';
import { DATE_RANGE_ORDER, dateRangeInOrder, dateRangeShape, INT_MAX, inQuery, integer, paging } from '#shared/schemas/fields.ts';
import { zonedDayRange } from '#shared/format.ts';

// The list, count and sum calls of SPEC §7 share one filter language, declared per resource:
// equality filters on enumerated or id columns, a keyword over text columns, a sort key and a
// page. Only declared columns reach SQL; everything else in the query string is refused.

export interface ListSpec<T extends keyof Database> {
  table: T;
  /** Numeric columns a client may filter by equality (?level=3). */
  filters: readonly (keyof Database[T] & string)[];
  /** Text columns a client may filter by equality (?category=자유게시판). */
  textFilters?: readonly (keyof Database[T] & string)[];
  /** Text columns the keyword is matched against. */
  keyword: readonly (keyof Database[T] & string)[];
  /** Columns a client may sort by; `sort=-date` sorts descending. */
  sorts: readonly (keyof Database[T] & string)[];
  defaultSort: string;
  /** Ascending orders that settle ties of the sort before the id does (a day's events by time,
   * then by the admins' order). A column that is the sort itself is skipped. */
  thenBy?: readonly (keyof Database[T] & string)[];
  /** Named orders of several columns (`sort=fresh`: the market's 거래중 before 거래완료, then the
   * last bump), each ending with the id, descending. */
  orders?: Readonly<Record<string, readonly (readonly [keyof Database[T] & string, 'asc' | 'desc'])[]>>;
  /** Numeric columns the sum call totals. */
  sums: readonly (keyof Database[T] & string)[];
  /** The timestamp column ?from=&to= filter (admin lists): SPEC §9's default range, from 00:00:00
   * to 23:59:59 in the site's time zone. */
  dateRange?: keyof Database[T] & string;
}

export function listParamsSchema<T extends keyof Database>(spec: ListSpec<T>, extra: z.ZodRawShape = {}): z.ZodType<ListParams> {
  const filterShape = Object.fromEntries([
    ...spec.filters.map((f) => [f, inQuery(integer(0, INT_MAX)).optional()]),
    ...(spec.textFilters ?? []).map((f) => [
      f,
      z
        .string()
        .max(100)
        .transform((s) => s.normalize('NFC').trim())
        .optional(),
    ]),
  ]);
  const sortValues = [...spec.sorts.flatMap((s) => [s, `-${s}`]), ...Object.keys(spec.orders ?? {})] as [string, ...string[]];
  const schema = z.strictObject({
    ...paging(PAGE_SIZE_DEFAULT, { maxSize: PAGE_SIZE_MAX }),
    sort: z.enum(sortValues).default(spec.defaultSort),
    keyword: z
      .string()
      .max(200)
      .transform((s) => s.normalize('NFC').trim())
      .optional(),
    ...filterShape,
    ...(spec.dateRange && dateRangeShape),
    ...extra,
  });
  return (spec.dateRange ? schema.refine(dateRangeInOrder, DATE_RANGE_ORDER) : schema) as unknown as z.ZodType<ListParams>;
}
export type ListParams = {
  page: number;
  size: number;
  sort: string;
  keyword?: string;
} & Record<string, unknown>;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

export type AnyQuery = SelectQueryBuilder<any, any, any>;
/** A resource's own conditions (scope, ranges, computed filters) added to every list query. */
export type Narrow = (q: AnyQuery) => AnyQuery;

function applyFilters<T extends keyof Database>(q: AnyQuery, spec: ListSpec<T>, params: ListParams, options: ListOptions): AnyQuery {
  let query = options.narrow ? options.narrow(q) : q;
  if (spec.dateRange && (params.from || params.to)) {
    if (!options.timeZone) throw new Error(`${spec.table}: a date range needs the site's time zone`);
    const { start, end } = zonedDayRange(params.from as string | undefined, params.to as string | undefined, options.timeZone);
    if (start) query = query.where(sql.ref(spec.dateRange), '>=', start);
    if (end) query = query.where(sql.ref(spec.dateRange), '<', end);
  }
  for (const f of [...spec.filters, ...(spec.textFilters ?? [])]) {
    const v = params[f] as number | string | undefined;
    if (v !== undefined && v !== '') query = query.where(sql.ref(f), '=', v);
  }
  const keyword = params.keyword;
  if (keyword) {
    const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
    query = query.where((eb: ExpressionBuilder<any, any>) =>
      eb.or(spec.keyword.map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
    );
  }
  return query;
}

/** Every ANCHOR_STEP-th id of a list in id order, so that a deep page starts from a nearby id
 * instead of stepping over every row before it (page 5,000 costs about what page 1 does). */
const ANCHOR_STEP = 500;

/** A builder over a derived table, whose columns Kysely's types cannot know. */
type AnyDb = { selectFrom(from: unknown): any };

/** A cache key for the rows a query selects: its SQL and parameters. */
function queryKey(q: AnyQuery): string {
  const { sql: text, parameters } = q.compile();
  return `${text}\u0000${JSON.stringify(parameters)}`;
}

/** How a list query runs: which columns it answers (all when left out), the resource's own
 * conditions, and the tracker that keeps totals and page anchors until the table is written
 * (none inside a transaction: nothing is remembered there). */
export interface ListOptions {
  columns?: readonly string[];
  narrow?: Narrow;
  tracker?: WriteTracker;
  /** The site's time zone, for a spec with a date range. */
  timeZone?: string;
  /** The narrowing's own conditions as a counted scope's (db/counters.ts): the total then comes
   * from a counter when the filters are a counted set. Left out: the narrowing is more than
   * equalities (a price range, opening hours) and the rows are counted. */
  counted?: CountQuery;
}

export async function listRows<T extends keyof Database, Row>(
  db: Executor,
  spec: ListSpec<T>,
  params: ListParams,
  options: ListOptions = {},
): Promise<{ items: Row[]; total: number; page: number; size: number }> {
  const { rows, base } = await pageQuery(db, spec, params, options);
  const [items, rowsTotal] = await Promise.all([rows.execute() as Promise<Row[]>, total(db, spec, params, options, base)]);
  return { items, total: rowsTotal, page: params.page, size: params.size };
}

/** A page of rows without their total, for a box that shows a list's first few and no count. */
export async function pageRows<T extends keyof Database, Row>(
  db: Executor,
  spec: ListSpec<T>,
  params: ListParams,
  options: ListOptions = {},
): Promise<Row[]> {
  return (await (await pageQuery(db, spec, params, options)).rows.execute()) as Row[];
}

/** The query for a page's rows, and the filtered query it starts from (what a total counts). */
async function pageQuery<T extends keyof Database>(
  db: Executor,
  spec: ListSpec<T>,
  params: ListParams,
  options: ListOptions,
): Promise<{ rows: AnyQuery; base: AnyQuery }> {
  const { columns, tracker } = options;
  const base = applyFilters(db.selectFrom(spec.table) as AnyQuery, spec, params, options);
  const named = spec.orders?.[params.sort];
  const desc = named !== undefined || params.sort.startsWith('-');
  const dir = desc ? 'desc' : 'asc';
  const sortCol = desc && !named ? params.sort.slice(1) : params.sort;
  let offset = (params.page - 1) * params.size;
  let page = base;
  if (tracker && sortCol === 'id' && offset >= ANCHOR_STEP) {
    const anchors = await cachedByTable(tracker, spec.table, `anchors:${dir}:${queryKey(base)}`, async () => {
      // The database numbers the rows and answers every ANCHOR_STEP-th: at 1M posts the server
      // would otherwise hold a quarter of a million ids at once to keep a few hundred.
      const numbered = base.select(['id', sql<number>`row_number() over (order by id ${sql.raw(dir)})`.as('n')]);
      const rows = (await (db as unknown as AnyDb)
        .selectFrom(numbered.as('numbered'))
        .select('id')
        .where(sql<number>`(n - 1) % ${sql.lit(ANCHOR_STEP)}`, '=', 0)
        .orderBy('id', dir)
        .execute()) as { id: number }[];
      return rows.map((r) => r.id);
    });
    const k = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.length - 1);
    if (k > 0) {
      page = base.where('id', desc ? '<=' : '>=', anchors[k] as number);
      offset -= k * ANCHOR_STEP;
    }
  }
  let ordered = columns ? page.select(columns as string[]) : page.selectAll();
  if (named) for (const [col, by] of named) ordered = ordered.orderBy(col, by);
  else ordered = ordered.orderBy(sortCol, dir);
  for (const col of spec.thenBy ?? []) if (col !== sortCol) ordered = ordered.orderBy(col, 'asc');
  return { rows: ordered.orderBy('id', dir).limit(params.size).offset(offset), base };
}

/** The number of rows a filtered query matches, remembered until the table is written. */
async function countFiltered(table: string, q: AnyQuery, tracker: WriteTracker | undefined): Promise<number> {
  const counted = q.select((eb) => eb.fn.countAll().as('total'));
  const run = async () => Number(((await counted.executeTakeFirst()) as { total?: unknown } | undefined)?.total ?? 0);
  return tracker ? cachedByTable(tracker, table, `count:${queryKey(counted)}`, run) : run();
}

/** The counted scope a list's query is, if it is one: its filters' equalities with the
 * narrowing's; none with a keyword or a date range. */
function countQuery<T extends keyof Database>(spec: ListSpec<T>, params: ListParams, options: ListOptions): CountQuery | undefined {
  const { counted } = options;
  if (!counted || params.keyword || (spec.dateRange && (params.from || params.to))) return undefined;
  const eq: Record<string, unknown> = { ...counted.eq };
  for (const f of [...spec.filters, ...(spec.textFilters ?? [])]) {
    const v = params[f];
    if (v === undefined || v === '') continue;
    // The same column fixed twice (a member's own inquiries, asked for another's): counted rows.
    if (f in eq && eq[f] !== v) return undefined;
    eq[f] = v;
  }
  return { ...counted, eq };
}

/** A list's total: its counter when its conditions are a counted scope, else its rows counted
 * (a keyword's matches, a price range), remembered until the table is written. Those lists are
 * narrowed by an index (the search index, a section's) and are what people rarely page through. */
async function total<T extends keyof Database>(
  db: Executor,
  spec: ListSpec<T>,
  params: ListParams,
  options: ListOptions,
  base: AnyQuery,
): Promise<number> {
  const query = countQuery(spec, params, options);
  const counted = query && (await readCount(db as Db, spec.table, query));
  return counted ?? countFiltered(spec.table, base, options.tracker);
}

export async function countRows<T extends keyof Database>(
  db: Executor,
  spec: ListSpec<T>,
  params: ListParams,
  options: ListOptions = {},
): Promise<number> {
  return total(db, spec, params, options, applyFilters(db.selectFrom(spec.table) as AnyQuery, spec, params, options));
}

export async function sumRows<T extends keyof Database>(
  db: Executor,
  spec: ListSpec<T>,
  params: ListParams,
  options: ListOptions = {},
): Promise<{ total: number; sum: Record<string, number> }> {
  const q = applyFilters(db.selectFrom(spec.table) as AnyQuery, spec, params, options);
  const row = (await q
    .select((eb) => [eb.fn.countAll().as('total'), ...spec.sums.map((col) => eb.fn.coalesce(eb.fn.sum(col), sql.lit(0)).as(col))])
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  const sum = Object.fromEntries(spec.sums.map((col) => [col, Number(row?.[col] ?? 0)]));
  return { total: Number(row?.total ?? 0), sum };
}
