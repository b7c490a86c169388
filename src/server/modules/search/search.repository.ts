import { type Selectable, type SqlBool, sql } from 'kysely';
import { SearchSection } from '#shared/enums.ts';
import { indexTokens, isCjkToken, type Phrase } from '#shared/search-text.ts';
import type { Dialect, Executor, SearchDocTable } from '#server/db/database.ts';

// The two engines behind one interface. Tokens come from src/shared/search-text.ts and hold only
// letters and digits, so they are safe inside FTS5 strings and tsquery lexemes.
// - SQLite: one contentless FTS5 table per section (search_fts_<section>), rowid = the item's id.
//   FTS5 reads a term's list cheaply from either end, newest (highest rowid) first, but does not
//   seek into the middle of it: in one table shared by every section, a section's results sat in
//   the middle and each query walked past the other sections'. The tables keep no copy of the
//   tokens and no per-row sizes (columnsize=0; ranking is by title, then date): an entry is deleted
//   by handing FTS5 the tokens it was indexed with, recomputed from search_doc's text.
//   FTS5's own prefix queries merge every matching term's whole list before giving a first row, so
//   a one-syllable query is expanded instead into the indexed words it starts (search_term).
// - PostgreSQL: a weighted tsvector column on search_doc with a GIN index, and its titles' words
//   (weight A) in a GIN index per section (migration 0019).
// search_doc holds each entry's plain title and body (for snippets) under section * 2^32 + item.

const SECTION_SPAN = 2 ** 32;
/** The most indexed words a one-syllable query is expanded into (SQLite). */
export const MAX_EXPANSION = 256;
/** Every section with an index of its own (SQLite: one FTS5 table each). */
export const SECTIONS = Object.values(SearchSection);

export function docId(section: number, item: number): number {
  return section * SECTION_SPAN + item;
}

/** A section's search_doc ids: newest first, both databases walk the primary key from the top
 * of this range (with `section = ?` they started from the top of the table and passed every later
 * section's entries). */
function idRange(section: number) {
  return sql<SqlBool>`id between ${docId(section, 0)} and ${docId(section + 1, 0) - 1}`;
}

/** A section's FTS5 table (SQLite). */
export function ftsTableName(section: number): string {
  return `search_fts_${section}`;
}

/** An index entry as written: a search_doc row without its own id. */
export type SearchDoc = Omit<Selectable<SearchDocTable>, 'id'>;

/** An entry's tokens, as indexed and as handed back to delete it. */
function tokensOf(d: { title: string; body: string }) {
  const title = indexTokens(d.title);
  const body = indexTokens(d.body);
  return { title, body, titleText: title.join(' '), bodyText: body.join(' ') };
}

/** What an FTS5 table holds of an entry: the text its tokens come from. */
export interface FtsEntry {
  section: number;
  item: number;
  title: string;
  body: string;
}

/** SQLite: adds entries to their sections' FTS5 tables, one statement per section, and their
 * Hangul words to search_term; or (`remove`) takes them out, with FTS5's 'delete' command and the
 * tokens they were indexed with. Used by every write of the index and its rebuild. */
export async function writeFtsEntries(db: Executor, entries: FtsEntry[], remove = false): Promise<void> {
  const tokens = entries.map(tokensOf);
  for (const section of new Set(entries.map((e) => e.section))) {
    const table = sql.table(ftsTableName(section));
    const values = entries.flatMap((e, i) => {
      if (e.section !== section) return [];
      const t = tokens[i] as ReturnType<typeof tokensOf>;
      return [remove ? sql`('delete', ${e.item}, ${t.titleText}, ${t.bodyText})` : sql`(${e.item}, ${t.titleText}, ${t.bodyText})`];
    });
    if (remove) await sql`insert into ${table} (${table}, rowid, title, body) values ${sql.join(values)}`.execute(db);
    else await sql`insert into ${table} (rowid, title, body) values ${sql.join(values)}`.execute(db);
  }
  if (remove) return;
  const words = new Set(tokens.flatMap((t) => [...t.title, ...t.body]).filter(isCjkToken));
  await sql`insert or ignore into search_term (term) select value from json_each(${JSON.stringify([...words])})`.execute(db);
}

/** Adds or replaces an item's entry (its section may have changed). */
export async function upsertSearchDoc(db: Executor, dialect: Dialect, d: SearchDoc): Promise<void> {
  await deleteSearchDocs(db, dialect, d.target, [d.item]);
  await insertSearchDocs(db, dialect, [d]);
}

export async function deleteSearchDocs(db: Executor, dialect: Dialect, target: string, items: number[]): Promise<void> {
  if (items.length === 0) return;
  const rows = await db
    .selectFrom('search_doc')
    .select(['id', 'item', 'section', 'title', 'body'])
    .where('target', '=', target)
    .where('item', 'in', items)
    .execute();
  if (rows.length === 0) return;
  if (dialect === 'sqlite') await writeFtsEntries(db, rows, true);
  await db
    .deleteFrom('search_doc')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
}

export async function clearSearchIndex(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await clearFtsEntries(db);
  await db.deleteFrom('search_doc').execute();
}

async function clearFtsEntries(db: Executor): Promise<void> {
  for (const s of SECTIONS) {
    const table = sql.table(ftsTableName(s));
    await sql`insert into ${table} (${table}) values ('delete-all')`.execute(db);
  }
  await sql`delete from search_term`.execute(db);
}

/** SQLite's FTS5 entries and search_term written anew from search_doc's text, 500 entries to a
 * statement, as every write puts them (a migration that remade the tables asks for it). On
 * PostgreSQL search_doc's own vector is the index. */
export async function rebuildFtsEntries(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await clearFtsEntries(db);
  for (let after = -1; ; ) {
    const rows = await db
      .selectFrom('search_doc')
      .select(['id', 'item', 'section', 'title', 'body'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    await writeFtsEntries(db, rows);
    after = Number(rows[rows.length - 1]?.id);
  }
}

/** How much merging FTS5 does inside a write's own commit (its 'automerge' setting; 0: none).
 * Each write's commit adds a segment to its section's index. Left to FTS5 (4), the commit that
 * brings a level to 16 segments merges them all ('crisismerge'), on the server's thread while
 * every request waits: at 1M posts every 16th post's commit took up to 20 ms where the others
 * took under 1 ms (quiet machine), and 1-2 s while the planner's statistics were stale (open.ts).
 * With none, mergeIndexStep, run every second on the background connection (index-merging.ts),
 * merges any level that holds 4 segments (FTS5's 'usermerge'), so no level reaches 16; should
 * the steps fall behind, the crisis merge still bounds the segments a search reads. */
const COMMIT_MERGE = 0;
/** At most this many pages (~1 KB each) written per merge step: a step holds the write lock for a
 * few ms, and the server's writes take turns with the steps. */
const MERGE_STEP_PAGES = 64;

async function setCommitMerge(db: Executor, section: number, level: number): Promise<void> {
  const table = sql.table(ftsTableName(section));
  await sql`insert into ${table} (${table}, rank) values ('automerge', ${sql.lit(level)})`.execute(db);
}

/** SQLite: commits no longer merge the index's segments (COMMIT_MERGE); the server runs
 * mergeIndexStep instead. Kept in each table's own settings; set at every start, as it costs
 * nothing when already so. */
export async function leaveMergesToSteps(db: Executor): Promise<void> {
  for (const s of SECTIONS) await setCommitMerge(db, s, COMMIT_MERGE);
}

/** SQLite: one bounded step of merging a section's index segments (FTS5's 'merge' command: only
 * where a level holds several, or a merge is under way). True when it did some work, so that
 * there may be more; false when there was nothing to merge. */
export async function mergeIndexStep(db: Executor, section: number): Promise<boolean> {
  const table = sql.table(ftsTableName(section));
  const changes = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]?.n);
  const before = await changes();
  await sql`insert into ${table} (${table}, rank) values ('merge', ${sql.lit(MERGE_STEP_PAGES)})`.execute(db);
  // The command itself counts as one change; merged pages written count as more (FTS5's doc).
  return (await changes()) - before >= 2;
}

/** Segments of a section's index (SQLite): one row per segment and term page in its %_idx table. */
export async function indexSegments(db: Executor, section: number): Promise<number> {
  const idx = sql.table(`${ftsTableName(section)}_idx`);
  return Number((await sql<{ n: number }>`select count(distinct segid) as n from ${idx}`.execute(db)).rows[0]?.n);
}

/** A rebuild turns merging off altogether and merges everything once at the end (optimize), which
 * costs far less in total than merging as it goes. */
export async function startBulkIndexing(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const s of SECTIONS) await setCommitMerge(db, s, 0);
}

/** After startBulkIndexing: one merge of everything, and the live setting from then on. */
export async function endBulkIndexing(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const s of SECTIONS) {
    const table = sql.table(ftsTableName(s));
    await sql`insert into ${table} (${table}) values ('optimize')`.execute(db);
  }
  await leaveMergesToSteps(db);
}

/** New entries (one after an edit, many in a rebuild after clearSearchIndex): multi-row inserts. */
export async function insertSearchDocs(db: Executor, dialect: Dialect, docs: SearchDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const rows = docs.map((d) => ({
    id: docId(d.section, d.item),
    target: d.target,
    item: d.item,
    section: d.section,
    date: d.date,
    title: d.title,
    body: d.body,
    chosung: d.chosung,
  }));
  if (dialect === 'postgres') {
    const tokens = docs.map(tokensOf);
    await db
      .insertInto('search_doc')
      .values(
        rows.map((r, i) => ({
          ...r,
          vec: sql`setweight(to_tsvector('simple', ${tokens[i]?.titleText}), 'A') || setweight(to_tsvector('simple', ${tokens[i]?.bodyText}), 'B')`,
        })) as never,
      )
      .execute();
    return;
  }
  await db.insertInto('search_doc').values(rows).execute();
  await writeFtsEntries(db, docs);
}

/** A query in the engine's own language and the text it searches. */
export interface EngineQuery {
  text: string;
  field: 'all' | 'title';
  /** PostgreSQL, titles: the same query with every word in the title's weight, for rows read one
   * by one (the newest entries). It reads the row's vector as it is, where the title's own vector
   * (which the title index holds) would first be copied out of it for every row. */
  titleWeighted?: string;
}

/** What a query matches: `all` over titles and bodies, `title` over titles only. Undefined when
 * nothing can match (a syllable no indexed word has). */
export interface Match {
  all: EngineQuery;
  title: EngineQuery;
}

/** Turns parsed phrases into an engine query. SQLite expands a phrase ending in one syllable
 * into the indexed words that syllable starts (밥 → 밥, 밥집, 밥을 ...), each an exact term. */
export async function compileMatch(db: Executor, dialect: Dialect, phrases: Phrase[]): Promise<Match | undefined> {
  if (phrases.length === 0) return undefined;
  // No weights in the query: GIN then answers without reading each row's vector again to check
  // them. Titles are searched in their own indexed part of the vector (pgVector).
  if (dialect === 'postgres') {
    const text = tsQuery(phrases);
    return { all: { text, field: 'all' }, title: { text, field: 'title', titleWeighted: tsQuery(phrases, 'A') } };
  }
  const groups: string[] = [];
  for (const p of phrases) {
    let alternatives = [`"${p.tokens.join(' ')}"`];
    if (p.prefix) {
      const start = p.tokens[p.tokens.length - 1] as string;
      const words = await sql<{ term: string }>`
        select term from search_term where term >= ${start} and term < ${`${start}\u{10ffff}`} limit ${MAX_EXPANSION + 1}`.execute(db);
      if (words.rows.length === 0) return undefined;
      // Past a few hundred words the OR costs about what FTS5's own prefix query does (tens of ms
      // a section at 1M posts) and its text keeps growing: the prefix query then.
      alternatives =
        words.rows.length > MAX_EXPANSION
          ? [`"${p.tokens.join(' ')}"*`]
          : words.rows.map((w) => `"${[...p.tokens.slice(0, -1), w.term].join(' ')}"`);
    }
    groups.push(`(${alternatives.join(' OR ')})`);
  }
  const body = groups.join(' AND ');
  return { all: { text: `{title body} : (${body})`, field: 'all' }, title: { text: `{title} : (${body})`, field: 'title' } };
}

/** The phrases as a tsquery; with a weight, each word only where the vector has it so weighted. */
function tsQuery(phrases: Phrase[], weight = ''): string {
  const lexeme = (t: string, prefix: boolean) => `'${t}'${prefix || weight ? `:${prefix ? '*' : ''}${weight}` : ''}`;
  return phrases.map((p) => `(${p.tokens.map((t, i) => lexeme(t, i === p.tokens.length - 1 && p.prefix)).join(' <-> ')})`).join(' & ');
}

/** PostgreSQL's search vector holds titles as weight A; `ts_filter` keeps just those, the
 * expression migration 0019 indexes per section (a title query always names its section's range
 * of ids): the condition as the GIN indexes answer it. */
function pgMatches(query: EngineQuery) {
  const vector = query.field === 'title' ? sql`ts_filter(vec, '{a}')` : sql`vec`;
  return sql<boolean>`${vector} @@ to_tsquery('simple', ${query.text})`;
}

/** The same condition for rows read one by one (a section's newest entries): the same matches. */
function pgRowMatches(query: EngineQuery) {
  return sql<boolean>`vec @@ to_tsquery('simple', ${query.titleWeighted ?? query.text})`;
}

/** SQLite: item ids of a section's matching entries, newest first (optionally without those
 * matching `exclude`). PostgreSQL has its own way to a page (pgFindItems, pgCountHits). */
function ftsMatchingItems(section: number, match: EngineQuery, exclude?: EngineQuery) {
  const table = sql.table(ftsTableName(section));
  const not = exclude ? sql` and rowid not in (select rowid from ${table} where ${table} match ${exclude.text})` : sql``;
  return sql<{ item: number }>`select rowid as item from ${table} where ${table} match ${match.text}${not} order by rowid desc`;
}

/** An entry as results show it. */
export type Hit = Omit<SearchDoc, 'chosung'>;

/** A section's entries, in the order of `items`. */
export async function docsByItems(db: Executor, section: number, items: number[]): Promise<Hit[]> {
  if (items.length === 0) return [];
  const rows = await db
    .selectFrom('search_doc')
    .select(['item', 'target', 'section', 'date', 'title', 'body'])
    .where(
      'id',
      'in',
      items.map((item) => docId(section, item)),
    )
    .execute();
  const byItem = new Map(rows.map((r) => [r.item, r]));
  return items.flatMap((item) => {
    const r = byItem.get(item);
    return r ? [r] : [];
  });
}

/** Posts' Korean and English titles: the index holds them as one text, results show them apart. */
export async function findBoardTitles(db: Executor, ids: number[]): Promise<Map<number, { title: string; etitle: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('board').select(['id', 'title', 'etitle']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, etitle: r.etitle }]));
}

/** Item ids of a section's matching entries, newest first. */
export async function findItems(
  db: Executor,
  dialect: Dialect,
  section: number,
  match: EngineQuery,
  limit: number,
  offset: number,
  exclude?: EngineQuery,
  seen?: NewestSeen,
): Promise<number[]> {
  if (dialect === 'postgres') return pgFindItems(db, section, match, limit, offset, exclude, seen);
  const rows = await sql<{ item: number }>`${ftsMatchingItems(section, match, exclude)} limit ${limit} offset ${offset}`.execute(db);
  return rows.rows.map((r) => Number(r.item));
}

/** How many entries of a section match, counting no further than `cap`. */
export async function countHits(
  db: Executor,
  dialect: Dialect,
  section: number,
  match: EngineQuery,
  cap: number,
  seen?: NewestSeen,
): Promise<number> {
  if (dialect === 'postgres') return pgCountHits(db, section, match, cap, seen);
  const r = await sql<{ n: number }>`select count(*) as n from (${ftsMatchingItems(section, match)} limit ${cap}) m`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

// PostgreSQL's planner knows how common a word is in the whole table, not in one section. Given a
// LIMIT, it walks a section newest first whenever it expects the matches to come soon, and for a
// word that is rare in that section this reads all of it ('cost' in the community: 0.5-1 s at 1M
// entries). So a section's matches are first looked for among its newest entries, where a common
// word has enough at once; failing that, the query is planned as if it wanted every match (a
// MATERIALIZED CTE keeps the LIMIT out of the plan), which asks the GIN index for a rare word.

/** How many of a section's newest entries are looked at before the index is asked: a few first,
 * then more if those had some matches. */
const PG_NEWEST = [2000, 20_000] as const;

function pgNewest(section: number, size: number) {
  return sql`(select id, item, vec from search_doc where ${idRange(section)} order by id desc limit ${size}) newest`;
}

async function pgFindItems(
  db: Executor,
  section: number,
  match: EngineQuery,
  limit: number,
  offset: number,
  exclude?: EngineQuery,
  seen?: NewestSeen,
) {
  const where = exclude ? sql`${pgMatches(match)} and not ${pgMatches(exclude)}` : pgMatches(match);
  const rowWhere = exclude ? sql`${pgRowMatches(match)} and not ${pgRowMatches(exclude)}` : pgRowMatches(match);
  // A first look saw too few matches among the newest: those windows would come up short, and
  // with none at all the index is asked at once.
  const short = seen !== undefined && seen.matches < offset + limit;
  const sizes = seen?.matches === 0 ? [] : PG_NEWEST.filter((size) => !short || size > seen.size);
  for (const size of sizes) {
    const rows = (
      await sql<{
        item: number;
      }>`select item from ${pgNewest(section, size)} where ${rowWhere} order by id desc limit ${limit} offset ${offset}`.execute(db)
    ).rows;
    if (rows.length === limit) return rows.map((r) => Number(r.item));
    // None among the first few thousand: the wider look would likely come up short too.
    if (rows.length === 0) break;
  }
  const all = await sql<{ item: number }>`with m as materialized (select id, item from search_doc where ${idRange(section)} and ${where})
    select item from m order by id desc limit ${limit} offset ${offset}`.execute(db);
  return all.rows.map((r) => Number(r.item));
}

async function pgCountHits(db: Executor, section: number, match: EngineQuery, cap: number, seen?: NewestSeen): Promise<number> {
  if (seen && seen.matches >= cap) return cap;
  let density = seen ? seen.matches / seen.size : 1;
  for (const size of PG_NEWEST) {
    // Worth reading `size` entries only if they are likely to hold `cap` matches (and not read
    // already by a first look).
    if (density * size < cap || (seen && size <= seen.size)) continue;
    const r = await sql<{ n: number }>`select count(*) as n from
      (select 1 from ${pgNewest(section, size)} where ${pgRowMatches(match)} limit ${cap}) capped`.execute(db);
    const n = Number(r.rows[0]?.n ?? 0);
    if (n >= cap) return cap;
    density = n / size;
  }
  // A CTE runs only as far as its reader asks: the count stops at the cap.
  const all = await sql<{ n: number }>`with m as materialized (select 1 from search_doc where ${idRange(section)} and ${pgMatches(match)})
    select count(*) as n from (select 1 from m limit ${cap}) capped`.execute(db);
  return Number(all.rows[0]?.n ?? 0);
}

/** What a first look (pgFirstLooks) saw of a section's matches among its newest entries: how
 * many it read and how many matched, counting no further than it needed (the cap, a page). */
export interface NewestSeen {
  size: number;
  matches: number;
}

/** A first look at a section for /search's first page (PostgreSQL). */
export interface FirstLook {
  seen: NewestSeen;
  /** Title matches among the newest entries, counted as far as a page. */
  titlesSeen: NewestSeen;
  /** The page as results show it (title matches first, newest first), when it is certain: the
   * newest entries held a page of title matches. */
  hits: Hit[] | undefined;
}

/** PostgreSQL: every section's first look in one statement. Among a section's newest entries, the
 * matches are counted up to the cap and the newest title matches looked for; when those fill the
 * page, the page's entries come along. A common word's page and count (the usual search) are
 * then one statement instead of three or four a section, each planned and sent on its own. */
export async function pgFirstLooks(
  db: Executor,
  sections: number[],
  match: Match,
  size: number,
  cap: number,
): Promise<Map<number, FirstLook>> {
  const [newest, wider] = PG_NEWEST;
  const ranges = sections.map((s) => sql`(${s}::int, ${docId(s, 0)}::bigint, ${docId(s + 1, 0) - 1}::bigint)`);
  const entries = sql`select id, vec from search_doc where id between s.low and s.high order by id desc`;
  // Each subquery reads the newest entries only as far as it needs: a few dozen for a page of a
  // common word's title matches, about the cap's worth for its count. When the count falls short
  // of the cap but the matches are dense enough to reach it among the wider window's entries (as
  // pgCountHits reckons), it goes on there from the entry it stopped at. OFFSET 0 keeps each
  // lateral subquery whole: pulled up into the join, its subqueries ran again for every page entry.
  const rows = await sql<{
    section: number;
    n: number;
    further: number | null;
    ids: number[];
    item: number | null;
    target: string | null;
    date: string | null;
    title: string | null;
    body: string | null;
    id: number | null;
  }>`select s.section, m.n, w.further, m.ids, d.id, d.item, d.target, d.date, d.title, d.body
    from (values ${sql.join(ranges)}) as s (section, low, high)
    cross join lateral (select
      (select count(*) from (select 1 from (${entries} limit ${newest}) e where ${pgRowMatches(match.all)} limit ${cap}) capped) as n,
      array(select id from (${entries} limit ${newest}) e where ${pgRowMatches(match.title)} order by id desc limit ${size}) as ids
      offset 0
    ) m
    cross join lateral (select
      case when m.n < ${cap} and m.n * ${wider}::int >= ${cap * newest}::int then m.n + (select count(*) from
        (select 1 from (${entries} offset ${newest} limit ${wider - newest}) e where ${pgRowMatches(match.all)} limit ${cap}::int - m.n) capped)
      end as further
      offset 0
    ) w
    left join search_doc d on cardinality(m.ids) = ${size} and d.id = any (m.ids)`.execute(db);
  const docs = new Map<number, Hit>();
  for (const r of rows.rows) {
    if (r.id === null) continue;
    const { item, target, date, title, body } = r as { item: number; target: string; date: string; title: string; body: string };
    docs.set(Number(r.id), { item, target, section: r.section, date, title, body });
  }
  const looks = new Map<number, FirstLook>();
  for (const r of rows.rows) {
    if (looks.has(r.section)) continue;
    const hits = r.ids.length === size ? r.ids.flatMap((id) => docs.get(Number(id)) ?? []) : undefined;
    const seen = r.further === null ? { size: newest, matches: Number(r.n) } : { size: wider, matches: Number(r.further) };
    looks.set(r.section, { seen, titlesSeen: { size: newest, matches: r.ids.length }, hits });
  }
  return looks;
}

/** PostgreSQL: the first page and count of the sections whose newest entries hold no match (a
 * word rare there), in one statement: the GIN index finds the matches of every such section at
 * once, instead of a count, a page of title matches and a page of any matches asking it for each
 * section again (each walking the whole table's matches for its own few). Title matches first,
 * newest first within each; the count is exact (the caller caps it). */
export async function pgRareLooks(
  db: Executor,
  sections: number[],
  match: Match,
  size: number,
): Promise<Map<number, { total: number; items: number[] }>> {
  const looks = new Map(sections.map((s) => [s, { total: 0, items: [] as number[] }]));
  if (sections.length === 0) return looks;
  const ranges = sections.map(idRange);
  const rows = await sql<{ section: number; n: number; items: number[] }>`
    select section, count(*) as n, (array_agg(item order by t desc, id desc))[1:${size}] as items
    from (select id, item, section, ${pgRowMatches(match.title)} as t from search_doc
      where ${pgMatches(match.all)} and (${sql.join(ranges, sql` or `)})) m
    group by section`.execute(db);
  for (const r of rows.rows) looks.set(r.section, { total: Number(r.n), items: r.items.map(Number) });
  return looks;
}

/** Whether any entry matches a phrase: the question the search service asks before shortening a
 * typed word (a particle off, a compound's tail off). A word in use answers at once; one that no
 * entry has costs a look per section's FTS5 table (a few terms' lists), or on PostgreSQL the GIN
 * index after the newest entries (not a look per section: each would read its newest entries). */
export async function anyMatch(db: Executor, dialect: Dialect, phrase: Phrase): Promise<boolean> {
  const match = await compileMatch(db, dialect, [phrase]);
  if (!match) return false;
  if (dialect === 'postgres') return pgAnyMatch(db, match.all);
  for (const section of SECTIONS) if ((await countHits(db, dialect, section, match.all, 1)) > 0) return true;
  return false;
}

async function pgAnyMatch(db: Executor, match: EngineQuery): Promise<boolean> {
  const newest = await sql`select 1 from (select vec from search_doc order by id desc limit ${PG_NEWEST[0]}) newest
    where ${pgRowMatches(match)} limit 1`.execute(db);
  if (newest.rows.length > 0) return true;
  const all = await sql`with m as materialized (select 1 from search_doc where ${pgMatches(match)}) select 1 from m limit 1`.execute(db);
  return all.rows.length > 0;
}

/** The items of a section that match, as a subquery of item ids (a list's keyword box). */
export function matchingItemsSql(dialect: Dialect, section: number, match: EngineQuery) {
  if (dialect === 'postgres') return sql`select item from search_doc where ${idRange(section)} and ${pgMatches(match)}`;
  const table = sql.table(ftsTableName(section));
  return sql`select rowid from ${table} where ${table} match ${match.text}`;
}

/** Titles whose 초성 hold every word, each within a word of the title: the stored 초성 keeps its
 * word gaps (chosungOf), and a query word holds none. Only consonants reach LIKE. */
export function chosungMatches(words: string[]) {
  return sql<SqlBool>`(${sql.join(
    words.map((w) => sql`chosung like ${`%${w}%`}`),
    sql` and `,
  )})`;
}

/** 초성 search over titles (ㅅㄷ finds 식당): a scan of the section, bounded by the limit. */
export async function findChosungHits(db: Executor, chosung: string[], section: number, limit: number, offset: number): Promise<Hit[]> {
  return db
    .selectFrom('search_doc')
    .select(['target', 'item', 'section', 'date', 'title', 'body'])
    .where(idRange(section))
    .where(chosungMatches(chosung))
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
