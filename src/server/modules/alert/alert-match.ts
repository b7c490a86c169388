import { indexTokens, isCjkToken, type Phrase, parseSearchQuery, particleStems, wordEndPhrase } from '#shared/search-text.ts';

// A keyword against one new item, read the way search reads both (shared/search-text.ts): the
// item's title and body become the index's tokens, the keyword the search's phrases, and every
// phrase must appear in the title or the body. A Hangul word typed with a particle (렌트는) also
// matches its stem as a word (렌트), as search does when the index knows the stem; search's last
// resort for a compound nobody wrote (태권도장 → 태권도) is left out, as it depends on the whole
// index rather than on the item.

/** The token a keyword is looked up by: its first phrase's first token (a particle's stem and the
 * word as typed share it). '' when the keyword has nothing search can match. */
export function alertKey(keyword: string): string {
  return parseSearchQuery(keyword).phrases[0]?.tokens[0] ?? '';
}

/** An item's text as matching reads it: each part's tokens, and every key a keyword of it could
 * have (its tokens, and the first syllable of each Hangul token for one-syllable keywords). */
export interface ItemText {
  parts: string[][];
  keys: Set<string>;
}

export function itemText(...parts: string[]): ItemText {
  const tokenized = parts.map(indexTokens);
  const keys = new Set<string>();
  for (const tokens of tokenized) {
    for (const t of tokens) {
      keys.add(t);
      if (isCjkToken(t)) keys.add([...t][0] as string);
    }
  }
  return { parts: tokenized, keys };
}

function phraseAt(tokens: string[], phrase: Phrase, at: number): boolean {
  const last = phrase.tokens.length - 1;
  return phrase.tokens.every((t, i) => {
    const token = tokens[at + i];
    if (token === undefined) return false;
    return i === last && phrase.prefix ? token.startsWith(t) : token === t;
  });
}

function phraseIn(tokens: string[], phrase: Phrase): boolean {
  if (phrase.tokens.length === 0) return false;
  for (let at = 0; at + phrase.tokens.length <= tokens.length; at++) if (phraseAt(tokens, phrase, at)) return true;
  return false;
}

/** The phrase as typed, then a particle's stem ending a word. */
function phraseForms(phrase: Phrase): Phrase[] {
  return phrase.word ? [phrase, ...particleStems(phrase.word).map(wordEndPhrase)] : [phrase];
}

/** Whether search would find the item for the keyword. */
export function keywordMatches(keyword: string, item: ItemText): boolean {
  const q = parseSearchQuery(keyword);
  if (q.phrases.length === 0) return false;
  return q.phrases.every((p) => phraseForms(p).some((form) => item.parts.some((tokens) => phraseIn(tokens, form))));
}
