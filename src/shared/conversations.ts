import type { ScamWarning } from './scam-warnings.ts';

// Private messages (쪽지/채팅, PRODUCT.md "Messages"): what a conversation may be about and the
// API's answers. Pure data, so pages load it without the schemas.

/** What a conversation may be about: a market post (board), housing, a job or a business. */
export const ConversationTargets = ['board', 'housing', 'jobs', 'business'] as const;
export type ConversationTarget = (typeof ConversationTargets)[number];

/** The most characters of one message, after trimming. */
export const MESSAGE_MAX = 2000;
/** Messages per page of a conversation (the newest first, shown oldest first). */
export const MESSAGES_PAGE = 50;

/** The name a removed member's messages are shown under. */
export const REMOVED_MEMBER = '탈퇴한 회원';

export const ConversationMessages = {
  contentRequired: '메시지를 입력하세요',
  self: '나에게는 메시지를 보낼 수 없습니다',
  ownItem: '내 글에는 채팅을 시작할 수 없습니다',
  blocked: '상대방이 메시지를 받지 않습니다',
} as const;

export interface ConversationMember {
  id: number;
  /** Their nickname now; 탈퇴한 회원 when the account is gone. */
  nickname: string;
}

/** One of my conversations (GET /api/conversation). */
export interface ConversationEntry {
  id: number;
  other: ConversationMember;
  /** '' for a direct conversation. */
  target: ConversationTarget | '';
  item: number;
  /** The item's title now ('' for a direct conversation or an item that is gone). */
  title: string;
  last: { content: string; date: string; user: number } | null;
  /** Messages of the other member I have not read. */
  unread: number;
}

/** GET /api/conversation/{id}: the conversation and a page of its messages. */
export interface ConversationView {
  item: Pick<ConversationEntry, 'id' | 'other' | 'target' | 'item' | 'title'>;
  messages: MessageEntry[];
  /** Older messages exist: ask again with `before` = the first message's id. */
  more: boolean;
}

export interface MessageEntry {
  id: number;
  user: number;
  content: string;
  date: string;
  /** The cautions its text earns (as MessageSent's), shown to both members under it. */
  warnings: ScamWarning[];
}

/** POST /api/conversation/{id}/message. */
export interface MessageSent {
  id: number;
  date: string;
  warnings: ScamWarning[];
}

/** One new message for the live stream (GET /api/events). */
export interface MessageEvent {
  conversation: number;
  id: number;
}
