import type { Deps } from '#server/context.ts';
import { TopCategory } from '#shared/enums.ts';
import { findShownPost, listPageOfPost } from './board.repository.ts';

/** The page of a board section's newest-first list that holds post `id`: a link to an entry
 * that opens in place (FAQ answers, organizations' posts) opens that page. */
export function pageOfPost(deps: Deps, topcategory: number, id: number, size: number): Promise<number> {
  return listPageOfPost(deps.db, topcategory, id, size);
}

/** A visible post of a board section, by id. */
export function findSectionPost(deps: Deps, topcategory: number, id: number): Promise<{ id: number; title: string } | undefined> {
  return findShownPost(deps.db, topcategory, id);
}

/** An organization (a visible post of 한인단체, topcategory 7), by id. */
export function findOrganization(deps: Deps, id: number): Promise<{ id: number; title: string } | undefined> {
  return findSectionPost(deps, TopCategory.organizations, id);
}
