import type { FoundWarning } from './scam-warnings.ts';

// The review queue (PRODUCT.md "Scam defence"): items that wait for an admin before anyone else
// sees them, why each waits, and what the admin's decision is. Pure data, so pages load it
// without the schemas.

/** Why an item waits: one of its author's first listings (APPROVE_FIRST), a money-mule offer, a
 * photo another member's listing shows too; a business review by an account under 7 days old, or
 * one of many on a business within a day; a member's event. */
export const QueueReasons = ['first', 'mule', 'photo', 'newmember', 'burst', 'event'] as const;
export type QueueReason = (typeof QueueReasons)[number];

export const QUEUE_REASON_LABELS: Record<QueueReason, string> = {
  first: '새 회원의 첫 게시물',
  mule: '통장·계좌 대여 의심',
  photo: '다른 회원의 게시물과 같은 사진',
  newmember: '가입 7일이 안 된 회원의 후기',
  burst: '하루 사이에 몰린 업소 후기',
  event: '회원이 올린 행사',
};

export const QueueActions = ['approve', 'reject'] as const;
export type QueueAction = (typeof QueueActions)[number];

export const QUEUE_ACTION_LABELS: Record<QueueAction, string> = { approve: '승인', reject: '반려' };

/** A waiting item as /admin/queue lists it (GET /api/admin/queue). */
export interface QueueEntry {
  target: string;
  item: number;
  reason: QueueReason;
  label: string;
  title: string;
  link: string;
  user: { id: number; nickname: string };
  date: string;
  /** What the scam checks found in its text. */
  warnings: FoundWarning[];
  /** The other member's listing that shows the same photo. */
  duplicate?: { target: string; item: number; title: string; link: string };
}

export const QueueMessages = {
  approved: '승인했습니다. 게시물이 공개되었습니다',
  rejected: '반려했습니다. 게시물은 숨겨진 채로 남습니다',
  /** What the author is told when a listing of theirs waits. */
  waiting: '관리자가 확인한 뒤에 게시됩니다. 그동안 다른 회원에게는 보이지 않습니다',
  empty: '검토를 기다리는 게시물이 없습니다',
} as const;
