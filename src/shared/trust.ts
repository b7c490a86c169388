// Trust between members (PRODUCT.md "Members and trust"): the words of a profile and of the
// reviews the two parties of a trade leave each other, in one place for the API, the pages and
// the tests.

/** A trade review's rating. */
export const ReviewRating = { bad: 1, good: 2, best: 3 } as const;
export const ReviewRatingLabel: Record<number, string> = { 1: '별로예요', 2: '좋아요', 3: '최고예요' };
export const REVIEW_RATINGS = Object.values(ReviewRating);

/** What a review may say of the other party, by code. */
export const ReviewTagLabel: Record<number, string> = {
  1: '시간 약속을 잘 지켜요',
  2: '친절해요',
  3: '응답이 빨라요',
  4: '설명과 같아요',
  5: '가격이 합리적이에요',
};
export const REVIEW_TAGS = Object.keys(ReviewTagLabel).map(Number);
export const REVIEW_CONTENT_MAX = 500;

/** How many of a member's newest reviews their profile shows. */
export const PROFILE_REVIEWS = 5;
/** A profile's page of posts, and the most listings it shows. */
export const PROFILE_POSTS = 10;
export const PROFILE_LISTINGS = 20;

/** A member's standing, shown beside their nickname on the profile. */
export function badgesOf(facts: { joined: string; trades: number; emailVerified: boolean }, now: Date): string[] {
  const badges: string[] = [];
  if (facts.emailVerified) badges.push('본인 인증 이메일');
  if (facts.trades > 0) badges.push(`거래 ${facts.trades}회`);
  const year = new Date(facts.joined);
  year.setUTCFullYear(year.getUTCFullYear() + 1);
  if (year <= now) badges.push('가입 1년');
  return badges;
}

/** A review as a profile shows it: never who wrote it. */
export interface ReviewShown {
  rating: number;
  tags: number[];
  content: string;
  date: string;
}

/** A member's profile (GET /api/member/{id}): what anyone may read of them. */
export interface MemberProfile {
  id: number;
  nickname: string;
  joined: string;
  posts: { items: ProfileItem[]; total: number; page: number; size: number };
  listings: { items: ProfileItem[]; total: number };
  reviews: { counts: Record<number, number>; latest: ReviewShown[] };
  badges: string[];
}

/** A post or listing on a profile: its section (sections.ts key), and whether its trade is over. */
export interface ProfileItem {
  section: string;
  id: number;
  title: string;
  date: string;
  closed?: boolean;
}

/** The Korean reasons of trade and review refusals (the `detail` of a 400 or 403). */
export const TrustMessages = {
  notBuyer: '이 물건에 대해 대화한 회원만 구매자로 고를 수 있습니다',
  alreadySold: '이미 구매자를 정해 거래완료한 글입니다',
  notParty: '이 거래의 판매자와 구매자만 후기를 남길 수 있습니다',
  alreadyReviewed: '이 거래의 후기는 이미 남겼습니다',
} as const;

/** The longest suspension an admin gives; longer is a permanent ban (use = 2). */
export const SUSPEND_DAYS_MAX = 365;
export const SUSPEND_REASON_MAX = 500;
/** The lengths the admins' screen offers, in days. */
export const SUSPEND_DAY_CHOICES = [1, 3, 7, 30, 90, 365] as const;

/** A suspension in force at `now`: until (ISO UTC) is later. */
export function isSuspended(until: string | undefined, now: Date): boolean {
  return Boolean(until) && (until as string) > now.toISOString();
}

/** A suspension in force as a member reads it, the end as the site's calendar says it: the one
 * wording of my page's notice, a page's refused form and the API's refusal. */
export function suspendedHeading(end: string): string {
  return `${end}까지 활동이 정지되었습니다`;
}
export const SUSPENDED_LIMITS = '정지 기간에는 글과 댓글을 읽을 수 있지만 쓰거나 좋아요, 쪽지, 신고, 후기를 남길 수 없습니다.';

/** The detail of a suspended member's refused write (a form's error with JavaScript, the API's
 * 403 `suspended`): the end and the reason, as my page says them. */
export function suspendedText(end: string, reason: string | undefined): string {
  return reason ? `${suspendedHeading(end)}. 사유: ${reason}` : suspendedHeading(end);
}

/** Business reviews: a rating of 1 to 5 and a text of this many characters. */
export const BUSINESS_RATING_MAX = 5;
export const BUSINESS_REVIEW_MIN = 10;
export const BUSINESS_REVIEW_MAX = 1000;
/** A review waits for an admin when its account is younger than this, or when this many reviews
 * of the business (held ones included) came within a day before it: the next one waits. */
export const REVIEW_NEW_ACCOUNT_DAYS = 7;
export const REVIEW_BURST = 5;

/** The Korean reasons of business review refusals. */
export const BusinessReviewMessages = {
  ownListing: '내 업소에는 후기를 남길 수 없습니다',
  alreadyReviewed: '이 업소에는 이미 후기를 남겼습니다',
  alreadyReplied: '이 후기에는 이미 답글을 달았습니다',
  notOwner: '업소를 등록한 회원만 답글을 달 수 있습니다',
} as const;

/** A business review as its page and GET /api/business/{id}/review show it; `held` to its author
 * while it waits on the review queue (검토 중). */
export interface BusinessReviewShown {
  id: number;
  user: number;
  nickname: string;
  rating: number;
  content: string;
  reply: string;
  replydate: string;
  date: string;
  held?: true;
}
