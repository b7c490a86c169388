// The portal's sections as the header shows them, in PRODUCT.md's order, and the texts each
// section page needs before its content lands.

export interface SiteSection {
  key: string;
  label: string;
  path: string;
  /** What the empty list says will be there. */
  empty: string;
}

export const SITE_SECTIONS: readonly SiteSection[] = [
  { key: 'news', label: '뉴스', path: '/news', empty: '한인 사회와 지역 소식이 이곳에 올라옵니다.' },
  { key: 'life', label: '생활정보', path: '/life', empty: '생활팁, 부동산, 자동차, 건강 정보가 이곳에 모입니다.' },
  { key: 'jobs', label: '구인구직', path: '/jobs', empty: '구인·구직 글이 이곳에 올라옵니다.' },
  { key: 'market', label: '벼룩시장', path: '/market', empty: '사고파는 물건과 무료나눔이 이곳에 올라옵니다.' },
  { key: 'community', label: '커뮤니티', path: '/community', empty: '자유게시판, 질문답변, 모임 글이 이곳에 올라옵니다.' },
  { key: 'business', label: '업소록', path: '/business', empty: '식당, 병원, 학원 등 한인 업소 정보가 이곳에 모입니다.' },
  { key: 'organizations', label: '한인단체', path: '/organizations', empty: '한인회, 종교, 교육, 봉사 단체 소식이 이곳에 모입니다.' },
  { key: 'customer', label: '고객센터', path: '/customer', empty: '자주 묻는 질문과 1:1 문의를 이곳에서 볼 수 있습니다.' },
];

/** The section a path belongs to (`/market/12` → 벼룩시장); FAQ pages belong to 고객센터. */
export function sectionOfPath(pathname: string): SiteSection | undefined {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return SITE_SECTIONS.find((s) => s.path === first);
}

/** A return-to target: only a same-site relative path, anything else goes home. */
export function safeReturnPath(value: string | null | undefined): string {
  const ok = value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !/[\u0000-\u001f]/.test(value);
  return ok ? (value as string) : '/';
}

/** FAQ answers and organizations' posts have no page of their own (SPEC §2): their lists open
 * each entry in place, under these anchors, and a link to one (search results, my likes) is the
 * list's page that has the entry (`entry`), at the entry's anchor, which opens it. */
const IN_PLACE_ANCHORS: Record<string, string> = { '/customer/faq': 'faq', '/organizations': 'org' };

/** The anchor prefix of a list whose entries open in place, by the list's path. */
export function inPlaceAnchor(listPath: string): string | undefined {
  return IN_PLACE_ANCHORS[listPath];
}

/** Where an item of the list at `listPath` is read. */
export function itemPath(listPath: string, id: number): string {
  const anchor = inPlaceAnchor(listPath);
  return anchor ? `${listPath}?entry=${id}#${anchor}-${id}` : `${listPath}/${id}`;
}
