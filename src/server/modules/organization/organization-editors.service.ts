import type { Actor, Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import { mayKeepOrganization } from './organization.policy.ts';
import { deleteEditorRowsOf, isEditorRow, listEditorIds } from './organization.repository.ts';

// What other modules ask of an organization's editors: the board's edits of its page and the
// events published in its name. Kept apart from organization.service.ts, which reads posts and
// accounts through their services, so the content declarations may call it without a loop.

/** The member was named as the organization's editor. */
export function isOrganizationEditor(deps: Deps, organization: number, user: number): Promise<boolean> {
  return organization ? isEditorRow(deps.db, organization, user) : Promise.resolve(false);
}

/** The ids of the members who keep the organization's page besides staff (its page marks its
 * 단체 정보 수정 for them). */
export function editorIdsOf(deps: Deps, organization: number): Promise<number[]> {
  return listEditorIds(deps.db, organization);
}

/** The actor may keep the organization's page (staff, or its editor). */
export async function mayEditOrganization(deps: Deps, actor: Actor, organization: number): Promise<boolean> {
  return mayKeepOrganization(actor, await isOrganizationEditor(deps, organization, actor.id));
}

/** Removed organization posts take their editors with them. */
export function forgetEditorsOf(db: Executor, organizations: readonly number[]): Promise<void> {
  return deleteEditorRowsOf(db, organizations);
}
