import { sql } from 'kysely';
import type { Phrase } from '#shared/search-text.ts';
import type { Dialect, Executor } from '#server/db/database.ts';

// The two engines behind one interface. Tokens come from src/shared/search-text.ts and hold only
// letters and digits, so they are safe inside FTS5 strings and tsquery lexemes. An entry's id is
// section * 2^32 + item: each section is one id range, in which a higher id is a newer item.

const SECTION_SPAN = 2 ** 32;

export function docId(section: number, item: number): number {
  return section * SECTION_SPAN + item;
}
function range(section: number): [number, number] {
  return [section * SECTION_SPAN, (section + 1) * SECTION_SPAN - 1];
}

export interface SearchDoc {
  target: string;
  item: number;
  section: number;
  date: string;
  title: string;
  body: string;
  chosung: string;
  /** Space-separated tokens. */
  titleTokens: string;
  bodyTokens: string;
}

/** Adds or replaces an item's entry (its section may have changed). */
export async function upsertSearchDoc(db: Executor, dialect: Dialect, d: SearchDoc): Promise<void> {
  await deleteSearchDocs(db, dialect, d.target, [d.item]);
  await insertSearchDocs(db, dialect, [d]);
}

export async function deleteSearchDocs(db: Executor, dialect: Dialect, target: string, items: number[]): Promise<void> {
  if (items.length === 0) return;
  const rows = await db.selectFrom('search_doc').select('id').where('target', '=', target).where('item', 'in', items).execute();
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  if (dialect === 'sqlite') await sql`delete from search_fts where rowid in (${sql.join(ids)})`.execute(db);
  await db.deleteFrom('search_doc').where('id', 'in', ids).execute();
}

export async function clearSearchIndex(db: Executor, dialect: Dialect): Promise<void> {
  // FTS5's own 'delete-all' empties the index at once; deleting rows would leave a tombstone for
  // each, which every later insert pays for.
  if (dialect === 'sqlite') await sql`insert into search_fts (search_fts) values ('delete-all')`.execute(db);
  await db.deleteFrom('search_doc').execute();
}

function ftsQuery(phrases: Phrase[], titleOnly: boolean): string {
  const body = phrases.map((p) => `"${p.tokens.join(' ')}"${p.prefix ? '*' : ''}`).join(' AND ');
  return `${titleOnly ? '{title}' : '{title body}'} : (${body})`;
}

function tsQuery(phrases: Phrase[], titleOnly: boolean): string {
  const weight = titleOnly ? 'A' : 'AB';
  return phrases
    .map((p) => `(${p.tokens.map((t, i) => `'${t}':${i === p.tokens.length - 1 && p.prefix ? '*' : ''}${weight}`).join(' <-> ')})`)
    .join(' & ');
}

export interface Where {
  phrases: Phrase[];
  /** Only titles (the first results), or titles and bodies. */
  titleOnly: boolean;
  section: number;
}

/** Ids of matching entries in a section, newest first (optionally without those matching `exclude`). */
function matchingIds(dialect: Dialect, w: Where, exclude?: Where) {
  const [lo, hi] = range(w.section);
  if (dialect === 'postgres') {
    const not = exclude ? sql` and not (vec @@ to_tsquery('simple', ${tsQuery(exclude.phrases, exclude.titleOnly)}))` : sql``;
    return sql<{
      id: number;
    }>`select id from search_doc where section = ${w.section} and vec @@ to_tsquery('simple', ${tsQuery(w.phrases, w.titleOnly)})${not} order by id desc`;
  }
  const not = exclude
    ? sql` and rowid not in (select rowid from search_fts where search_fts match ${ftsQuery(exclude.phrases, exclude.titleOnly)} and rowid between ${lo} and ${hi})`
    : sql``;
  return sql<{
    id: number;
  }>`select rowid as id from search_fts where search_fts match ${ftsQuery(w.phrases, w.titleOnly)} and rowid between ${lo} and ${hi}${not} order by rowid desc`;
}

export interface Hit {
  target: string;
  item: number;
  section: number;
  date: string;
  title: string;
  body: string;
}

export async function docsByIds(db: Executor, ids: number[]): Promise<Hit[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('search_doc')
    .select(['id', 'target', 'item', 'section', 'date', 'title', 'body'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ target: r.target, item: r.item, section: r.section, date: r.date, title: r.title, body: r.body }] : [];
  });
}

/** Ids of matching entries of a section, newest first. */
export async function findIds(db: Executor, dialect: Dialect, w: Where, limit: number, offset: number, exclude?: Where): Promise<number[]> {
  const ids = await sql<{ id: number }>`${matchingIds(dialect, w, exclude)} limit ${limit} offset ${offset}`.execute(db);
  return ids.rows.map((r) => Number(r.id));
}

/** Matching items of a section, newest first. */
export async function findHits(db: Executor, dialect: Dialect, w: Where, limit: number, offset: number, exclude?: Where): Promise<Hit[]> {
  return docsByIds(db, await findIds(db, dialect, w, limit, offset, exclude));
}

/** How many items of a section match, counting no further than `cap`. */
export async function countHits(db: Executor, dialect: Dialect, w: Where, cap: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from (${matchingIds(dialect, w)} limit ${cap}) m`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** The items of a section that match, as a subquery of item ids (a list's keyword box). */
export function matchingItemsSql(dialect: Dialect, w: Where) {
  const [lo, hi] = range(w.section);
  if (dialect === 'postgres')
    return sql`select item from search_doc where section = ${w.section} and vec @@ to_tsquery('simple', ${tsQuery(w.phrases, w.titleOnly)})`;
  return sql`select rowid - ${lo} from search_fts where search_fts match ${ftsQuery(w.phrases, w.titleOnly)} and rowid between ${lo} and ${hi}`;
}

/** 초성 search over titles (ㅅㄷ finds 식당): a scan of the section, bounded by the limit. */
export async function findChosungHits(db: Executor, chosung: string, section: number, limit: number, offset: number): Promise<Hit[]> {
  return db
    .selectFrom('search_doc')
    .select(['target', 'item', 'section', 'date', 'title', 'body'])
    .where('section', '=', section)
    .where('chosung', 'like', `%${chosung}%`)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** FTS5 merges its index segments a little after every few inserts (automerge); a rebuild turns
 * that off and merges everything once at the end (optimize), which costs far less in total. */
export async function startBulkIndexing(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`insert into search_fts (search_fts, rank) values ('automerge', 0)`.execute(db);
}

/** After startBulkIndexing: one merge of everything, and FTS5's usual merging from then on. */
export async function endBulkIndexing(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`insert into search_fts (search_fts) values ('optimize')`.execute(db);
  await sql`insert into search_fts (search_fts, rank) values ('automerge', 4)`.execute(db);
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
    await db
      .insertInto('search_doc')
      .values(
        rows.map((r, i) => ({
          ...r,
          vec: sql`setweight(to_tsvector('simple', ${docs[i]?.titleTokens}), 'A') || setweight(to_tsvector('simple', ${docs[i]?.bodyTokens}), 'B')`,
        })) as never,
      )
      .execute();
    return;
  }
  await db.insertInto('search_doc').values(rows).execute();
  const values = sql.join(docs.map((d, i) => sql`(${rows[i]?.id}, ${d.titleTokens}, ${d.bodyTokens})`));
  await sql`insert into search_fts (rowid, title, body) values ${values}`.execute(db);
}
