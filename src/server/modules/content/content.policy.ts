import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { Visibility } from '#shared/reports.ts';
import type { Actor } from '#server/context.ts';
import { isAdmin } from '#server/modules/auth/actor.policy.ts';
import { maySee } from '#server/modules/report/visibility.policy.ts';
import type { ContentName, ContentResource, Row } from './content.types.ts';

// Who may read and edit a content item (PRODUCT.md): the author or an admin edits and deletes;
// a hidden item is gone for everyone but admins (and, held for review, its author: maySee); a
// resource may narrow reading further.

/** The item's author or an admin: who may edit or delete any item (a kind may let more edit). */
export function ownsOrAdmin(actor: Actor, row: Row): boolean {
  return row.user === actor.id || isAdmin(actor);
}

export function requireEditable(actor: Actor, row: Row): void {
  if (!ownsOrAdmin(actor, row)) throw new AppError(403, ErrorKey.forbidden);
}

export function requireReadable<N extends ContentName>(def: ContentResource<N>, actor: Actor | undefined, row: Row | undefined): Row {
  if (!row) throw new AppError(404, ErrorKey.notFound);
  // Someone with the link of an item that reports hid learns that it is under review, and no more;
  // a moderator's hide stays a plain 404.
  if (!maySee(actor, row)) throw new AppError(404, row.hidden === Visibility.review ? ErrorKey.underReview : ErrorKey.notFound);
  if (def.canRead && !def.canRead(actor, row)) {
    if (!def.privateItems) throw new AppError(404, ErrorKey.notFound);
    throw actor ? new AppError(403, ErrorKey.forbidden) : new AppError(401, ErrorKey.unauthorized);
  }
  return row;
}

/** Fields only admins set: a member who sets one to anything but its current value (on create,
 * the default) gets a 403 naming it, as docs/api.md says; sending the value unchanged is fine. */
export function applyAdminFields<N extends ContentName>(
  def: ContentResource<N>,
  actor: Actor,
  input: Record<string, unknown>,
  before: Row | undefined,
): void {
  if (isAdmin(actor)) return;
  const current = before ?? def.initdata();
  for (const f of def.adminFields) {
    if (input[f] !== current[f]) throw new AppError(403, ErrorKey.forbidden, { field: f });
  }
}

/** Hidden items are listed only for admins who ask for them (a `hidden` state); undefined: the
 * shown items (db/visibility.ts). */
export function listedHidden(actor: Actor | undefined, asked: number | undefined): number | undefined {
  return isAdmin(actor) && asked !== undefined && asked !== 0 ? asked : undefined;
}
