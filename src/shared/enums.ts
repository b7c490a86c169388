// SPEC §3 enumerations: one place for each code and its Korean label.

export const UserLevel = { normal: 1, manager: 2, admin: 3, superadmin: 4, rootadmin: 5 } as const;
export const UserLevelLabel: Record<number, string> = { 1: '일반', 2: '팀장', 3: '관리자', 4: '승인관리자', 5: '전체관리자' };

export const UserUse = { use: 1, notuse: 2 } as const;
export const UserUseLabel: Record<number, string> = { 1: '사용', 2: '사용안함' };

export const UserStatus = { normal: 1, vacation: 2, absence: 3, businesstrip: 4 } as const;
export const UserStatusLabel: Record<number, string> = { 1: '근무', 2: '휴가', 3: '휴직', 4: '출장' };

export const TopCategory = {
  news: 1,
  life: 2,
  jobs: 3,
  market: 4,
  community: 5,
  business: 6,
  organizations: 7,
  customer: 8,
  housing: 9,
} as const;

/** The search index's sections: each section of sections.ts under its code, then the kinds
 * outside them with a search group of their own (their resource's `searchGroup`). */
export const SearchSection = { ...TopCategory, events: 10 } as const;

export const MarketStatus = { intrade: 1, complete: 2 } as const;
export const MarketStatusLabel: Record<number, string> = { 1: '거래중', 2: '거래완료' };

export const BoardFree = { paid: 1, free: 2 } as const;
export const BoardLanguage = { korean: 1, english: 2 } as const;
export const BoardStatus = { selling: 1, sold: 2 } as const;
export const BoardStatusLabel: Record<number, string> = { 1: '판매중', 2: '판매완료' };

export const JobsType = { recruit: 1, seeking: 2 } as const;
export const JobsTypeLabel: Record<number, string> = { 1: '구인', 2: '구직' };
export const JobsStatus = { selling: 1, sold: 2 } as const;
/** PRODUCT.md "Jobs say pay and visa": what a job's pay is counted per. */
export const PayUnit = { hour: 1, day: 2, week: 3, month: 4, year: 5 } as const;
export const PayUnitLabel: Record<number, string> = { 1: '시급', 2: '일급', 3: '주급', 4: '월급', 5: '연봉' };
/** Who may apply, as the job says it: several at once. */
export const Visa = { resident: 1, sponsor: 2, opt: 3, workingHoliday: 4, any: 5 } as const;
export const VisaLabel: Record<number, string> = {
  1: '시민권/영주권',
  2: '비자 스폰서 가능',
  3: 'OPT/CPT 가능',
  4: '워킹홀리데이',
  5: '무관',
};

// Housing (부동산, PRODUCT.md "Housing").
export const HousingKind = { rent: 1, share: 2, boarding: 3, sublet: 4, sale: 5 } as const;
export const HousingKindLabel: Record<number, string> = { 1: '렌트', 2: '룸메이트/쉐어', 3: '하숙', 4: '단기/서블렛', 5: '매매' };
/** furnished, utilities, pets, parking. */
export const YesNo = { yes: 1, no: 2 } as const;
export const HousingGender = { any: 1, female: 2, male: 3 } as const;
export const HousingGenderLabel: Record<number, string> = { 1: '무관', 2: '여성', 3: '남성' };
export const HousingStatus = MarketStatus;

export const BusinessType = { normal: 1, premium: 2 } as const;
export const BusinessMain = { normal: 1, main: 2 } as const;

export const InquiryStatus = { waiting: 1, answered: 2 } as const;
export const InquiryStatusLabel: Record<number, string> = { 1: '대기중', 2: '답변완료' };

/** The numeric codes of an enumeration object, for validation. */
export function enumValues(e: Record<string, number>): number[] {
  return Object.values(e);
}

/** SPEC §6: admin from level 3, root admin from level 5. */
export function isAdminLevel(level: number): boolean {
  return level >= UserLevel.admin;
}
export function isRootLevel(level: number): boolean {
  return level >= UserLevel.rootadmin;
}
/** Staff (팀장 and up): the work states of SPEC §3 (근무, 휴가, 휴직, 출장) are theirs, not members'. */
export function isStaffLevel(level: number): boolean {
  return level >= UserLevel.manager;
}
