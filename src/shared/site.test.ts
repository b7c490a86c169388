import { describe, expect, test } from 'vitest';
import { commentPath, inPlaceAnchor, itemPath, loginHref, safeReturnPath } from './site.ts';

describe('itemPath', () => {
  test('posts with a page of their own link to it', () => {
    expect(itemPath('/news', 12)).toBe('/news/12');
    expect(itemPath('/business', 3)).toBe('/business/3');
  });

  test('FAQ answers link to their entry in the list (SPEC §2 has no page for them); organizations have pages', () => {
    expect(itemPath('/customer/faq', 7)).toBe('/customer/faq?entry=7#faq-7');
    expect(itemPath('/organizations', 9)).toBe('/organizations/9');
    expect(inPlaceAnchor('/organizations')).toBeUndefined();
    expect(inPlaceAnchor('/community')).toBeUndefined();
  });
});

describe('safeReturnPath', () => {
  test.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', undefined, null, '/a\u0000b'])(
    '%s goes home',
    (value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );
  test('same-site paths stay', () => {
    expect(safeReturnPath('/mypage/like?tab=2')).toBe('/mypage/like?tab=2');
  });
  test('Korean paths and queries come back percent-encoded, once, ready for a Location header', () => {
    expect(safeReturnPath('/search?q=한글')).toBe('/search?q=%ED%95%9C%EA%B8%80');
    expect(safeReturnPath('/한글')).toBe('/%ED%95%9C%EA%B8%80');
    expect(safeReturnPath('/search?q=%ED%95%9C%EA%B8%80')).toBe('/search?q=%ED%95%9C%EA%B8%80');
    expect(() => new Headers({ location: safeReturnPath('/search?q=김치 🍲') })).not.toThrow();
  });
  test('a path that resolves to another host goes home', () => {
    expect(safeReturnPath('/..//evil.example')).toBe('/');
    expect(safeReturnPath('/./\\evil.example')).toBe('/');
  });
});

describe('commentPath', () => {
  test("a comment is read on its post's page, at its anchor", () => {
    expect(commentPath(5, 12, 34)).toBe('/community/12#comment-34');
    expect(commentPath(4, 7, 8)).toBe('/market/7#comment-8');
  });
});

test('a login link carries the page to come back to, which the login page reads back as it was', () => {
  const href = loginHref('/market?page=2&q=한글 🍲');
  expect(href).toBe('/login?next=%2Fmarket%3Fpage%3D2%26q%3D%ED%95%9C%EA%B8%80%20%F0%9F%8D%B2');
  const next = new URL(href, 'http://site.invalid').searchParams.get('next');
  expect(safeReturnPath(next)).toBe('/market?page=2&q=%ED%95%9C%EA%B8%80%20%F0%9F%8D%B2');
});
