// Category, location and employment-type choices of the section lists (PRODUCT.md: categories are
// configuration, stored as text labels). One list per section, in the order the filters show them;
// the values are the labels the stored posts carry.

export type CategorySection = 'news' | 'life' | 'jobs' | 'market' | 'community' | 'business' | 'organizations' | 'customer';

export const SECTION_CATEGORIES: Record<CategorySection, readonly string[]> = {
  news: ['사회', '경제', '정치', '이민', '교육', '문화', '스포츠'],
  life: ['생활팁', '부동산', '자동차', '건강', '세금', '법률'],
  jobs: ['요식업', '사무직', '물류/운송', '의료', '미용', '교육', '영업', '판매/서비스', 'IT', '가사/돌봄'],
  market: ['가구', '전자제품', '자동차', '유아용품', '주방용품', '도서', '의류', '스포츠/레저', '생활용품'],
  community: ['자유게시판', '질문답변', '모임', '맛집', '육아'],
  business: ['식당', '카페', '마트', '병원', '치과', '한의원', '미용', '학원', '부동산', '보험', '법률', '회계'],
  organizations: ['한인회', '종교', '교육', '봉사', '문화'],
  customer: ['회원', '게시판', '광고', '기타'],
};

/** The site's areas (the demo site: greater Los Angeles). */
export const LOCATIONS: readonly string[] = ['LA', '토런스', '어바인', '풀러턴', '가든그로브', '부에나파크', '글렌데일'];

export const EMPLOYMENT_TYPES: readonly string[] = ['정규직', '파트타임', '계약직', '인턴'];
