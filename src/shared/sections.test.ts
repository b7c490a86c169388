import { describe, expect, test } from 'vitest';
import { SECTION_CATEGORIES } from './categories.ts';
import { TopCategory, UserLevel } from './enums.ts';
import { BOARD_SECTIONS, boardSectionOf, itemPagesOf, listOf, SECTION_LISTS, SECTIONS, sectionByKey, sectionOfPath } from './sections.ts';
import { inPlaceAnchor } from './site.ts';

describe('the sections table', () => {
  test('the header shows PRODUCT.md’s sections in its order', () => {
    expect(SECTIONS.map((s) => [s.label, s.path])).toEqual([
      ['뉴스', '/news'],
      ['생활정보', '/life'],
      ['구인구직', '/jobs'],
      ['벼룩시장', '/market'],
      ['부동산', '/housing'],
      ['커뮤니티', '/community'],
      ['업소록', '/business'],
      ['한인단체', '/organizations'],
      ['고객센터', '/customer'],
    ]);
  });

  test('every SPEC §3 topcategory is one section’s, and keys and paths are unique', () => {
    expect(SECTIONS.map((s) => s.storage.topcategory).sort()).toEqual(Object.values(TopCategory).sort());
    expect(new Set(SECTIONS.map((s) => s.key)).size).toBe(SECTIONS.length);
    expect(new Set(SECTION_LISTS.map((l) => l.key)).size).toBe(SECTIONS.length);
    expect(new Set(SECTION_LISTS.map((l) => l.path)).size).toBe(SECTIONS.length);
  });

  test('jobs, housing and business have tables of their own; the other sections are board posts told apart by topcategory', () => {
    expect(SECTIONS.filter((s) => s.storage.table !== 'board').map((s) => s.key)).toEqual(['jobs', 'housing', 'business']);
    for (const s of BOARD_SECTIONS) expect(boardSectionOf(s.storage.topcategory)).toBe(s);
    expect(boardSectionOf(TopCategory.jobs)).toBeUndefined();
  });

  test('news, organizations and the FAQ are written by staff; the rest by any member', () => {
    const staff = SECTIONS.filter((s) => s.writeLevel === UserLevel.manager).map((s) => s.key);
    expect(staff).toEqual(['news', 'organizations', 'customer']);
    expect(SECTIONS.every((s) => s.writeLevel === UserLevel.manager || s.writeLevel === UserLevel.normal)).toBe(true);
  });

  test('고객센터’s posts are the FAQ, listed and searched at /customer/faq and opened in place', () => {
    const faq = listOf(sectionByKey('customer')!);
    expect(faq).toMatchObject({ key: 'faq', label: '자주 묻는 질문', short: 'FAQ', path: '/customer/faq' });
    expect(sectionOfPath('/customer/faq')?.key).toBe('customer');
    expect(inPlaceAnchor('/customer/faq')).toBe('faq');
    expect(itemPagesOf(sectionByKey('customer')!)).toBeUndefined();
    // Organizations have pages of their own (PRODUCT.md "Organizations and events").
    expect(itemPagesOf(sectionByKey('organizations')!)).toBe('/organizations');
    expect(itemPagesOf(sectionByKey('market')!)).toBe('/market');
  });

  test('search and my likes group by the sections’ lists, in the header’s order', () => {
    expect(SECTION_LISTS.map((l) => l.key)).toEqual([
      'news',
      'life',
      'jobs',
      'market',
      'housing',
      'community',
      'business',
      'organizations',
      'faq',
    ]);
  });

  test('each section’s categories are its filter’s choices', () => {
    expect(SECTION_CATEGORIES.life).toEqual(['생활팁', '부동산', '자동차', '건강', '세금', '법률']);
    expect(Object.keys(SECTION_CATEGORIES)).toEqual(SECTIONS.map((s) => s.key));
  });
});
