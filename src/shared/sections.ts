import { TopCategory, UserLevel } from './enums.ts';

// PRODUCT.md's Sections table: which board sections exist, their labels, and who may write.

export interface BoardSection {
  key: 'news' | 'life' | 'market' | 'community' | 'organizations' | 'customer';
  label: string;
  topcategory: number;
  /** Lowest level that may post; 1 = any member. */
  writeLevel: number;
}

export const BOARD_SECTIONS: readonly BoardSection[] = [
  { key: 'news', label: '뉴스', topcategory: TopCategory.news, writeLevel: UserLevel.manager },
  { key: 'life', label: '생활정보', topcategory: TopCategory.life, writeLevel: UserLevel.normal },
  { key: 'market', label: '벼룩시장', topcategory: TopCategory.market, writeLevel: UserLevel.normal },
  { key: 'community', label: '커뮤니티', topcategory: TopCategory.community, writeLevel: UserLevel.normal },
  { key: 'organizations', label: '한인단체', topcategory: TopCategory.organizations, writeLevel: UserLevel.manager },
  { key: 'customer', label: '고객센터 FAQ', topcategory: TopCategory.customer, writeLevel: UserLevel.manager },
];

export function boardSectionOf(topcategory: number): BoardSection | undefined {
  return BOARD_SECTIONS.find((s) => s.topcategory === topcategory);
}
