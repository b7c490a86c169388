import { MIN_STEM, type Phrase, particleStems, type SearchQuery, wordEndPhrase, wordHead, wordPhrase } from '#shared/search-text.ts';
import type { Dialect, Executor } from '#server/db/database.ts';
import { anyMatch } from './search.repository.ts';

// Korean is typed with particles (렌트는, 김치를) and in compounds (태권도장), while posts say 렌트
// and 태권도. The index holds two-syllable grams, not words, so which shorter form was meant is
// asked of the index when the query comes, for each bare Hangul word of three syllables or more:
// 1. a particle comes off when the stem stands as a word somewhere (렌트는 → 렌트, as in "렌트
//    문의"); the stem finds the word as typed too, so nothing that matched before is lost. A name
//    like 김지은 stays whole: 김지 ends no word;
// 2. otherwise the word as typed, when any entry has it;
// 3. otherwise its longest head of two syllables or more that an entry has (태권도장 → 태권도).

/** The query with each such word as the index knows it; the words to highlight follow. */
export async function asIndexed(db: Executor, dialect: Dialect, q: SearchQuery): Promise<SearchQuery> {
  const forms = await Promise.all(q.phrases.map((p) => (p.word ? indexedForm(db, dialect, p.word) : undefined)));
  const phrases: Phrase[] = q.phrases.map((p, i) => {
    const form = forms[i];
    return form === undefined || form === p.word ? p : wordPhrase(form);
  });
  const replaced = new Map(q.phrases.map((p, i) => [p.word, forms[i]]));
  const words = q.words.map((w) => replaced.get(w) ?? w);
  return { ...q, phrases, words: [...new Set(words)] };
}

async function indexedForm(db: Executor, dialect: Dialect, word: string): Promise<string> {
  for (const stem of particleStems(word)) if (await anyMatch(db, dialect, wordEndPhrase(stem))) return stem;
  if (await anyMatch(db, dialect, wordPhrase(word))) return word;
  // An entry with a head has every shorter head too: the longest head with matches is found by
  // halving the range of lengths.
  let found: number | undefined;
  let low = MIN_STEM;
  let high = [...word].length - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    if (await anyMatch(db, dialect, wordPhrase(wordHead(word, mid)))) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found === undefined ? word : wordHead(word, found);
}
