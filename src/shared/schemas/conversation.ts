import { z } from 'zod';
import { ConversationMessages, ConversationTargets, MESSAGE_MAX } from '../conversations.ts';
import { paging, positiveId, queryPositiveId, text } from './fields.ts';

// Private messages (PRODUCT.md "Messages"): starting a conversation, its pages, a message, a block.

/** POST /api/conversation: about an item (its author is the other member), or with a member. */
export const ConversationStartSchema = z.union([
  z.strictObject({ target: z.enum(ConversationTargets), item: positiveId }),
  z.strictObject({ user: positiveId }),
]);
export type ConversationStartInput = z.output<typeof ConversationStartSchema>;

/** GET /api/conversation: mine, newest activity first. */
export const ConversationListQuerySchema = z.strictObject(paging(20, { maxPage: 100_000 }));
export type ConversationListQuery = z.output<typeof ConversationListQuerySchema>;

/** GET /api/conversation/{id}: the newest messages, or those before a message id. */
export const ConversationReadQuerySchema = z.strictObject({ before: queryPositiveId.optional() });
export type ConversationReadQuery = z.output<typeof ConversationReadQuerySchema>;

/** POST /api/conversation/{id}/message: plain text, kept as typed (trimmed at its ends). */
export const MessageInputSchema = z.strictObject({ content: text(MESSAGE_MAX, ConversationMessages.contentRequired) });
export type MessageInput = z.output<typeof MessageInputSchema>;

/** POST /api/block: the member to block. */
export const BlockSchema = z.strictObject({ user: positiveId });
export type BlockInput = z.output<typeof BlockSchema>;
