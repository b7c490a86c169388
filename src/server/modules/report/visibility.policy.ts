import { Visibility } from '#shared/reports.ts';
import type { Actor } from '#server/context.ts';
import { isShownRow } from '#server/db/visibility.ts';
import { isAdmin } from '#server/modules/auth/actor.policy.ts';

// Who sees a hidden item (PRODUCT.md): a moderator's hide is for admins only; an item that
// reports hid is also still seen by its author, marked 검토 중, so they know why it left the lists.

export function maySee(actor: Actor | undefined, row: { hidden: number; user: number }): boolean {
  if (isShownRow(row) || isAdmin(actor)) return true;
  return row.hidden === Visibility.review && actor !== undefined && actor.id === row.user;
}
