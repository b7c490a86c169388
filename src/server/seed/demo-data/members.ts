/** The first one is the editorial desk (level 2: news, organizations, FAQ, schedule). */
export const MEMBER_NICKNAMES = [
  '한인포털편집부',
  '타운주민',
  '토런스맘',
  '어바인아빠',
  '풀러턴새내기',
  '가든그로브김사장',
  'LA새댁',
  '글렌데일직장인',
  '부에나파크이모',
  '윌셔러너',
];
