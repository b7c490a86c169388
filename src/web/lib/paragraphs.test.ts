import { expect, test } from 'vitest';
import { valuesFromForm } from '../features/editor/write-target.ts';
import { contentField } from '../features/editor/write-fields.tsx';
import { htmlForEditing, htmlSourceField, htmlToLines, isPlainParagraphs, linesToHtml } from './paragraphs.ts';

// The content's plain text box without JavaScript: plain posts are edited as lines, formatted
// ones as their HTML, and the write page's action stores each back without losing anything.

test('a post of paragraphs and line breaks is plain; any other markup is formatting', () => {
  expect(isPlainParagraphs('')).toBe(true);
  expect(isPlainParagraphs('<p>첫 줄</p><p>둘째 줄<br>셋째 줄<br /></p>')).toBe(true);
  expect(isPlainParagraphs('<p>a &lt;b&gt; c</p>')).toBe(true);
  for (const html of [
    '<p><strong>굵게</strong></p>',
    '<h3>제목</h3>',
    '<ul><li>하나</li></ul>',
    '<p><a href="https://x.example">링크</a></p>',
  ]) {
    expect(isPlainParagraphs(html), html).toBe(false);
  }
  expect(isPlainParagraphs('<p><img src="/api/webdata/a.webp" alt=""></p>')).toBe(false);
  expect(isPlainParagraphs('<pre>코드</pre>'), 'a tag that only starts with p').toBe(false);
});

test('a plain post goes through its lines unchanged', () => {
  const html = '<p>렌트 구합니다 &amp; 룸메이트</p><p>a &lt; b</p>';
  expect(linesToHtml(htmlToLines(html))).toBe(html);
});

test('the write action stores a formatted post’s HTML as sent, and plain lines as paragraphs', () => {
  // Every kind's text is this field (features/editor/write-fields.tsx).
  const target = { fields: [contentField] };
  const formatted = '<h3>모임 안내</h3><p><strong>토요일</strong> <a href="https://x.example">지도</a></p><ul><li>회비 없음</li></ul>';
  const asHtml = new FormData();
  asHtml.set('content', formatted);
  asHtml.set(htmlSourceField('content'), '1');
  expect(valuesFromForm(target, asHtml).content).toBe(formatted);
  asHtml.set('content', htmlForEditing(formatted).replace(/\n/g, '\r\n'));
  expect(valuesFromForm(target, asHtml).content).toBe(htmlForEditing(formatted));

  const asLines = new FormData();
  asLines.set('content', '첫 줄\n<b>굵게 아님</b>');
  expect(valuesFromForm(target, asLines).content).toBe('<p>첫 줄</p><p>&lt;b&gt;굵게 아님&lt;/b&gt;</p>');
});

test('a formatted post is edited one block a line, and the lines are not added twice', () => {
  const html = '<h3>안내</h3><p><strong>굵게</strong></p><ul><li>하나</li><li>둘</li></ul>';
  const editing = htmlForEditing(html);
  expect(editing).toBe('<h3>안내</h3>\n<p><strong>굵게</strong></p>\n<ul>\n<li>하나</li>\n<li>둘</li>\n</ul>');
  expect(htmlForEditing(editing)).toBe(editing);
});
