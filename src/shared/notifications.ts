// Notifications (PRODUCT.md, beyond the spec): the kinds a member is told about, their names on
// the settings box and the sentence each one reads as, for the list and the e-mail alike. Pure
// data, so pages load it without the schemas.

/** A comment on my post, a reply to my comment, an admin's answer to my inquiry, a new item that
 * matches one of my keywords (키워드 알림), my listing closing in 3 days (끌어올리기 renews it), my
 * item held for review after reports (신고) and my item deleted by an admin after them; my
 * listing that waited on the review queue, approved or rejected; an event I said I come to
 * happening tomorrow; a seller who closed a sale naming me its buyer, inviting my review. */
export const NotificationKinds = [
  'comment',
  'reply',
  'answer',
  'keyword',
  'expiry',
  'held',
  'removed',
  'approved',
  'rejected',
  'event',
  'trade',
] as const;
export type NotificationKind = (typeof NotificationKinds)[number];

/** The kinds the settings box mails or not; a keyword's mail is chosen with the keyword. A
 * private message left unread for 10 minutes (`message`) is no notification, but mailed as one. */
export const MailSettingKinds = ['comment', 'reply', 'answer', 'message', 'event'] as const;
export type MailSettingKind = (typeof MailSettingKinds)[number];

/** The settings box's names for the kinds. */
export const NOTIFICATION_KIND_LABELS: Record<MailSettingKind, string> = {
  comment: '내 글에 달린 댓글',
  reply: '내 댓글에 달린 답글',
  answer: '1:1 문의 답변',
  message: '10분 동안 읽지 않은 쪽지',
  event: '참석하는 행사 하루 전 알림',
};

/** The kinds a member's phones and browsers are told of by web push (PRODUCT.md "On the phone
 * like an app"): notifications, a new private message, and an event (일정) they follow. */
export const PushKinds = ['comment', 'reply', 'answer', 'keyword', 'message', 'event', 'expiry'] as const;
export type PushKind = (typeof PushKinds)[number];

/** The settings box's names for the pushed kinds. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  comment: '내 글에 달린 댓글',
  reply: '내 댓글에 달린 답글',
  answer: '1:1 문의 답변',
  keyword: '키워드 알림',
  message: '새 쪽지',
  event: NOTIFICATION_KIND_LABELS.event,
  expiry: '내 글 마감 안내',
};

/** Which kinds go by e-mail until a member chooses: the inquiry answer, which was mailed before
 * notifications existed, and a message someone is waiting on; comments would fill an inbox, and
 * an event's reminder is mailed only to those who ask for it (PRODUCT.md). */
export const NOTIFICATION_MAIL_DEFAULTS: Record<MailSettingKind, boolean> = {
  comment: false,
  reply: false,
  answer: true,
  message: true,
  event: false,
};

/** What happened, as one line: "길동님이 댓글을 남겼습니다"; a keyword notice names its keyword
 * (one made before notices kept it has none, and says it in general). */
export function noticeSentence(kind: string, actor: string, keyword = ''): string {
  const who = actor ? `${actor}님이` : '누군가';
  if (kind === 'comment') return `${who} 내 글에 댓글을 남겼습니다`;
  if (kind === 'reply') return `${who} 내 댓글에 답글을 남겼습니다`;
  if (kind === 'answer') return '1:1 문의에 답변이 등록되었습니다';
  if (kind === 'keyword' && keyword) return `키워드 "${keyword}" 알림: ${who} 새 글을 올렸습니다`;
  if (kind === 'keyword') return `${who} 키워드 알림에 맞는 글을 올렸습니다`;
  if (kind === 'expiry') return '내 글이 3일 안에 마감됩니다. 끌어올리면 다시 게시됩니다';
  if (kind === 'held') return '신고가 접수되어 내 글이 검토 중입니다. 다른 회원에게는 보이지 않습니다';
  if (kind === 'trade') return `${who} 나를 구매자로 거래완료했습니다. 거래후기를 남겨 주세요`;
  if (kind === 'event') return '참석하기로 한 행사가 내일 열립니다';
  if (kind === 'removed') return '신고가 접수된 내 글이 운영 정책에 따라 삭제되었습니다';
  if (kind === 'approved') return '관리자 검토가 끝나 내 글이 게시되었습니다';
  if (kind === 'rejected') return '내 글이 운영 정책에 따라 게시되지 않았습니다. 다른 회원에게는 보이지 않습니다';
  return '새 알림이 있습니다';
}
