import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { QUEUE_REASON_LABELS, type QueueEntry, type QueueReason } from '#shared/queue.ts';
import type { FoundWarning } from '#shared/scam-warnings.ts';
import type { QueueDecisionInput, QueueListQuerySchema } from '#shared/schemas/queue.ts';
import type { Caller, Deps } from '#server/context.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { requireAdmin } from '#server/modules/auth/actor.policy.ts';
import { deliver, notify } from '#server/modules/notification/notification.service.ts';
import { authorName } from '#server/modules/user/member-contact.service.ts';
import type { QueuedFacts } from './queue-kind.ts';
import { factsOfItems, QUEUE_KINDS } from './queue-kinds.ts';
import { deleteQueued, findQueued, listQueued, type QueuedRow } from './queue.repository.ts';

// The review queue's admin side (PRODUCT.md "Scam defence"): GET /api/admin/queue lists what
// waits, oldest first, with why and what the checks found; PUT decides one item: approved, it
// is shown to everyone; rejected, it stays hidden (not deleted). Either way the author is told
// and the decision is audited. What an item is and what a decision does to it is its kind's
// declaration (queue-kinds.ts).

function kindOf(target: string) {
  const kind = QUEUE_KINDS[target];
  if (!kind)
    throw new AppError(400, ErrorKey.invalid, { field: 'target', detail: `${Object.keys(QUEUE_KINDS).join(', ')} 중 하나여야 합니다` });
  return kind;
}

/** The facts of each row's item (and of a copied photo's other listing), by `target:item`. */
function factsOf(deps: Deps, rows: QueuedRow[]): Promise<Map<string, QueuedFacts>> {
  return factsOfItems(
    deps,
    rows.flatMap((r) => [r, ...(r.duplicate_target ? [{ target: r.duplicate_target, item: r.duplicate_item }] : [])]),
  );
}

/** GET /api/admin/queue. */
export async function listQueue(deps: Deps, caller: Caller, { page, size }: z.output<typeof QueueListQuerySchema>) {
  requireAdmin(caller.actor);
  const { rows, total } = await listQueued(deps.db, page, size);
  const facts = await factsOf(deps, rows);
  const items: QueueEntry[] = [];
  for (const r of rows) {
    const own = facts.get(`${r.target}:${r.item}`);
    const other = r.duplicate_target ? facts.get(`${r.duplicate_target}:${r.duplicate_item}`) : undefined;
    const reason = r.reason as QueueReason;
    items.push({
      target: r.target,
      item: r.item,
      reason,
      label: QUEUE_REASON_LABELS[reason],
      title: own?.title ?? '',
      link: own?.link ?? '',
      user: { id: r.user, nickname: await authorName(deps.db, r.user) },
      date: r.date,
      warnings: JSON.parse(r.warnings) as FoundWarning[],
      ...(r.duplicate_target && {
        duplicate: { target: r.duplicate_target, item: r.duplicate_item, title: other?.title ?? '', link: other?.link ?? '' },
      }),
    });
  }
  return { items, total, page, size };
}

/** PUT /api/admin/queue: approve or reject one waiting item. */
export async function decideQueued(deps: Deps, caller: Caller, { target, item, action }: QueueDecisionInput): Promise<{ action: string }> {
  const actor = requireAdmin(caller.actor);
  const kind = kindOf(target);
  const waiting = await findQueued(deps.db, target, item);
  const facts = waiting && (await kind.facts(deps, [item])).get(item);
  if (!waiting || !facts) throw new AppError(404, ErrorKey.notFound, { field: 'item' });
  const decided = () =>
    deps.db.transaction().execute(async (trx) => {
      await kind.decide(deps, trx, item, action);
      await deleteQueued(trx, target, [item]);
      await recordAudit(trx, {
        actor: actor.id,
        target,
        item,
        action: `queue-${action}`,
        before: { reason: waiting.reason, title: facts.title },
      });
      const event = { actor: actor.id, target, item, title: facts.title, link: action === 'approve' ? facts.link : '/customer/inquiry' };
      return notify(trx, event, [{ user: facts.user, kind: action === 'approve' ? 'approved' : 'rejected' }]);
    });
  // The queue, the audit log and the author's bell are on no stored page: the decision ends only
  // those that show its item, where its kind says which.
  const notices = await (facts.changes ? writesShowOnly(facts.changes, decided) : decided());
  deliver(deps, notices);
  return { action };
}
