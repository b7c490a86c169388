import { describe, expect, test } from 'vitest';
import {
  chosungOf,
  highlightParts,
  indexTokens,
  parseSearchQuery,
  particleStems,
  snippet,
  wordEndPhrase,
  wordHead,
  wordPhrase,
} from './search-text.ts';

describe('Korean search text', () => {
  test('Hangul runs become overlapping bigrams plus the last syllable', () => {
    expect(indexTokens('식당에서 밥')).toEqual(['식당', '당에', '에서', '서', '밥']);
  });

  test('Latin words are whole and lower case; digits count as words', () => {
    expect(indexTokens('Costco 2025년 LA')).toEqual(['costco', '2025', '년', 'la']);
  });

  test('NFD Hangul (a Mac keyboard) indexes like NFC', () => {
    expect(indexTokens('이사'.normalize('NFD'))).toEqual(indexTokens('이사'));
  });

  test('a two-syllable word is one token phrase; one syllable is a prefix', () => {
    expect(parseSearchQuery('식당').phrases).toEqual([{ tokens: ['식당'], prefix: false }]);
    expect(parseSearchQuery('밥').phrases).toEqual([{ tokens: ['밥'], prefix: true }]);
    expect(parseSearchQuery('한인타운').phrases).toEqual([{ tokens: ['한인', '인타', '타운'], prefix: false, word: '한인타운' }]);
  });

  test('Latin words are whole words, not prefixes', () => {
    expect(parseSearchQuery('Cost').phrases).toEqual([{ tokens: ['cost'], prefix: false }]);
    expect(parseSearchQuery('a').phrases).toEqual([{ tokens: ['a'], prefix: false }]);
  });

  test('several words mean AND; a quoted phrase keeps its words together', () => {
    const q = parseSearchQuery('서울 식당');
    expect(q.phrases).toHaveLength(2);
    expect(parseSearchQuery('"서울 식당"').phrases).toEqual([{ tokens: ['서울', '울', '식당'], prefix: false }]);
  });

  test('empty, punctuation-only and operator-looking input gives nothing to match on', () => {
    expect(parseSearchQuery('').phrases).toEqual([]);
    expect(parseSearchQuery('!!! ??? ...').phrases).toEqual([]);
    const q = parseSearchQuery('식당 OR "x" NEAR(a b) * -');
    for (const p of q.phrases) for (const t of p.tokens) expect(t).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  test('a 1,000-character query is cut to a bounded size', () => {
    const q = parseSearchQuery('가'.repeat(1000));
    expect(q.phrases.length).toBeLessThanOrEqual(8);
    expect(q.phrases[0]?.tokens.length).toBeLessThan(200);
  });

  test('초성 only queries are recognised, word by word, and highlight what they match', () => {
    expect(parseSearchQuery('ㅅㄷ')).toMatchObject({ chosung: ['ㅅㄷ'], words: ['ㅅㄷ'] });
    expect(parseSearchQuery(' ㅇㄱ  ㅊㄷ ').chosung).toEqual(['ㅇㄱ', 'ㅊㄷ']);
    expect(chosungOf('서울식당 LA')).toBe('ㅅㅇㅅㄷ');
  });

  test('a title’s 초성 keeps its word gaps, so a 초성 query matches within a word only', () => {
    expect(chosungOf('아기 침대 팝니다')).toBe('ㅇㄱ ㅊㄷ ㅍㄴㄷ');
    expect(chosungOf('LA 한인회(공지)·안내')).toBe('ㅎㅇㅎ ㄱㅈ ㅇㄴ');
    expect(chosungOf('아기 침대')).not.toContain('ㄱㅊ');
  });

  test('a 초성 word marks the syllables it matched, never across a gap', () => {
    expect(highlightParts('코리아타운 식당에서', ['ㅅㄷ'])).toEqual([
      { text: '코리아타운 ', hit: false },
      { text: '식당', hit: true },
      { text: '에서', hit: false },
    ]);
    expect(highlightParts('아기 침대', ['ㄱㅊ'])).toEqual([{ text: '아기 침대', hit: false }]);
    expect(highlightParts('ㅋㅋ 카카오', ['ㅋㅋ'])).toEqual([
      { text: 'ㅋㅋ', hit: true },
      { text: ' ', hit: false },
      { text: '카카', hit: true },
      { text: '오', hit: false },
    ]);
  });

  test('highlighting and snippets', () => {
    expect(highlightParts('맛있는 식당에서', ['식당'])).toEqual([
      { text: '맛있는 ', hit: false },
      { text: '식당', hit: true },
      { text: '에서', hit: false },
    ]);
    expect(snippet(`${'가'.repeat(300)}식당${'나'.repeat(300)}`, ['식당'], 40)).toContain('식당');
  });

  test('a particle comes off only above a stem of two syllables, longest particle first', () => {
    expect(particleStems('렌트는')).toEqual(['렌트']);
    expect(particleStems('김치를')).toEqual(['김치']);
    expect(particleStems('회계사를')).toEqual(['회계사']);
    expect(particleStems('미국에서는')).toEqual(['미국', '미국에서']);
    expect(particleStems('한국으로')).toEqual(['한국', '한국으']);
    expect(particleStems('가는')).toEqual([]); // 가 is one syllable
    expect(particleStems('한인타운')).toEqual([]);
  });

  test('only a bare Hangul word of three syllables or more may be shortened', () => {
    const words = (input: string) => parseSearchQuery(input).phrases.map((p) => p.word);
    expect(words('렌트는 어디서 식당 costco')).toEqual(['렌트는', '어디서', undefined, undefined]);
    expect(words('"렌트는 어디서"')).toEqual([undefined]); // a quoted phrase is exact
    expect(words('3층에서 LA에서')).toEqual([undefined, undefined]); // not Hangul alone
  });

  test('a word found anywhere, or only where a word ends with it', () => {
    expect(wordPhrase('렌트')).toEqual({ tokens: ['렌트'], prefix: false });
    // The final-syllable token is indexed only at the end of a run: "렌트 문의" has it, 렌트비 not.
    expect(wordEndPhrase('렌트')).toEqual({ tokens: ['렌트', '트'], prefix: false });
    expect(indexTokens('렌트 문의')).toEqual(expect.arrayContaining(['렌트', '트']));
    expect(wordPhrase('태권도')).toEqual({ tokens: ['태권', '권도'], prefix: false });
    expect(wordHead('태권도장', 3)).toBe('태권도');
  });
});
