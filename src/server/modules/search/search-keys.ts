import { indexTokens, parseSearchQuery, type SearchQuery } from '#shared/search-text.ts';
import { partKey } from '#server/db/write-tracker.ts';
import { sectionRowsShows } from '#server/modules/content/content.shows.ts';
import type { SearchTarget } from '#shared/schemas/content.ts';
import { indexedText, type SearchSection } from './search.service.ts';

// Which stored search pages a new item may change: their keys, and the rule that a page's query
// and an item's text are compared by, in one place (a page without a term to name shows the
// section's new rows, content.shows.ts). An item matches a query only if it holds every
// token of the query's phrases (search.repository.ts: a phrase is its tokens in a row, several
// phrases are AND, over the title and the body), so one such token is enough to name: the page
// names the key of one token its query requires, and a new item the keys of every token its title
// and body hold. An item that names no key of a page cannot be among its results; a collision of
// keys only costs a render.

/** How many term keys each search section has: a term is hashed into one of them. Bounded, so
 * that new words never pile up keys without end in the write tracker, and few enough that a
 * post's keys fit a notification to the other app servers (db/shared-writes.ts); a post of a few
 * hundred words lands in a few percent of them, the rare extra renewal a collision costs. */
const SEARCH_BUCKETS = 4096;

/** Every stored search page of a search section (the index's, search.service.ts), whatever its
 * query: what a write names instead of its term keys when they are too many to pass on
 * (write-tracker.ts `wholeKeys`). */
function searchSectionKey(section: number): string {
  return `search/${section}`;
}

/** The stored search pages of a search section whose query holds `term`, a token as the index
 * has it (shared/search-text.ts): a new item holding the term may enter their results. One part of
 * the section's key (write-tracker.ts `partKey`), which search pages name too. */
function searchTermKey(section: number, term: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return partKey(searchSectionKey(section), ((hash >>> 0) % SEARCH_BUCKETS).toString(36));
}

/** The token a query names: one every matching item holds as it is, the longest (a Latin word is
 * rarer than a Korean two-syllable gram, a gram than a syllable). None for 초성 (titles' initial
 * consonants, matched anywhere in them) and for a one-syllable word alone (the start of any token). */
function requiredTerm(q: SearchQuery): string | undefined {
  if (q.chosung) return undefined;
  let best: string | undefined;
  for (const p of q.phrases) {
    // A typed Korean word is searched as the index knows it (typed-words.ts): without a particle,
    // as typed, or its head, and which one may change with a new item. Each of them begins with
    // the word's first two syllables, its first token, and so do the phrases that decide it.
    const required = p.word ? p.tokens.slice(0, 1) : p.prefix ? p.tokens.slice(0, -1) : p.tokens;
    for (const token of required) if (!best || token.length > best.length) best = token;
  }
  return best;
}

/** What a search page of one section (`s`) for `typed` shows of the section's items to come: the
 * key of its required term and the section's search key; without a required term, every new item
 * of the section's lists. */
export function searchPageKeys(typed: string, s: Pick<SearchSection, 'target' | 'section'>): string[] {
  const term = requiredTerm(parseSearchQuery(typed));
  return term === undefined ? sectionRowsShows(s.target, s.section) : [searchTermKey(s.section, term), searchSectionKey(s.section)];
}

/** The search pages a new item (a row as stored) may enter: a key for each token it is indexed by. */
export function itemSearchKeys(target: SearchTarget, row: Record<string, unknown>): string[] {
  const { title, body, section } = indexedText(target, row);
  return [...new Set([...indexTokens(title), ...indexTokens(body)].map((token) => searchTermKey(section, token)))];
}
