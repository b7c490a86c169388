import type { z } from 'zod';
import { spendWriteAllowance } from '#server/modules/auth/write-limits.ts';
import type { CommentRecord } from '#shared/api.ts';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { CommentEditSchema, CommentListQuerySchema, CommentSaveSchema, MyCommentsQuerySchema } from '#shared/schemas/content.ts';
import { isAdmin, requireActor } from '#server/modules/auth/actor.policy.ts';
import type { Caller, Deps } from '#server/context.ts';
import { commentCountChanges, commentTextChanges } from '#server/modules/content/content.shows.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { nowIso } from '#server/lib/clock.ts';
import { maySee } from '#server/modules/report/visibility.policy.ts';
import { isShownRow } from '#server/db/visibility.ts';
import { auditRemoval, type RemovalDecision, recordAudit } from '#server/modules/audit/audit.service.ts';
import { requireChangeable } from './comment.policy.ts';
import type { Executor } from '#server/db/database.ts';
import { authorName } from '#server/modules/user/member-contact.service.ts';
import { deliver, notify } from '#server/modules/notification/notification.service.ts';
import { commentPath } from '#shared/site.ts';
import type { CommentTarget } from '#shared/schemas/content.ts';
import {
  listCommentsOfUser,
  addItemComments,
  type CommentedItem,
  type CommentRow,
  countLiveReplies,
  deleteComments,
  deleteCommentsOfItems,
  findCommentById,
  findCommentedItems,
  insertComment,
  listThread,
  markCommentDeleted,
  updateCommentContent,
} from './comment.repository.ts';

// PRODUCT.md, comments: members comment on any board post and any item of a kind whose resource
// declares `comments` (housing listings), one level of replies; the author or an admin edits and
// deletes (comment.policy.ts); a deleted comment that still has replies stays as "삭제된 댓글입니다".
// The item's comment count is the number of live comments, kept in the same transaction.

async function requireVisiblePost(deps: Deps, caller: Caller, target: CommentTarget, board: number) {
  const [post] = await findCommentedItems(deps.db, target, [board]);
  return visibleToCaller(caller, post);
}

/** The items the comments are under, by `target:id` (lists that name each comment's item). */
export async function commentedItems(
  db: Executor,
  comments: readonly { target: CommentTarget; board: number }[],
): Promise<Map<string, CommentedItem>> {
  const found = new Map<string, CommentedItem>();
  for (const target of new Set(comments.map((c) => c.target))) {
    const ids = [...new Set(comments.filter((c) => c.target === target).map((c) => c.board))];
    for (const item of await findCommentedItems(db, target, ids)) found.set(`${target}:${item.id}`, item);
  }
  return found;
}

/** A post the caller may see, else the 404 of a post that is not there. */
function visibleToCaller<P extends { hidden: number; user: number }>(caller: Caller, post: P | undefined): P {
  if (!post || !maySee(caller.actor, post)) throw new AppError(404, ErrorKey.notFound, { field: 'board' });
  return post;
}

export async function addComment(deps: Deps, caller: Caller, input: z.output<typeof CommentSaveSchema>): Promise<{ id: number }> {
  const actor = requireActor(caller.actor);
  const post = await requireVisiblePost(deps, caller, input.target, input.board);
  await spendWriteAllowance(deps, actor, 'comment');
  const { id, notices } = await writesShowOnly(commentCountChanges(input.target, input.board), () =>
    deps.db.transaction().execute(async (trx) => {
      let parentAuthor = 0;
      if (input.parent) {
        const parent = await findCommentById(trx, input.parent);
        // A held or hidden comment takes no replies (held means held): as if it were not there.
        if (
          !parent ||
          parent.target !== input.target ||
          parent.board !== input.board ||
          parent.deleted === 1 ||
          !(isShownRow(parent) || isAdmin(actor))
        )
          throw new AppError(404, ErrorKey.notFound, { field: 'parent' });
        if (parent.parent !== 0) throw new AppError(400, ErrorKey.invalid, { field: 'parent', detail: '답글에는 답글을 달 수 없습니다' });
        parentAuthor = parent.user;
      }
      const newId = await insertComment(trx, {
        target: input.target,
        board: input.board,
        parent: input.parent,
        content: input.content,
        name: await authorName(trx, actor.id),
        user: actor.id,
        date: nowIso(),
      });
      await addItemComments(trx, input.target, input.board, 1);
      // The comment's author is told of a reply; the post's author of anything else under the post.
      const event = {
        actor: actor.id,
        target: 'comment',
        item: newId,
        title: post.title,
        link: commentPath(post.topcategory, post.id, newId),
      };
      const told = await notify(trx, event, [
        { user: parentAuthor, kind: 'reply' },
        { user: post.user, kind: 'comment' },
      ]);
      return { id: newId, notices: told };
    }),
  );
  deliver(deps, notices);
  return { id };
}

export async function editComment(deps: Deps, caller: Caller, input: z.output<typeof CommentEditSchema>): Promise<{ id: number }> {
  const comment = requireChangeable('edit', caller.actor, await findCommentById(deps.db, input.id));
  const actor = requireActor(caller.actor);
  await writesShowOnly(commentTextChanges(comment.target, comment.board), () =>
    deps.db.transaction().execute(async (trx) => {
      await updateCommentContent(trx, input.id, input.content);
      // An admin editing someone else's comment is moderation, recorded like a delete.
      if (comment.user !== actor.id) {
        const entry = { actor: actor.id, target: 'comment', item: input.id, action: 'edit' };
        await recordAudit(trx, { ...entry, before: { content: comment.content }, after: { content: input.content } });
      }
    }),
  );
  return { id: input.id };
}

/** The one removal of comments (one by its author or an admin, the admin screens' batch, a
 * report's delete): all of them
 * or none. One with live replies stays as the "삭제된 댓글입니다" placeholder; the last reply of a
 * placeholder takes it along. `decision`: what the removal carries out, audited instead of the
 * plain delete (audit.service.ts). */
export async function removeComments(deps: Deps, caller: Caller, ids: number[], decision?: RemovalDecision): Promise<{ ids: number[] }> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map(async (id) => requireChangeable('delete', caller.actor, await findCommentById(deps.db, id))));
  const actor = requireActor(caller.actor);
  await writesShowOnly([...new Set(found.flatMap((c) => commentCountChanges(c.target, c.board)))], () =>
    deps.db.transaction().execute(async (trx) => {
      for (const id of unique) {
        const comment = requireChangeable('delete', actor, await findCommentById(trx, id));
        await auditRemoval(trx, actor.id, 'comment', comment, { content: comment.content }, decision);
        if ((await countLiveReplies(trx, id)) > 0) {
          await markCommentDeleted(trx, id);
        } else {
          const gone = [id];
          // The last reply of an already deleted comment takes the placeholder with it.
          if (comment.parent) {
            const parent = await findCommentById(trx, comment.parent);
            if (parent?.deleted === 1 && (await countLiveReplies(trx, parent.id)) === 1) gone.push(parent.id);
          }
          await deleteComments(trx, gone);
        }
        await addItemComments(trx, comment.target, comment.board, -1);
      }
    }),
  );
  return { ids: unique };
}

/** One comment's removal (DELETE /api/comment, a page's 삭제). */
export async function removeComment(deps: Deps, caller: Caller, id: number): Promise<{ id: number }> {
  await removeComments(deps, caller, [id]);
  return { id };
}

/** `post`: the post's row when the caller has just read it (its page), which spares reading it again. */
export async function listComments(
  deps: Deps,
  caller: Caller,
  params: z.output<typeof CommentListQuerySchema>,
  post?: { id: number; hidden: number; user: number },
) {
  if (post?.id === params.board) visibleToCaller(caller, post);
  else await requireVisiblePost(deps, caller, params.target, params.board);
  const { top, replies, total } = await listThread(deps.db, params.target, params.board, params.page, params.size);
  // A deleted comment, and one held for review to all but its author and admins, keep their
  // place in the thread without their text or author.
  const view = (c: CommentRow): CommentRecord =>
    c.deleted === 1 || !maySee(caller.actor, c) ? { ...c, content: '', name: '', user: 0 } : { ...c };
  const items = top.map((c) => ({ ...view(c), replies: replies.filter((r) => r.parent === c.id).map(view) }));
  return { items, total, page: params.page, size: params.size };
}

/** GET /api/comment/mine: the caller's own comments that stand, newest first, each with its
 * post's title and where it is read. */
export async function listMyComments(deps: Deps, caller: Caller, params: z.output<typeof MyCommentsQuerySchema>) {
  const actor = requireActor(caller.actor);
  const { rows, total } = await listCommentsOfUser(deps.db, actor.id, params.page, params.size);
  const under = await commentedItems(deps.db, rows);
  const items = rows.map((r) => {
    const item = under.get(`${r.target}:${r.board}`);
    return {
      id: r.id,
      target: r.target,
      board: r.board,
      title: item?.title ?? '',
      content: r.content,
      date: r.date,
      link: commentPath(item?.topcategory ?? 0, r.board, r.id),
    };
  });
  return { items, total, page: params.page, size: params.size };
}

/** Items are deleted: their comments go with them. */
export function forgetComments(db: Executor, target: CommentTarget, boards: number[]): Promise<void> {
  return deleteCommentsOfItems(db, target, boards);
}
