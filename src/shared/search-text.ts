// Korean-aware text for search, the same on both databases (search issue). Text becomes tokens:
// - Hangul (and other CJK) runs: overlapping two-syllable grams (식당에서 → 식당 당에 에서) plus the
//   run's last syllable (서), so a one-syllable query can match as a prefix of any token.
// - Latin letters and digits: whole lower-case words (Costco → costco), matched as whole words,
//   as readers of English search expect (la does not find lake).
// A query turns into phrases of tokens that must all match (several words mean AND; a quoted
// phrase must match exactly as written). Tokens hold no quote, operator or separator characters,
// so a query can never reach the search engines' syntax.
// Korean words are typed with their particles (렌트는, 김치를) and as compounds (태권도장): such a
// word keeps its Hangul in `Phrase.word`, and the search service shortens it when the index
// knows the shorter form (particleStems, wordPhrase, wordEndPhrase below).

const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const RUNS =
  /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|(?:(?![\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}])+/gu;
/** Hangul compatibility consonants (ㄱ..ㅎ), the keys of 초성 search. */
const CHOSUNG_ONLY = /^[\u3131-\u314e]+$/;
const CHOSUNG = ['ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ', 'ㅎ'];

/** NFC (a Mac's decomposed Hangul becomes syllables), lower case, no control characters. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u0000-\u001f\u007f]/g, ' ');
}

function runTokens(run: string, withFinal: boolean): string[] {
  const chars = [...run];
  if (!CJK.test(chars[0] as string)) return [run];
  if (chars.length === 1) return [run];
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(`${chars[i]}${chars[i + 1]}`);
  if (withFinal) grams.push(chars[chars.length - 1] as string);
  return grams;
}

/** Hangul and other CJK tokens: those a one-syllable query may be the start of. */
export function isCjkToken(token: string): boolean {
  return CJK.test(token[0] ?? '');
}

/** The tokens a text is indexed by, in order (positions matter for phrases). */
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeSearchText(text).matchAll(RUNS)) out.push(...runTokens(m[0], true));
  return out;
}

/** One condition: tokens in a row; `prefix` when the last token may be the start of a longer one;
 * `word` when it was typed as one bare Hangul word of three syllables or more (not quoted), the
 * words a particle or a compound's tail may be taken off. */
export interface Phrase {
  tokens: string[];
  prefix: boolean;
  word?: string;
}

export interface SearchQuery {
  /** All must match (AND). */
  phrases: Phrase[];
  /** The words to highlight in results, as typed (normalized). */
  words: string[];
  /** 초성 only (ㅅㄷ), word by word: each matched within a word of titles' initial consonants
   * (all must match), instead of the phrases. */
  chosung?: string[];
}

const MAX_QUERY = 200;
const MAX_PHRASES = 8;

function phraseOf(text: string): Phrase | undefined {
  const runs = [...normalizeSearchText(text).matchAll(RUNS)].map((m) => m[0]);
  if (runs.length === 0) return undefined;
  const tokens: string[] = [];
  for (const [i, run] of runs.entries()) tokens.push(...runTokens(run, i < runs.length - 1));
  const last = runs[runs.length - 1] as string;
  // A one-syllable word is found inside longer words (밥 → 밥집): as a prefix of their tokens.
  const prefix = [...last].length === 1 && CJK.test(last);
  return { tokens, prefix };
}

/** Parses what a person typed. Empty or punctuation-only input gives no phrases (no results). */
export function parseSearchQuery(input: string): SearchQuery {
  const text = normalizeSearchText(input).slice(0, MAX_QUERY).trim();
  if (CHOSUNG_ONLY.test(text.replace(/\s+/g, '')) && text.replace(/\s+/g, '').length >= 2) {
    const chosung = text.split(/\s+/).filter(Boolean);
    return { phrases: [], words: chosung, chosung };
  }
  const phrases: Phrase[] = [];
  const words: string[] = [];
  // "quoted phrases" first, then the remaining words one by one.
  const rest = text.replace(/"([^"]*)"/g, (_, quoted: string) => {
    const p = phraseOf(quoted);
    if (p) {
      phrases.push(p);
      words.push(quoted.trim());
    }
    return ' ';
  });
  for (const word of rest.split(/\s+/)) {
    const p = phraseOf(word);
    if (p) {
      const runs = [...normalizeSearchText(word).matchAll(RUNS)].map((m) => m[0]);
      if (runs.length === 1 && isShortenable(runs[0] as string)) p.word = runs[0];
      phrases.push(p);
      words.push(...[...normalizeSearchText(word).matchAll(RUNS)].map((m) => m[0]));
    }
  }
  return { phrases: phrases.slice(0, MAX_PHRASES), words: [...new Set(words)] };
}

// Particles (조사) as typed after a noun, longest first, so 에서는 goes before 는 and 으로 before 로.
const PARTICLES = [
  ...['에서는', '에서도', '에게서', '으로는', '으로도', '까지는', '부터는'],
  ...['에서', '으로', '부터', '까지', '처럼', '보다', '에게', '한테', '께서', '마다', '이랑', '하고', '에는', '에도'],
  ...['은', '는', '이', '가', '을', '를', '도', '에', '의', '로', '와', '과', '만', '랑'],
];
/** A stem or a compound's head is at least two syllables: one syllable would be a prefix query
 * over thousands of words (가는 → 가). */
export const MIN_STEM = 2;
const HANGUL_WORD = /^\p{Script=Hangul}+$/u;

function isShortenable(run: string): boolean {
  return HANGUL_WORD.test(run) && [...run].length > MIN_STEM;
}

/** The word without a particle it may end in, longest particle first (미국에서는 → 미국, 미국에서);
 * only stems of two syllables or more. Whether one is meant is for the index to say. */
export function particleStems(word: string): string[] {
  const chars = [...word];
  const stems: string[] = [];
  for (const particle of PARTICLES) {
    const rest = chars.length - [...particle].length;
    if (rest >= MIN_STEM && word.endsWith(particle)) stems.push(chars.slice(0, rest).join(''));
  }
  return [...new Set(stems)];
}

/** The word's first `syllables` syllables (a compound's head: 태권도장 → 태권도). */
export function wordHead(word: string, syllables: number): string {
  return [...word].slice(0, syllables).join('');
}

/** A bare word found anywhere, inside longer words too (렌트 in 렌트비). */
export function wordPhrase(word: string): Phrase {
  return { tokens: runTokens(word, false), prefix: false };
}

/** A word found only where a word ends with it: its grams and then the final-syllable token, which
 * the index writes only at the end of a run. Tells a real word (렌트 in "렌트 문의") from the start
 * of a longer one (김지 of 김지은). */
export function wordEndPhrase(word: string): Phrase {
  return { tokens: runTokens(word, true), prefix: false };
}

/** 초성 of a text: each Hangul syllable's initial consonant, word by word with one space between
 * (anything else ends a word and is dropped), so that a 초성 query is matched within a word: ㄱㅊ
 * is not in 아기 침대 (ㅇㄱ ㅊㄷ). */
export function chosungOf(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.charCodeAt(0) - 0xac00;
    if (code >= 0 && code < 11172) out += CHOSUNG[Math.floor(code / 588)];
    else if (/[\u3131-\u314e]/.test(ch)) out += ch;
    else if (!out.endsWith(' ')) out += ' ';
  }
  return out.trim();
}

/** A query word of initial consonants only (ㅅㄷ), which matches syllables, not letters. */
export function isChosungWord(word: string): boolean {
  return CHOSUNG_ONLY.test(word);
}

/** A pattern for a word as highlighted: a 초성 word matches the syllables in a row (within a
 * word) that start with its consonants (ㅅㄷ → 식당), any other word itself. */
function highlightPattern(word: string): string {
  if (!isChosungWord(word)) return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...word]
    .map((c) => {
      const i = CHOSUNG.indexOf(c);
      if (i < 0) return c;
      const first = String.fromCharCode(0xac00 + i * 588);
      const last = String.fromCharCode(0xac00 + i * 588 + 587);
      return `[${c}${first}-${last}]`;
    })
    .join('');
}

/** Splits a plain text into parts, marking those that match a query word (for <mark>). */
export function highlightParts(text: string, words: string[]): { text: string; hit: boolean }[] {
  const needles = words.filter((w) => w.length > 0).sort((a, b) => b.length - a.length);
  if (needles.length === 0) return [{ text, hit: false }];
  const re = new RegExp(needles.map(highlightPattern).join('|'), 'giu');
  const plain = text.normalize('NFC');
  const parts: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const m of plain.matchAll(re)) {
    if (m.index > at) parts.push({ text: plain.slice(at, m.index), hit: false });
    parts.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < plain.length) parts.push({ text: plain.slice(at), hit: false });
  return parts;
}

/** A short excerpt around the first match, for result lists. */
export function snippet(text: string, words: string[], length = 120): string {
  const lower = text.toLowerCase();
  const at = Math.min(...words.map((w) => lower.indexOf(w.toLowerCase())).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  if (at === Number.MAX_SAFE_INTEGER || text.length <= length) return text.slice(0, length);
  const start = Math.max(0, at - Math.floor(length / 3));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + length)}${start + length < text.length ? '…' : ''}`;
}
