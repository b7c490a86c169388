import type { Deps } from '#server/context.ts';
import { listPageOfPost } from './board.repository.ts';

/** The page of a board section's newest-first list that holds post `id`: a link to an entry
 * that opens in place (FAQ answers, organizations' posts) opens that page. */
export function pageOfPost(deps: Deps, topcategory: number, id: number, size: number): Promise<number> {
  return listPageOfPost(deps.db, topcategory, id, size);
}
