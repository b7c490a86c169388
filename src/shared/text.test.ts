import { describe, expect, test } from 'vitest';
import { excerpt, htmlToText } from './text.ts';

describe('htmlToText', () => {
  test('drops tags and keeps words of separate blocks apart', () => {
    expect(htmlToText('<p>첫 문단</p><p><strong>둘째</strong> 문단</p>')).toBe('첫 문단 둘째 문단');
  });
  test('decodes entities', () => {
    expect(htmlToText('A &amp; B &lt;3&gt; &#39;x&#39; &#xAC00;&nbsp;끝')).toBe("A & B <3> 'x' 가 끝");
  });
  test('leaves unknown entities and answers empty for nothing', () => {
    expect(htmlToText('&bogus; ok')).toBe('&bogus; ok');
    expect(htmlToText(undefined)).toBe('');
  });
});

describe('excerpt', () => {
  test('keeps short text whole', () => {
    expect(excerpt('짧은 글', 10)).toBe('짧은 글');
  });
  test('cuts long text at a word with an ellipsis', () => {
    expect(excerpt('하나 둘 셋 넷 다섯 여섯', 10)).toBe('하나 둘 셋 넷…');
  });
});
