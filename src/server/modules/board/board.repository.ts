import type { Executor } from '#server/db/database.ts';
import { shown } from '#server/db/visibility.ts';

/** The page of a section's list, newest first and `size` to a page, on which a visible post is:
 * a link to an entry that opens in place (FAQ, organizations) reaches it past the first page. */
export async function listPageOfPost(db: Executor, topcategory: number, id: number, size: number): Promise<number> {
  const newer = await db
    .selectFrom('board')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('topcategory', '=', topcategory)
    .where(shown())
    .where('id', '>', id)
    .executeTakeFirst();
  return Math.floor(Number(newer?.n ?? 0) / size) + 1;
}

/** A visible post of a section, by id: its title. */
export function findShownPost(db: Executor, topcategory: number, id: number): Promise<{ id: number; title: string } | undefined> {
  return db
    .selectFrom('board')
    .select(['id', 'title'])
    .where('id', '=', id)
    .where('topcategory', '=', topcategory)
    .where(shown())
    .executeTakeFirst();
}
