import { isAdminLevel } from './enums.ts';

// Who may edit and delete a comment (PRODUCT.md: its author, or an admin; an admin's change of
// someone else's comment is moderation, audited). The one answer: the server's comment.policy.ts
// refuses everyone else, and a thread's 수정 and 삭제 are shown to exactly those it names
// (features/board/comments.tsx). Plain data and a pure function, because a thread is drawn once
// for every reader (the page cache) and the browser decides what this reader sees.

export type CommentChange = 'edit' | 'delete';

/** Whether admins may make each change to anyone's comment, as its author may to their own. */
export const ADMINS_MAY: Readonly<Record<CommentChange, boolean>> = { edit: true, delete: true };

/** Whether `reader` (a member's id and level; none for a visitor) may make the change. */
export function mayChangeComment(
  change: CommentChange,
  reader: { id: number; level: number } | null | undefined,
  comment: { user: number },
) {
  if (!reader) return false;
  return reader.id === comment.user || (ADMINS_MAY[change] && isAdminLevel(reader.level));
}
