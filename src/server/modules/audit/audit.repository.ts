import type { Insertable } from 'kysely';
import type { AuditTable, Executor } from '#server/db/database.ts';

// The audit log's SQL.

export async function insertAudit(db: Executor, row: Insertable<AuditTable>): Promise<void> {
  await db.insertInto('audit').values(row).execute();
}

/** One item's audit rows, newest first, with the acting admin's nickname (empty once deleted). */
export function listAuditRows(db: Executor, target: string, item: number, limit: number) {
  return db
    .selectFrom('audit')
    .leftJoin('users', 'users.id', 'audit.actor')
    .select(['audit.id', 'audit.actor', 'users.nickname as actorname', 'audit.action', 'audit.before', 'audit.after', 'audit.date'])
    .where('audit.target', '=', target)
    .where('audit.item', '=', item)
    .orderBy('audit.id', 'desc')
    .limit(limit)
    .execute();
}
