import { describe, expect, test } from 'vitest';
import { chosungOf, highlightParts, indexTokens, parseSearchQuery, snippet } from './search-text.ts';

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
    expect(parseSearchQuery('한인타운').phrases).toEqual([{ tokens: ['한인', '인타', '타운'], prefix: false }]);
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

  test('초성 only queries are recognised', () => {
    expect(parseSearchQuery('ㅅㄷ').chosung).toBe('ㅅㄷ');
    expect(chosungOf('서울식당 LA')).toBe('ㅅㅇㅅㄷ');
  });

  test('highlighting and snippets', () => {
    expect(highlightParts('맛있는 식당에서', ['식당'])).toEqual([
      { text: '맛있는 ', hit: false },
      { text: '식당', hit: true },
      { text: '에서', hit: false },
    ]);
    expect(snippet(`${'가'.repeat(300)}식당${'나'.repeat(300)}`, ['식당'], 40)).toContain('식당');
  });
});
