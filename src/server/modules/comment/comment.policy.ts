import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { type CommentChange, mayChangeComment } from '#shared/comment-policy.ts';
import type { Actor } from '#server/context.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';

// A comment's edit and delete, whichever path asks (the API, a page's form, the admin screens, a
// report's decision), by the one rule of shared/comment-policy.ts.

/** The live comment the actor may change: 401 without a session, 404 when it is gone, 403 when
 * the rule refuses. The actor's level is the request's (an admin outside ADMIN_ALLOW_IPS acts as
 * staff: actor.policy.ts). */
export function requireChangeable<C extends { user: number; deleted: number }>(
  change: CommentChange,
  actor: Actor | undefined,
  comment: C | undefined,
): C {
  const a = requireActor(actor);
  if (!comment || comment.deleted === 1) throw new AppError(404, ErrorKey.notFound);
  if (!mayChangeComment(change, a, comment)) throw new AppError(403, ErrorKey.forbidden);
  return comment;
}
