import { TopCategory, UserLevel } from './enums.ts';
import type { SectionTable } from './schemas/content.ts';

// PRODUCT.md's Sections table, once: every fact about a section that more than one place needs
// (the header, the lists and their filters, the write and detail pages, search, likes, the admin
// dashboard and moderation, the sitemap, the route table). Everything else derives from SECTIONS; a
// new section is one entry here plus its web declaration (src/web/kinds: its list, page and form).

type TopCategoryCode = (typeof TopCategory)[keyof typeof TopCategory];

interface SectionEntry {
  /** The section's name in code (SectionKey), in ?section= of /admin. */
  key: string;
  /** The header's tab. */
  label: string;
  /** The section's page. */
  path: string;
  /** Where its items are stored: the table, and the section's code (SPEC §3 topcategory). Board
   * posts carry the code; the search index files every item of the section under it. */
  storage: { table: SectionTable; topcategory: TopCategoryCode };
  /** Lowest user level that may post (UserLevel.normal: any member). */
  writeLevel: number;
  /** The category filter's and the write form's choices, in the order they are shown; stored
   * posts carry the label itself. */
  categories: readonly string[];
  /** What the empty list says will be there. */
  empty: string;
  /** What one item is called where 글 would be wrong (업소록: 업소 등록, 이전 업소, 업소가 없습니다). */
  item?: ItemWords;
  /** Items without a page of their own (SPEC §2) open in place in their list, under anchors
   * `<inPlace>-<id>`. */
  inPlace?: string;
  /** Its items opened in place once, under links `<path>?entry=<id>`; those links now answer a
   * permanent redirect to the item's own page. */
  wasInPlace?: true;
  /** The list of the section's items when it is not the section's own page (고객센터 is a hub;
   * its posts are the FAQ): its search key, names and texts. */
  list?: { key: string; label: string; short: string; path: string; empty: string };
}

/** A section's words for one of its items, each with its particle as Korean needs it. */
export interface ItemWords {
  noun: string;
  /** The noun as a subject: 글이, 업소가. */
  subject: string;
  /** The button to add one, and the title of the page that edits one. */
  write: string;
  edit: string;
}

/** Most sections hold 글 (posts). */
const POST_WORDS: ItemWords = { noun: '글', subject: '글이', write: '글쓰기', edit: '글 수정' };

/** What a section calls one of its items. */
export function itemWords(section: { item?: ItemWords }): ItemWords {
  return section.item ?? POST_WORDS;
}

/** In the header's order. */
const ENTRIES = [
  {
    key: 'news',
    label: '뉴스',
    path: '/news',
    storage: { table: 'board', topcategory: TopCategory.news },
    writeLevel: UserLevel.manager,
    categories: ['사회', '경제', '정치', '이민', '교육', '문화', '스포츠'],
    empty: '한인 사회와 지역 소식이 이곳에 올라옵니다.',
  },
  {
    key: 'life',
    label: '생활정보',
    path: '/life',
    storage: { table: 'board', topcategory: TopCategory.life },
    writeLevel: UserLevel.normal,
    categories: ['생활팁', '부동산', '자동차', '건강', '세금', '법률'],
    empty: '생활팁, 부동산, 자동차, 건강 정보가 이곳에 모입니다.',
  },
  {
    key: 'jobs',
    label: '구인구직',
    path: '/jobs',
    storage: { table: 'jobs', topcategory: TopCategory.jobs },
    writeLevel: UserLevel.normal,
    categories: ['요식업', '사무직', '물류/운송', '의료', '미용', '교육', '영업', '판매/서비스', 'IT', '가사/돌봄'],
    empty: '구인·구직 글이 이곳에 올라옵니다.',
  },
  {
    key: 'market',
    label: '벼룩시장',
    path: '/market',
    storage: { table: 'board', topcategory: TopCategory.market },
    writeLevel: UserLevel.normal,
    categories: ['가구', '전자제품', '자동차', '유아용품', '주방용품', '도서', '의류', '스포츠/레저', '생활용품'],
    empty: '사고파는 물건과 무료나눔이 이곳에 올라옵니다.',
  },
  {
    key: 'housing',
    label: '부동산',
    path: '/housing',
    storage: { table: 'housing', topcategory: TopCategory.housing },
    writeLevel: UserLevel.normal,
    categories: [],
    empty: '렌트, 룸메이트, 하숙, 서블렛, 매매 매물이 이곳에 올라옵니다.',
    item: { noun: '매물', subject: '매물이', write: '매물 등록', edit: '매물 수정' },
  },
  {
    key: 'community',
    label: '커뮤니티',
    path: '/community',
    storage: { table: 'board', topcategory: TopCategory.community },
    writeLevel: UserLevel.normal,
    categories: ['자유게시판', '질문답변', '모임', '맛집', '육아'],
    empty: '자유게시판, 질문답변, 모임 글이 이곳에 올라옵니다.',
  },
  {
    key: 'business',
    label: '업소록',
    path: '/business',
    storage: { table: 'business', topcategory: TopCategory.business },
    // Members submit; type (premium) and main (main exposure) are admins' (the resource's rule).
    writeLevel: UserLevel.normal,
    categories: ['식당', '카페', '마트', '병원', '치과', '한의원', '미용', '학원', '부동산', '보험', '법률', '회계'],
    empty: '식당, 병원, 학원 등 한인 업소 정보가 이곳에 모입니다.',
    item: { noun: '업소', subject: '업소가', write: '업소 등록', edit: '업소 정보 수정' },
  },
  {
    key: 'organizations',
    label: '한인단체',
    path: '/organizations',
    storage: { table: 'board', topcategory: TopCategory.organizations },
    writeLevel: UserLevel.manager,
    categories: ['한인회', '종교', '교육', '봉사', '문화'],
    empty: '한인회, 종교, 교육, 봉사 단체 소식이 이곳에 모입니다.',
    wasInPlace: true,
    item: { noun: '단체', subject: '단체가', write: '단체 등록', edit: '단체 정보 수정' },
  },
  {
    key: 'customer',
    label: '고객센터',
    path: '/customer',
    // The FAQ; inquiries are their own resource (members write, the author and admins read).
    storage: { table: 'board', topcategory: TopCategory.customer },
    writeLevel: UserLevel.manager,
    categories: ['회원', '게시판', '광고', '기타'],
    empty: '자주 묻는 질문과 1:1 문의를 이곳에서 볼 수 있습니다.',
    inPlace: 'faq',
    list: { key: 'faq', label: '자주 묻는 질문', short: 'FAQ', path: '/customer/faq', empty: '자주 묻는 질문과 답변이 이곳에 정리됩니다.' },
  },
] as const satisfies readonly SectionEntry[];

export type SectionKey = (typeof ENTRIES)[number]['key'];
export interface Section extends SectionEntry {
  key: SectionKey;
}

/** The portal's sections, in the header's order (PRODUCT.md). */
export const SECTIONS: readonly Section[] = ENTRIES;

/** A section's list of items: the section page itself, or its `list` (고객센터 → FAQ). */
export interface SectionList {
  section: Section;
  /** The search group's key (GET /api/search?section=). */
  key: string;
  label: string;
  /** The name on a tab where space is short (admin moderation). */
  short: string;
  path: string;
  empty: string;
  table: SectionTable;
  topcategory: TopCategoryCode;
}

export function listOf(section: Section): SectionList {
  const { key, label, path, empty } = section;
  return { section, ...(section.list ?? { key, label, short: label, path, empty }), ...section.storage };
}

/** Every section's list, in the header's order: search's groups, my likes' groups. */
export const SECTION_LISTS: readonly SectionList[] = SECTIONS.map(listOf);

export function sectionByKey(key: string): Section | undefined {
  return SECTIONS.find((s) => s.key === key);
}

/** The section a path belongs to (`/market/12` → 벼룩시장); FAQ pages belong to 고객센터. */
export function sectionOfPath(pathname: string): Section | undefined {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return SECTIONS.find((s) => s.path === first);
}

/** What a page's loader sends to the browser of its section: the names, not the whole entry. */
export function sectionForPage(section: Section) {
  const { key, label, path, empty } = section;
  return { key, label, path, empty, item: itemWords(section) };
}

/** Who may post in a section; a visitor (no level) is offered 글쓰기 where any member may post,
 * since signing in leads there. No control ends on a 403 (PRODUCT.md, Screens). */
export function mayWrite(section: Section, level: number | undefined): boolean {
  return (level ?? UserLevel.normal) >= section.writeLevel;
}

/** Where a section's items have their own pages (`/news` for /news/12); none when they open in
 * place. */
export function itemPagesOf(section: Section): string | undefined {
  return section.inPlace ? undefined : section.path;
}

/** A section's RSS feed (`/news/rss.xml`): every section whose items have pages of their own has
 * one, and its pages advertise it. */
export function feedOf(section: Section): string | undefined {
  const pages = itemPagesOf(section);
  return pages && `${pages}/rss.xml`;
}

/** The board sections: posts stored in `board`, told apart by topcategory. */
export const BOARD_SECTIONS: readonly Section[] = SECTIONS.filter((s) => s.storage.table === 'board');

export function boardSectionOf(topcategory: number): Section | undefined {
  return BOARD_SECTIONS.find((s) => s.storage.topcategory === topcategory);
}

/** The section an item of `table` is in: a board post's by its topcategory, any other table's
 * the one section it holds. */
export function sectionOfItem(table: string, topcategory?: number): Section | undefined {
  return table === 'board' ? boardSectionOf(topcategory ?? 0) : SECTIONS.find((s) => s.storage.table === table);
}
