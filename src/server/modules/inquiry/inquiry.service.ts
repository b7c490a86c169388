import { IdBodySchema, IdListSchema } from '#shared/schemas/user.ts';
import type { Actor, Deps } from '#server/http/context.ts';
import { parseInput } from '#server/http/envelope.ts';
import { contentHandlers } from '#server/resource/content-resource.ts';
import type { ResourceHandlers } from '#server/resource/routes.ts';
import { findInquiryStatuses } from './inquiry.repository.ts';
import { inquiryResource, requireUnanswered } from './inquiry.resource.ts';

/** The inquiry call set: the content mechanism's, with deletes held to the same rule as edits
 * (an answered inquiry is no longer its author's to remove). The mechanism itself checks only
 * that the author or an admin deletes; without a session it answers 401 as before. */
export function inquiryHandlers(deps: Deps): ResourceHandlers {
  const handlers = contentHandlers(deps, inquiryResource);

  async function requireDeletable(actor: Actor, ids: number[]): Promise<void> {
    for (const row of await findInquiryStatuses(deps.db, ids)) requireUnanswered(actor, row);
  }

  return {
    ...handlers,
    async remove(caller, body, c) {
      if (caller.actor) await requireDeletable(caller.actor, [parseInput(IdBodySchema, body).id]);
      return handlers.remove(caller, body, c);
    },
    async removeBatch(caller, body, c) {
      if (caller.actor) {
        const ids = parseInput(IdListSchema, Array.isArray(body) ? body : (body as { ids?: unknown } | null)?.ids);
        await requireDeletable(caller.actor, ids);
      }
      return handlers.removeBatch(caller, body, c);
    },
  };
}
