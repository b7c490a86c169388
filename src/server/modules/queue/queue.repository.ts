import type { Executor } from '#server/db/database.ts';

// The review queue's rows (migration 0026): one per waiting item.

export interface QueuedRow {
  target: string;
  item: number;
  user: number;
  reason: string;
  warnings: string;
  duplicate_target: string;
  duplicate_item: number;
  date: string;
}

export type NewQueued = Pick<QueuedRow, 'target' | 'item' | 'user' | 'reason' | 'date'> &
  Partial<Pick<QueuedRow, 'warnings' | 'duplicate_target' | 'duplicate_item'>>;

/** Adds the item; one already waiting keeps its first reason. */
export async function insertQueued(db: Executor, row: NewQueued): Promise<void> {
  await db
    .insertInto('review_queue')
    .values(row)
    .onConflict((oc) => oc.columns(['target', 'item']).doNothing())
    .execute();
}

export async function findQueued(db: Executor, target: string, item: number): Promise<QueuedRow | undefined> {
  return db.selectFrom('review_queue').selectAll().where('target', '=', target).where('item', '=', item).executeTakeFirst();
}

/** A page of the queue, oldest first, and its size. */
export async function listQueued(db: Executor, page: number, size: number): Promise<{ rows: QueuedRow[]; total: number }> {
  const rows = await db
    .selectFrom('review_queue')
    .selectAll()
    .orderBy('date')
    .orderBy('item')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const { n } = await db
    .selectFrom('review_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function deleteQueued(db: Executor, target: string, items: number[]): Promise<void> {
  if (!items.length) return;
  await db.deleteFrom('review_queue').where('target', '=', target).where('item', 'in', items).execute();
}
