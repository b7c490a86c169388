import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { isAdminLevel, isRootLevel } from '#shared/enums.ts';
import type { Actor } from '#server/context.ts';

// The guards every service uses: a missing session is 401, a level too low is 403 (PRODUCT.md,
// API contract). Levels come from the database on each request, never from the token.

export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw new AppError(401, ErrorKey.unauthorized);
  return actor;
}

export function requireAdmin(actor: Actor | undefined): Actor {
  const a = requireActor(actor);
  if (!isAdminLevel(a.level)) throw new AppError(403, ErrorKey.forbidden);
  return a;
}

/** The root admin only (level 5): the operator's page and backups; 401 without a session, 403 below. */
export function requireRoot(actor: Actor | undefined): Actor {
  const a = requireActor(actor);
  if (!isRootLevel(a.level)) throw new AppError(403, ErrorKey.forbidden);
  return a;
}

export function isAdmin(actor: Actor | undefined): boolean {
  return actor !== undefined && isAdminLevel(actor.level);
}

export function isRoot(actor: Actor | undefined): boolean {
  return actor !== undefined && isRootLevel(actor.level);
}
