import type { Executor } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { insertAudit, listAuditRows } from './audit.repository.ts';

// The audit log of admin changes (PRODUCT.md: who, what, before, after, when), a module of its
// own: the admin area reads it, and every module whose changes an admin may make writes it.
// Writers pass their open transaction, so a change and its record commit or fail together.

export interface AuditEntry {
  actor: number;
  target: string;
  item: number;
  action: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await insertAudit(db, {
    actor: entry.actor,
    target: entry.target,
    item: entry.item,
    action: entry.action,
    before: entry.before ? JSON.stringify(entry.before) : '',
    after: entry.after ? JSON.stringify(entry.after) : '',
    date: nowIso(),
  });
}

/** The last 100 changes of one item, newest first, with before/after parsed back. */
export async function listAudit(db: Executor, target: string, item: number) {
  const rows = await listAuditRows(db, target, item, 100);
  const parse = (text: string) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);
  return rows.map((r) => ({ ...r, actorname: r.actorname ?? '', before: parse(r.before), after: parse(r.after) }));
}

/** A decision a removal carries out (a report's delete): recorded instead of the plain delete's
 * entry, so that one removal is one row. */
export type RemovalDecision = Pick<AuditEntry, 'action' | 'before'>;

/** The audit of one item's removal, in its transaction: an admin deleting someone else's item
 * records it as it was (`before`); a removal that carries out a decision records the decision,
 * whoever wrote the item. An author deleting their own is no admin change. */
export async function auditRemoval(
  db: Executor,
  actor: number,
  target: string,
  item: { id: number; user: number },
  before: Record<string, unknown>,
  decision?: RemovalDecision,
): Promise<void> {
  if (decision) await recordAudit(db, { actor, target, item: item.id, ...decision });
  else if (item.user !== actor) await recordAudit(db, { actor, target, item: item.id, action: 'delete', before });
}
