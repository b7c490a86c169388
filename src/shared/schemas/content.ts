import { z } from 'zod';
import {
  BoardFree,
  BoardLanguage,
  BoardStatus,
  BusinessMain,
  BusinessType,
  enumValues,
  InquiryStatus,
  JobsStatus,
  JobsType,
  MarketStatus,
  TopCategory,
} from '../enums.ts';
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
    topcategory: code(enumValues(TopCategory)).default(TopCategory.news),
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
    ...accepted(BOARD_SERVER_FIELDS),
  })
  // PRODUCT.md: a market listing shows its price, or 무료나눔 (free = 2). A paid one at $0 is a
  // price left out (issue #32: an empty price box was stored and shown as $0).
  .refine((p) => p.topcategory !== TopCategory.market || p.free === BoardFree.free || p.price > 0, {
    path: ['price'],
    error: Messages.marketPriceRequired,
  });

export const JOBS_SERVER_FIELDS = [...AUTHORED_SERVER_FIELDS, ...COUNTED_SERVER_FIELDS, ...EXPIRING_SERVER_FIELDS] as const;
export const JobsSaveSchema = z.strictObject({
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
  ...accepted(JOBS_SERVER_FIELDS),
});

export const BUSINESS_SERVER_FIELDS = [...AUTHORED_SERVER_FIELDS, ...COUNTED_SERVER_FIELDS] as const;
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

export const CommentSaveSchema = z.strictObject({
  board: positiveId,
  parent: id.default(0),
  content: text(COMMENT_MAX, Messages.commentRequired),
});

/** The tables behind the public sections (posts, jobs, businesses): liked, viewed, searched,
 * moderated and written alike. */
export const SectionTables = ['board', 'jobs', 'business'] as const;
export type SectionTable = (typeof SectionTables)[number];
export const LikeTargets = SectionTables;
export type LikeTarget = SectionTable;
export const LikeToggleSchema = z.strictObject({
  target: z.enum(LikeTargets),
  item: positiveId,
});

/** GET /api/comment: a post's comments, oldest first, a page of top-level ones with their replies. */
export const CommentListQuerySchema = z.strictObject({ board: queryPositiveId, ...paging(50, { maxPage: 100_000 }) });

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
