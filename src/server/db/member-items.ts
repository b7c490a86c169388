import type { Executor } from './database.ts';

/** Which of these items of one target a member has a row for in a table kept per member, item and
 * target (their likes, their reports): one indexed read. */
export async function itemsOfMember(
  db: Executor,
  table: 'likes' | 'reports',
  user: number,
  target: string,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom(table as 'likes')
    .select('item')
    .where('user', '=', user)
    .where('target', '=', target as never)
    .where('item', 'in', ids)
    .execute();
  return rows.map((r) => r.item);
}
