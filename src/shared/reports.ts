import type { FoundWarning } from './scam-warnings.ts';

// Reports (신고, PRODUCT.md beyond the spec): the reasons a member may give, and the states of an
// item's `hidden` column, which reports share with the moderators' switch. Pure data, so pages
// load it without the schemas.

export const ReportReasons = ['spam', 'fraud', 'abuse', 'obscene', 'privacy', 'other'] as const;
export type ReportReason = (typeof ReportReasons)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: '스팸/광고',
  fraud: '사기 의심',
  abuse: '욕설/비방',
  obscene: '음란물',
  privacy: '개인정보 노출',
  other: '기타',
};

/** How many members' reports hide an item when REPORT_HIDE_AT is not set. */
export const REPORT_HIDE_AT_DEFAULT = 3;

/** What a reporter may write beside the reason (기타 needs it). */
export const REPORT_DETAIL_MAX = 500;

/** What is reported: a board post (news, life, market, community ...), a job, a business, a home, or a
 * comment, the same table names as likes use; a business's review; or a private conversation, by
 * one of its members. */
export const ReportTargets = ['board', 'jobs', 'business', 'housing', 'comment', 'review', 'conversation'] as const;
export type ReportTarget = (typeof ReportTargets)[number];

export const isReportTarget = (target: string): target is ReportTarget => (ReportTargets as readonly string[]).includes(target);

/** An item's `hidden` column: shown; hidden by a moderator (admins only); hidden because enough
 * members reported it, until an admin looks (its author still sees it, marked 검토 중). */
export const Visibility = { shown: 0, hidden: 1, review: 2 } as const;
export type Visibility = (typeof Visibility)[keyof typeof Visibility];

/** The author's mark on an item that reports have hidden. */
export const REVIEW_LABEL = '검토 중';

export const ReportMessages = {
  done: '신고가 접수되었습니다. 검토 후 조치하겠습니다',
  already: '이미 신고한 게시물입니다',
  own: '내가 쓴 글은 신고할 수 없습니다',
  /** A conversation is not held or deleted: its members block, the admin acts on the accounts. */
  conversationKept: '대화는 삭제할 수 없습니다. 회원 관리에서 계정을 조치하세요',
  otherNeedsDetail: '기타 사유를 입력하세요',
  reasonRequired: '신고 사유를 선택하세요',
  /** What a held item's link says to everyone who may not read it (its content stays hidden). */
  held: '검토 중인 게시물입니다',
} as const;

/** A reported item as /admin/report lists it (GET /api/admin/report). */
export interface ReportedEntry {
  target: ReportTarget;
  item: number;
  /** How many members reported it. */
  reports: number;
  last: string;
  title: string;
  link: string;
  /** Visibility above; -1 when the item is gone (its author deleted it). */
  hidden: number;
  reasons: { reason: ReportReason; label: string; detail: string; date: string }[];
  /** What the scam checks found when a listing was last saved (none for other items). */
  warnings: FoundWarning[];
  /** A reported conversation's members and newest messages: the one place an admin reads them. */
  conversation?: ReportedConversation;
}

export interface ReportedConversation {
  members: { id: number; nickname: string }[];
  messages: { id: number; user: number; nickname: string; content: string; date: string }[];
  /** Older messages than these exist (the newest page only is shown). */
  more: boolean;
}

/** A listing published with a scam caution, as /admin/report lists it (GET
 * /api/admin/report/warned): the phrases its latest save earned. */
export interface WarnedListing {
  target: string;
  item: number;
  title: string;
  link: string;
  user: { id: number; nickname: string };
  date: string;
  warnings: FoundWarning[];
}
