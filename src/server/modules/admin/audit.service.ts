import type { Executor } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { insertAudit, listAuditRows } from './admin.repository.ts';

// The audit log of admin changes (PRODUCT.md: who, what, before, after, when). Writers pass
// their open transaction, so a change and its record commit or fail together.

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
