import { z } from 'zod';
import {
  BoardFree,
  BoardLanguage,
  BoardStatus,
  BusinessMain,
  BusinessType,
  enumValues,
  HousingGender,
  HousingKind,
  HousingStatus,
  InquiryStatus,
  JobsStatus,
  JobsType,
  MarketStatus,
  PayUnit,
  PayUnitLabel,
  TopCategory,
  Visa,
  VisaLabel,
  YesNo,
} from '../enums.ts';
import { EVENT_CATEGORIES, EventAllday } from '../events.ts';
import { COMMENT_MAX, TITLE_MAX } from '../limits.ts';
import { Messages } from '../messages.ts';
import {
  code,
  dateText,
  email,
  id,
  INT_MAX,
  imagePath,
  integer,
  line,
  money,
  paging,
  phone,
  positiveId,
  queryPositiveId,
  richText,
  text,
  timeText,
  url,
} from './fields.ts';

// SPEC §3's content entities: what a client may send when saving. Fields the server keeps for
// itself are listed per entity, accepted (clients send back whole records) and never taken.

const TITLE_REQUIRED = Messages.titleRequired;
const CONTENT_MAX = 100_000;

/** A post's or a listing's photos, the first the thumbnail. */
const images = z.array(imagePath).max(10, { error: '이미지는 10개까지 올릴 수 있습니다' }).default([]);

/** Closed days (휴무일): ISO weekdays, 1 Monday .. 7 Sunday, as "6,7"; stored in order, once each. */
export const closedDays = z
  .string()
  .regex(/^([1-7](,[1-7]){0,6})?$/, { error: '휴무일은 1(월요일)부터 7(일요일)까지의 요일 번호입니다' })
  .transform((s) => [...new Set(s.split(',').filter(Boolean))].sort().join(','));

/** Server-owned fields every content entity shares. */
const AUTHORED_SERVER_FIELDS = ['name', 'user', 'date', 'hidden'] as const;
const COUNTED_SERVER_FIELDS = ['count', 'like'] as const;

function accepted(fields: readonly string[]) {
  return Object.fromEntries(fields.map((f) => [f, z.unknown().optional()]));
}

/** A listing's freshness (modules/freshness): set by saves, bumps and the sweep, never a client. */
const EXPIRING_SERVER_FIELDS = ['bumpdate', 'expiredate', 'closed', 'expirynotice'] as const;

/** A KakaoTalk open chat's address: nothing else goes behind the 오픈채팅 button. */
const kakaoLink = z.union([
  z.literal(''),
  z
    .string()
    .max(300)
    .regex(/^https:\/\/open\.kakao\.com\/[A-Za-z0-9/_-]+$/, { error: '카카오톡 오픈채팅 주소(https://open.kakao.com/...)를 입력하세요' }),
]);

/** An organization's page (PRODUCT.md "Organizations and events"): board posts of 한인단체 carry
 * these; other sections' posts leave them empty. */
export const ORGANIZATION_FIELDS = {
  tel: phone.default(''),
  email: z.union([z.literal(''), email('')]).default(''),
  address: line(200).default(''),
  url: url.default(''),
  kakao: kakaoLink.default(''),
  officers: text(2000).default(''),
  hours: text(1000).default(''),
};

export const BOARD_SERVER_FIELDS = [
  ...AUTHORED_SERVER_FIELDS,
  ...COUNTED_SERVER_FIELDS,
  ...EXPIRING_SERVER_FIELDS,
  'comment',
  'korean',
  'english',
] as const;
export const BoardSaveSchema = z
  .strictObject({
    id: id.default(0),
    // SPEC §3's codes 1-8: housing's code (9) names a section with a table of its own.
    topcategory: code(enumValues(TopCategory).filter((c) => c !== TopCategory.housing)).default(TopCategory.news),
    category: line(50).default(''),
    subcategory: line(50).default(''),
    title: line(TITLE_MAX, TITLE_REQUIRED),
    content: richText(CONTENT_MAX).default(''),
    etitle: line(TITLE_MAX).default(''),
    econtent: richText(CONTENT_MAX).default(''),
    image: imagePath.default(''),
    images,
    location: line(50).default(''),
    price: money.default(0),
    free: code(enumValues(BoardFree)).default(BoardFree.paid),
    marketstatus: code(enumValues(MarketStatus)).default(MarketStatus.intrade),
    parent: id.default(0),
    language: code(enumValues(BoardLanguage)).default(BoardLanguage.korean),
    status: code(enumValues(BoardStatus)).default(BoardStatus.selling),
    ...ORGANIZATION_FIELDS,
    ...accepted(BOARD_SERVER_FIELDS),
  })
  // PRODUCT.md: a market listing shows its price, or 무료나눔 (free = 2). A paid one at $0 is a
  // price left out (issue #32: an empty price box was stored and shown as $0).
  .refine((p) => p.topcategory !== TopCategory.market || p.free === BoardFree.free || p.price > 0, {
    path: ['price'],
    error: Messages.marketPriceRequired,
  })
  .refine((p) => p.topcategory === TopCategory.organizations || Object.keys(ORGANIZATION_FIELDS).every((f) => !p[f as keyof typeof p]), {
    path: ['topcategory'],
    error: '단체 정보는 한인단체 글에만 적을 수 있습니다',
  });

/** A code among labelled ones, refused with the field's name and its choices ("1(시급), 2(일급) ..."). */
function labelledCode(labels: Record<number, string>, message: (choices: string) => string, allowed = Object.keys(labels).map(Number)) {
  const error = message(
    Object.entries(labels)
      .map(([code, label]) => `${code}(${label})`)
      .join(', '),
  );
  return z.number({ error }).refine((v) => allowed.includes(v), { error });
}

/** One of a job's visa terms (PRODUCT.md), and the list a job says: codes of `Visa`, each once, in order. */
export const visaCode = labelledCode(VisaLabel, (choices) => `비자 조건은 ${choices} 중에서 고르세요`);
export const visaList = z
  .array(visaCode, { error: '비자 조건은 번호의 목록입니다' })
  .max(enumValues(Visa).length)
  .transform((codes) => [...new Set(codes)].sort((a, b) => a - b));

/** A job's pay unit, or 0 where no pay is given. */
const payUnit = labelledCode(PayUnitLabel, (choices) => `급여 단위는 ${choices} 중 하나입니다`, [0, ...enumValues(PayUnit)]);

export const JOBS_SERVER_FIELDS = [...AUTHORED_SERVER_FIELDS, ...COUNTED_SERVER_FIELDS, ...EXPIRING_SERVER_FIELDS] as const;
export const JobsSaveSchema = z
  .strictObject({
    id: id.default(0),
    title: line(TITLE_MAX, TITLE_REQUIRED),
    content: richText(CONTENT_MAX).default(''),
    type: code(enumValues(JobsType)).default(JobsType.recruit),
    companyname: line(100).default(''),
    tel: phone.default(''),
    url: url.default(''),
    manager: line(50).default(''),
    // The union's own message: a failed address fails both branches, and neither one's reason alone is the answer.
    email: z.union([z.literal(''), email('')], { error: '이메일 형식이 올바르지 않습니다' }).default(''),
    category: line(50).default(''),
    location: line(50).default(''),
    employmenttype: line(50).default(''),
    limitdate: dateText.default(''),
    status: code(enumValues(JobsStatus)).default(JobsStatus.selling),
    // PRODUCT.md "Jobs say pay and visa": a range in one unit (0: none given, 급여 협의).
    paymin: money.default(0),
    paymax: money.default(0),
    payunit: payUnit.default(0),
    visa: visaList.default([]),
    ...accepted(JOBS_SERVER_FIELDS),
  })
  .refine((j) => j.paymax === 0 || j.paymin > 0, { path: ['paymin'], error: '최대 급여를 쓰면 최소 급여도 입력하세요' })
  .refine((j) => j.paymax === 0 || j.paymax >= j.paymin, { path: ['paymax'], error: '최대 급여는 최소 급여보다 적을 수 없습니다' })
  .refine((j) => j.paymin === 0 || j.payunit !== 0, { path: ['payunit'], error: '급여 단위(시급, 일급, 주급, 월급, 연봉)를 고르세요' });

export const HOUSING_SERVER_FIELDS = [
  ...AUTHORED_SERVER_FIELDS,
  ...COUNTED_SERVER_FIELDS,
  ...EXPIRING_SERVER_FIELDS,
  'image',
  'comment',
] as const;
/** PRODUCT.md "Housing": each typed field's message names it, so a form and an API client know
 * which box is wrong. */
/** A field's name as the topic of a sentence: 월세는, 보증금은, 계약 기간(개월)은 (the particle
 * follows the last syllable, whether it ends in a consonant). */
function topic(label: string): string {
  const last = [...label].reverse().find((ch) => ch >= '가' && ch <= '힣');
  const closed = last !== undefined && (last.charCodeAt(0) - 0xac00) % 28 !== 0;
  return `${label}${closed ? '은' : '는'}`;
}
const housingMoney = (label: string) =>
  z
    .number({ error: `${topic(label)} 숫자로 입력하세요` })
    .min(0, { error: `${topic(label)} 0 이상이어야 합니다` })
    .max(1e12, { error: `${topic(label)} 1조 미만이어야 합니다` })
    .transform((n) => Math.floor(n * 100) / 100);
const housingCount = (label: string, max: number) =>
  z
    .number({ error: `${topic(label)} 숫자로 입력하세요` })
    .int({ error: `${topic(label)} 정수로 입력하세요` })
    .min(0, { error: `${topic(label)} 0 이상이어야 합니다` })
    .max(max, { error: `${topic(label)} ${max} 이하여야 합니다` });
/** A code of an enumeration, with one message naming the field and its choices. */
const choice = (values: number[], error: string) => z.number({ error }).refine((v) => values.includes(v), { error });
const yesNo = (label: string) => choice(enumValues(YesNo), `${topic(label)} 1(예) 또는 2(아니오)입니다`);
const MOVEIN_FORMAT = '입주일은 YYYY-MM-DD 형식의 날짜입니다 (비우면 즉시 입주)';
export const HousingSaveSchema = z
  .strictObject({
    id: id.default(0),
    title: line(TITLE_MAX, TITLE_REQUIRED),
    content: richText(CONTENT_MAX).default(''),
    images,
    kind: choice(enumValues(HousingKind), '종류는 1(렌트), 2(룸메이트/쉐어), 3(하숙), 4(단기/서블렛), 5(매매) 중 하나입니다').default(
      HousingKind.rent,
    ),
    rent: housingMoney('월세').default(0),
    deposit: housingMoney('보증금').default(0),
    price: housingMoney('매매가').default(0),
    movein: z
      .string({ error: MOVEIN_FORMAT })
      // A day that does not exist (02-30) is refused, not rolled over into the next month.
      .refine((s) => s === '' || (dateText.safeParse(s).success && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)), {
        error: MOVEIN_FORMAT,
      })
      .default(''),
    lease: housingCount('계약 기간(개월)', 120).default(0),
    bedrooms: housingCount('방 개수', 20).default(0),
    bathrooms: z
      .number({ error: '욕실 수는 숫자로 입력하세요' })
      .min(0, { error: '욕실 수는 0 이상이어야 합니다' })
      .max(20, { error: '욕실 수는 20 이하여야 합니다' })
      .refine((n) => Number.isInteger(n * 2), { error: '욕실 수는 0.5 단위로 입력하세요' })
      .default(0),
    furnished: yesNo('가구 포함').default(YesNo.no),
    utilities: yesNo('공과금 포함').default(YesNo.no),
    pets: yesNo('반려동물').default(YesNo.no),
    parking: yesNo('주차').default(YesNo.no),
    gender: choice(enumValues(HousingGender), '성별은 1(무관), 2(여성), 3(남성) 중 하나입니다').default(HousingGender.any),
    location: line(50).default(''),
    address: line(300).default(''),
    status: choice(enumValues(HousingStatus), '거래 상태는 1(거래중) 또는 2(거래완료)입니다').default(HousingStatus.intrade),
    tel: phone.default(''),
    email: z.union([z.literal(''), email('')], { error: '이메일 형식이 올바르지 않습니다' }).default(''),
    ...accepted(HOUSING_SERVER_FIELDS),
  })
  // 매매 asks a price; the others a monthly rent (PRODUCT.md: `price` is 매매 only).
  .refine((h) => h.kind !== HousingKind.sale || h.price > 0, { path: ['price'], error: '매매가를 입력하세요' })
  .refine((h) => h.kind === HousingKind.sale || h.price === 0, { path: ['price'], error: '매매가는 매매에만 입력합니다' })
  .refine((h) => h.kind === HousingKind.sale || h.rent > 0, { path: ['rent'], error: '월세를 입력하세요' });

/** `rating` and `reviews` are kept by business reviews (modules/business-review), never a client. */
export const BUSINESS_SERVER_FIELDS = [...AUTHORED_SERVER_FIELDS, ...COUNTED_SERVER_FIELDS, 'rating', 'reviews'] as const;
/** PRODUCT.md: type (premium) and main (main exposure) are set only by admins. */
export const BUSINESS_ADMIN_FIELDS = ['type', 'main'] as const;
export const BusinessSaveSchema = z.strictObject({
  id: id.default(0),
  category: line(50).default(''),
  subcategory: line(50).default(''),
  title: line(TITLE_MAX, TITLE_REQUIRED),
  tel: phone.default(''),
  address: line(300).default(''),
  url: url.default(''),
  location: line(50).default(''),
  starttime: timeText.default(''),
  endtime: timeText.default(''),
  weekendstarttime: timeText.default(''),
  weekendendtime: timeText.default(''),
  breakstarttime: timeText.default(''),
  breakendtime: timeText.default(''),
  closeddays: closedDays.default(''),
  image: imagePath.default(''),
  images,
  content: richText(CONTENT_MAX).default(''),
  type: code(enumValues(BusinessType)).default(BusinessType.normal),
  main: code(enumValues(BusinessMain)).default(BusinessMain.normal),
  ...accepted(BUSINESS_SERVER_FIELDS),
});

export const INQUIRY_SERVER_FIELDS = [...AUTHORED_SERVER_FIELDS, 'updatedate'] as const;
/** PRODUCT.md: the answer and the status are an admin's. */
export const INQUIRY_ADMIN_FIELDS = ['answer', 'status'] as const;
export const InquirySaveSchema = z.strictObject({
  id: id.default(0),
  title: line(TITLE_MAX, TITLE_REQUIRED),
  content: richText(CONTENT_MAX).default(''),
  answer: richText(CONTENT_MAX).default(''),
  status: code(enumValues(InquiryStatus)).default(InquiryStatus.waiting),
  ...accepted(INQUIRY_SERVER_FIELDS),
});

export const MAINSCHEDULE_SERVER_FIELDS = AUTHORED_SERVER_FIELDS;
export const MainscheduleSaveSchema = z
  .strictObject({
    id: id.default(0),
    title: line(TITLE_MAX, TITLE_REQUIRED),
    content: richText(20_000).default(''),
    startdate: dateText.default(''),
    enddate: dateText.default(''),
    starttime: timeText.default(''),
    endtime: timeText.default(''),
    location: line(100).default(''),
    url: url.default(''),
    category: line(50).default(''),
    /** 0: once; 1-7: weekly on Monday..Sunday (ISO weekday). */
    weekday: integer(0, 7).default(0),
    status: code([1, 2]).default(1),
    sortorder: integer(-1_000_000, 1_000_000).default(0),
    ...accepted(MAINSCHEDULE_SERVER_FIELDS),
  })
  // Dates and times are text in one format (YYYY-MM-DD, HH:MM), so text order is time order.
  .refine((v) => !v.startdate || !v.enddate || v.enddate >= v.startdate, {
    path: ['enddate'],
    error: '종료일은 시작일보다 빠를 수 없습니다',
  })
  .refine((v) => !v.starttime || !v.endtime || v.startdate !== v.enddate || v.endtime >= v.starttime, {
    path: ['endtime'],
    error: '종료 시간은 시작 시간보다 빠를 수 없습니다',
  });

/** An event's server-kept fields: its attendance count (the RSVPs), and what its detail answer
 * adds for the reader (attending, next), which a client may send back with the rest. */
export const EVENT_SERVER_FIELDS = [...AUTHORED_SERVER_FIELDS, 'attendees', 'attending', 'next'] as const;
export const EVENT_CAPACITY_MAX = 100_000;
export const EventSaveSchema = z
  .strictObject({
    id: id.default(0),
    title: line(TITLE_MAX, TITLE_REQUIRED),
    content: richText(CONTENT_MAX).default(''),
    startdate: dateText.default(''),
    starttime: timeText.default(''),
    /** A weekly event's last day (its series ends there; empty: no end). */
    enddate: dateText.default(''),
    endtime: timeText.default(''),
    allday: code(enumValues(EventAllday)).default(EventAllday.no),
    /** 0: once; 1-7: weekly on Monday..Sunday (ISO weekday). */
    weekday: integer(0, 7).default(0),
    place: line(100).default(''),
    address: line(300).default(''),
    /** An organization's post (topcategory 7), or 0. */
    organization: id.default(0),
    category: z.enum(EVENT_CATEGORIES, { error: '분류를 선택하세요' }).default('행사'),
    /** 0: no limit. */
    capacity: integer(0, EVENT_CAPACITY_MAX).default(0),
    url: url.default(''),
    images,
    ...accepted(EVENT_SERVER_FIELDS),
  })
  .refine((v) => v.startdate !== '', { path: ['startdate'], error: '시작일을 입력하세요' })
  .refine((v) => v.allday === EventAllday.yes || v.starttime !== '', { path: ['starttime'], error: '시작 시간을 입력하세요' })
  // Dates and times are text in one format (YYYY-MM-DD, HH:MM), so text order is time order.
  .refine((v) => !v.enddate || v.enddate >= v.startdate, { path: ['enddate'], error: '종료일은 시작일보다 빠를 수 없습니다' })
  .refine((v) => !v.endtime || !v.starttime || (v.enddate && v.enddate !== v.startdate && !v.weekday) || v.endtime >= v.starttime, {
    path: ['endtime'],
    error: '종료 시간은 시작 시간보다 빠를 수 없습니다',
  });

/** The tables whose items carry comments (their server resources declare `comments`, checked
 * at start in content.shows.ts); a comment's `board` is its item's id in `target`. */
export const CommentTargets = ['board', 'housing'] as const;
export type CommentTarget = (typeof CommentTargets)[number];
const commentTarget = z.enum(CommentTargets).default('board');

export const CommentSaveSchema = z.strictObject({
  target: commentTarget,
  board: positiveId,
  parent: id.default(0),
  content: text(COMMENT_MAX, Messages.commentRequired),
});

/** The tables behind the public sections (posts, jobs, businesses): liked, viewed, searched,
 * moderated and written alike. */
export const SectionTables = ['board', 'jobs', 'business', 'housing'] as const;
export type SectionTable = (typeof SectionTables)[number];
/** The tables the search index holds: the sections' and the events'. */
export type SearchTarget = SectionTable | 'event';
export const LikeTargets = SectionTables;
export type LikeTarget = SectionTable;
export const LikeToggleSchema = z.strictObject({
  target: z.enum(LikeTargets),
  item: positiveId,
});

/** GET /api/comment: a post's comments, oldest first, a page of top-level ones with their replies. */
export const CommentListQuerySchema = z.strictObject({
  target: commentTarget,
  board: queryPositiveId,
  ...paging(50, { maxPage: 100_000 }),
});

/** GET /api/comment/mine: my comments across the sections, newest first. */
export const MyCommentsQuerySchema = z.strictObject(paging(20, { maxPage: 100_000 }));

/** PUT /api/comment: only the text of a comment changes. */
export const CommentEditSchema = z.strictObject({ id: positiveId, content: CommentSaveSchema.shape.content });

/** GET /api/like: my likes, newest first. */
export const MyLikesQuerySchema = z.strictObject({ target: z.enum(LikeTargets).optional(), ...paging(20, { maxPage: 100_000 }) });

/** GET /api/like/status?target=board&items=1,2,3: which of these I liked. */
export const LikeStatusQuerySchema = z.strictObject({
  target: z.enum(LikeTargets),
  items: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/)
    .transform((s) => s.split(',').map(Number))
    .refine((ids) => ids.every((i) => i <= INT_MAX), { error: `${INT_MAX} 이하의 번호여야 합니다` }),
});
