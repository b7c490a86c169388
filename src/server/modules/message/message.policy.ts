import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { Actor } from '#server/context.ts';
import type { ConversationRow } from './message.repository.ts';

// Who reads and writes a conversation (PRODUCT.md "Messages"): its two members only. Everyone
// else, admins included, is told it does not exist; an admin reads a reported one on the report
// screen, through the report module.

export function isMemberOf(conversation: Pick<ConversationRow, 'user1' | 'user2'>, user: number): boolean {
  return conversation.user1 === user || conversation.user2 === user;
}

export function requireMemberOf(conversation: ConversationRow | undefined, actor: Actor): ConversationRow {
  if (!conversation || !isMemberOf(conversation, actor.id)) throw new AppError(404, ErrorKey.notFound);
  return conversation;
}

/** The other member of a conversation. */
export function otherOf(conversation: Pick<ConversationRow, 'user1' | 'user2'>, user: number): number {
  return conversation.user1 === user ? conversation.user2 : conversation.user1;
}
