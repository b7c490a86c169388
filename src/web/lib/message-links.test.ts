import { describe, expect, test } from 'vitest';
import { linkParts } from './message-links.ts';

describe('linkParts', () => {
  test('text without an address is one part', () => {
    expect(linkParts('밥솥 아직 있나요?')).toEqual([{ text: '밥솥 아직 있나요?' }]);
  });
  test('an address becomes a link, the sentence around it stays text', () => {
    expect(linkParts('사진은 https://example.com/a?b=1. 확인해 주세요')).toEqual([
      { text: '사진은 ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. 확인해 주세요' },
    ]);
  });
  test('www. gets https://, and markup stays text for React to escape', () => {
    expect(linkParts('<b>www.example.org</b>')).toEqual([
      { text: '<b>' },
      { text: 'www.example.org', href: 'https://www.example.org' },
      { text: '</b>' },
    ]);
  });
  test('a javascript: address is never a link', () => {
    expect(linkParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});
