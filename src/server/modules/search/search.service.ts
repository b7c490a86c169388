import { type Expression, type SqlBool, sql } from 'kysely';
import type { SearchTarget } from '#shared/schemas/content.ts';
import { z } from 'zod';
import type { SearchGroup, SearchResult } from '#shared/api.ts';
import { chosungOf, parseSearchQuery, type SearchQuery, snippet } from '#shared/search-text.ts';
import { SECTION_LISTS } from '#shared/sections.ts';
import { itemPath } from '#shared/site.ts';
import { textOf } from '#shared/text.ts';
import type { Db, Dialect, Executor } from '#server/db/database.ts';
import { isShownRow, shown } from '#server/db/visibility.ts';
import type { Deps } from '#server/context.ts';
import {
  clearSearchIndex,
  compileMatch,
  countHits,
  deleteSearchDocs,
  docsByItems,
  endBulkIndexing,
  findBoardTitles,
  findChosungHits,
  findItems,
  chosungMatches,
  type Hit,
  insertSearchDocs,
  type FirstLook,
  type Match,
  matchingItemsSql,
  pgFirstLooks,
  pgRareLooks,
  type SearchDoc,
  startBulkIndexing,
  upsertSearchDoc,
} from './search.repository.ts';
import { closedAmong } from '#server/modules/freshness/freshness.list.ts';
import { CONTENT_NAMES, CONTENT_RESOURCES } from '#server/modules/content/content-resources.ts';
import { asIndexed } from './typed-words.ts';
import { paging } from '#shared/schemas/fields.ts';

// One search service for /search (every section) and every list's keyword box (one section).
// Results: title matches first, then matches in the text, newest first within each; hidden items
// are never in the index, inquiries never go in.

const BODY_MAX = 4000;
/** A section's pages count up to here: "1,000+" is as useful to a reader as the exact number and
 * much cheaper. */
export const COUNT_CAP = 1000;
/** /search's overview (the first few results of every section) counts each section up to here: a
 * count costs reading about cap / density entries of the section, newest first, where there is
 * no index that counts (PostgreSQL at 1M: ~0.6 µs an entry, 15 ms an overview for a common word
 * at 1,000, 35-100 ms for two). The section's own page, one click away, counts on to COUNT_CAP,
 * and so do further pages of the overview (API only), whose title matches are counted to find
 * where the others begin. */
export const OVERVIEW_COUNT_CAP = 100;

type Row = Record<string, unknown>;

export interface SearchSection {
  key: string;
  label: string;
  target: SearchTarget;
  section: number;
  path: string;
}

/** /search's groups: each section's list (sections.ts), in the header's order, then the kinds
 * their resources give a group of their own (events). */
export const SEARCH_SECTIONS: SearchSection[] = [
  ...SECTION_LISTS.map((l) => ({ key: l.key, label: l.label, target: l.table, section: l.topcategory, path: l.path })),
  ...CONTENT_NAMES.flatMap((name) => {
    const { search, searchGroup } = CONTENT_RESOURCES[name];
    return search && searchGroup ? [{ ...searchGroup, target: search }] : [];
  }),
];

/** The index sections of the items stored in `table`, in the groups' order. */
function sectionsOfTable(table: SearchTarget): number[] {
  return SEARCH_SECTIONS.filter((s) => s.target === table).map((s) => s.section);
}

/** The index section of each table that is one section (jobs, business, events); a board post
 * files under its own section (its topcategory). */
const SECTION_OF_TABLE = new Map(
  [...new Set(SEARCH_SECTIONS.map((s) => s.target))].flatMap((table) => {
    const codes = sectionsOfTable(table);
    return codes.length === 1 ? [[table, codes[0] as number] as const] : [];
  }),
);

/** The text an item is found by, as its resource declares it (alerts match the same text). */
export function indexedText(target: SearchTarget, row: Row): { title: string; body: string; section: number } {
  // Stored rich text was sanitized on save: stripping its tags is enough here, and cheap.
  const declared = CONTENT_RESOURCES[target].searchText;
  if (!declared) throw new Error(`${target} is indexed but declares no searchText`);
  const { title, body } = declared(row);
  return { title, body: body.slice(0, BODY_MAX), section: SECTION_OF_TABLE.get(target) ?? Number(row.topcategory) };
}

/** What an item is found by. */
function docOf(target: SearchTarget, row: Row): SearchDoc {
  const { title, body, section } = indexedText(target, row);
  return { target, item: Number(row.id), section, date: textOf(row.date), title, body, chosung: chosungOf(title) };
}

/** Keeps an item's entry in step with the item, inside the caller's transaction. */
export async function indexItem(db: Executor, dialect: Dialect, target: SearchTarget, row: Row): Promise<void> {
  if (!isShownRow(row as { hidden: number })) await deleteSearchDocs(db, dialect, target, [Number(row.id)]);
  else await upsertSearchDoc(db, dialect, docOf(target, row));
}

export function unindexItems(db: Executor, dialect: Dialect, target: SearchTarget, ids: number[]): Promise<void> {
  return deleteSearchDocs(db, dialect, target, ids);
}

/** The index sections of a target's items: a table of several sections (the board) narrowed
 * to one, or all of them (a board list without a section spans all of them). */
function sectionsOf(target: SearchTarget, section?: number): number[] {
  const all = sectionsOfTable(target);
  return section !== undefined && all.length > 1 ? [section] : all;
}

/** A section list's keyword condition on its own table's ids. */
export async function keywordCondition(deps: Deps, target: SearchTarget, keyword: string, section?: number): Promise<Expression<SqlBool>> {
  const q = await asIndexed(deps.db, deps.dialect, parseSearchQuery(keyword));
  const sections = sectionsOf(target, section);
  if (q.chosung) {
    return sql<SqlBool>`id in (select item from search_doc where section in (${sql.join(sections)}) and ${chosungMatches(q.chosung)})`;
  }
  const match = await compileMatch(deps.db, deps.dialect, q.phrases);
  if (!match) return sql<SqlBool>`1 = 0`;
  const subqueries = sections.map((s) => matchingItemsSql(deps.dialect, s, match.all));
  return sql<SqlBool>`id in (${sql.join(subqueries, sql` union all `)})`;
}

/** A result as the index answers it; whether it is closed is read from its table after. */
type FoundResult = Omit<SearchResult, 'closed'>;

function toResult(s: SearchSection, h: Hit, q: SearchQuery): FoundResult {
  return {
    target: h.target,
    item: h.item,
    title: h.title,
    snippet: snippet(h.body, q.words),
    date: h.date,
    url: itemPath(s.path, h.item),
  };
}

/** Which of a section's results are asked for, and what the database already answered of them. */
interface SectionPage {
  page: number;
  size: number;
  /** Counting stops here (COUNT_CAP, or OVERVIEW_COUNT_CAP on the overview's first page). */
  cap: number;
  /** PostgreSQL's first look at the section (a first page: `search` below). */
  look?: FirstLook;
  /** PostgreSQL's look at a section whose newest entries hold no match (`pgRareLooks`). */
  rare?: { total: number; items: number[] };
}

/** One section's results: title matches first, then the rest, newest first within each. */
async function sectionResults(
  db: Db,
  dialect: Dialect,
  s: SearchSection,
  q: SearchQuery,
  match: Match | undefined,
  { page, size, cap, look, rare }: SectionPage,
) {
  const offset = (page - 1) * size;
  const results = async (items: number[]) => (await docsByItems(db, s.section, items)).map((h) => toResult(s, h, q));
  if (q.chosung) {
    const hits = await findChosungHits(db, q.chosung, s.section, size, offset);
    return { total: offset + hits.length, items: hits.map((h) => toResult(s, h, q)) };
  }
  if (!match) return { total: 0, items: [] };
  if (offset === 0) {
    // First page: the first title matches, the newest matches (as many as may be needed to fill
    // the page after the title matches are left out) and the count; only ids and a number cross
    // over from the database.
    // On PostgreSQL the first looks (in search below) may have answered it, or a part of it.
    if (rare) return { total: Math.min(rare.total, cap), items: await results(rare.items) };
    if (look?.hits) {
      const count = await countHits(db, dialect, s.section, match.all, cap, look.seen);
      return { total: count, items: look.hits.map((h) => toResult(s, h, q)) };
    }
    const [titleItems, count] = await Promise.all([
      findItems(db, dialect, s.section, match.title, size, 0, undefined, look?.titlesSeen),
      countHits(db, dialect, s.section, match.all, cap, look?.seen),
    ]);
    const seen = new Set(titleItems);
    const rest =
      titleItems.length < size
        ? (await findItems(db, dialect, s.section, match.all, size + titleItems.length, 0, undefined, look?.seen)).filter(
            (id) => !seen.has(id),
          )
        : [];
    return { total: count, items: await results([...titleItems, ...rest].slice(0, size)) };
  }
  const [total, titleTotal] = await Promise.all([
    countHits(db, dialect, s.section, match.all, cap),
    countHits(db, dialect, s.section, match.title, cap),
  ]);
  const items: number[] = [];
  if (offset < titleTotal) items.push(...(await findItems(db, dialect, s.section, match.title, size, offset)));
  if (items.length < size && total > offset) {
    items.push(...(await findItems(db, dialect, s.section, match.all, size - items.length, Math.max(0, offset - titleTotal), match.title)));
  }
  return { total, items: await results(items) };
}

/** GET /api/search's parameters. */
export const SearchQuerySchema = z.strictObject({
  q: z.string().max(1000).default(''),
  section: z.enum(SEARCH_SECTIONS.map((s) => s.key) as [string, ...string[]]).optional(),
  ...paging(20, { maxSize: 50, maxPage: 500 }),
});

/** GET /api/search: every section's count and first results, or one section's page. */
export async function search(deps: Deps, params: z.output<typeof SearchQuerySchema>) {
  const q = await asIndexed(deps.db, deps.dialect, parseSearchQuery(params.q));
  const match = await compileMatch(deps.db, deps.dialect, q.phrases);
  const sections = params.section ? SEARCH_SECTIONS.filter((s) => s.key === params.section) : SEARCH_SECTIONS;
  const size = params.section ? params.size : 5;
  const cap = params.section || params.page > 1 ? COUNT_CAP : OVERVIEW_COUNT_CAP;
  // PostgreSQL: every section's first page begins with one statement for them all, and those
  // sections whose newest entries hold no match get theirs from one more (search.repository.ts).
  const looks =
    deps.dialect === 'postgres' && match && !q.chosung && params.page === 1
      ? await pgFirstLooks(
          deps.db,
          sections.map((s) => s.section),
          match,
          size,
          cap,
        )
      : undefined;
  const rare =
    looks &&
    match &&
    (await pgRareLooks(
      deps.db,
      [...looks].flatMap(([section, look]) => (look.seen.matches === 0 ? [section] : [])),
      match,
      size,
    ));
  const groups = await Promise.all(
    sections.map(async (s): Promise<SearchGroup> => {
      const r = await sectionResults(deps.db, deps.dialect, s, q, match, {
        page: params.page,
        size,
        cap,
        look: looks?.get(s.section),
        rare: rare?.get(s.section),
      });
      // Closed listings are found as any item (their pages stay readable) and marked 마감: the
      // index does not follow the sweep, so the page's few results are looked up.
      const closed = await closedAmong(
        deps.db,
        s.target,
        s.section,
        r.items.map((i) => i.item),
      );
      const items = r.items.map((i) => ({ ...i, closed: closed.has(i.item) }));
      return { key: s.key, label: s.label, path: s.path, total: r.total, more: r.total >= cap, items };
    }),
  );
  return { q: params.q, words: q.words, page: params.page, size, groups: await withEnglishTitles(deps.db, groups) };
}

/** A post is found by its Korean and English titles together (indexedText), and shown by its
 * Korean title with the English one apart (issue #32: the two run together were five lines a
 * result on a phone). One look for every section's posts on the page. */
async function withEnglishTitles(db: Db, groups: SearchGroup[]): Promise<SearchGroup[]> {
  const posts = groups.flatMap((g) => g.items.filter((i) => i.target === 'board').map((i) => i.item));
  const titles = await findBoardTitles(db, posts);
  return groups.map((g) => ({
    ...g,
    items: g.items.map((i) => {
      const t = i.target === 'board' ? titles.get(i.item) : undefined;
      if (!t) return i;
      return t.etitle ? { ...i, title: t.title, etitle: t.etitle } : { ...i, title: t.title };
    }),
  }));
}

/** `npm run search:reindex`: rebuilds the whole index from the content, section by section and
 * oldest first, so entries go in in id order (FTS5 appends fastest that way), reporting progress. */
export async function reindexAll(deps: Pick<Deps, 'db' | 'dialect'>, onProgress: (done: number, total: number) => void): Promise<number> {
  const db = deps.db;
  const counts = await Promise.all(
    SEARCH_SECTIONS.map(async (s) =>
      Number(
        (
          await visibleItems(db, s)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    ),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  await clearSearchIndex(db, deps.dialect);
  await startBulkIndexing(db, deps.dialect);
  try {
    return await indexEverything(deps, total, onProgress);
  } finally {
    await endBulkIndexing(db, deps.dialect);
  }
}

/** A section's items that search may show: not hidden; board posts of the section's topcategory. */
function visibleItems(db: Executor, s: SearchSection) {
  const q = db.selectFrom(s.target).where(shown());
  return s.target === 'board' ? q.where('topcategory', '=', s.section) : q;
}

async function indexEverything(
  deps: Pick<Deps, 'db' | 'dialect'>,
  total: number,
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  const db = deps.db;
  let done = 0;
  // Reads of 2,000 items, written in transactions of 50,000: FTS5 writes its pending entries out
  // as a new segment at each commit, and fewer, larger segments are quicker to build and merge.
  const BATCH = 2000;
  const BATCHES_PER_TRANSACTION = 25;
  for (const s of SEARCH_SECTIONS) {
    let after = 0;
    let more = true;
    while (more) {
      await db.transaction().execute(async (trx) => {
        for (let b = 0; b < BATCHES_PER_TRANSACTION; b++) {
          const rows = (await visibleItems(trx, s).selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute()) as Row[];
          if (rows.length === 0) {
            more = false;
            return;
          }
          const docs = rows.map((row) => docOf(s.target, row));
          for (let i = 0; i < docs.length; i += 200) await insertSearchDocs(trx, deps.dialect, docs.slice(i, i + 200));
          after = Number(rows[rows.length - 1]?.id);
          done += rows.length;
          onProgress(done, total);
        }
      });
    }
  }
  return done;
}
