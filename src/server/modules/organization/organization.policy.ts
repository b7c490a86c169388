import { isStaffLevel } from '#shared/enums.ts';
import type { Actor } from '#server/context.ts';

// Who keeps an organization's page (PRODUCT.md "Organizations and events"): staff keep every
// organization's, a member an admin named as its editor only that one's.

export function mayKeepOrganization(actor: Actor, isEditor: boolean): boolean {
  return isStaffLevel(actor.level) || isEditor;
}
