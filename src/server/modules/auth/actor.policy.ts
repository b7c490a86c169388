import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { isAdminLevel, isRootLevel, UserLevel } from '#shared/enums.ts';
import { formatDateTime } from '#shared/format.ts';
import { isSuspended, suspendedText } from '#shared/trust.ts';
import type { Actor } from '#server/context.ts';
import { allowedBy } from '#server/lib/ip-allow.ts';

// The guards every service uses: a missing session is 401, a level too low is 403 (PRODUCT.md,
// API contract). Levels come from the database on each request, never from the token.

export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw new AppError(401, ErrorKey.unauthorized);
  return actor;
}

/** ADMIN_ALLOW_IPS's refusal: 403 with the Korean reason (SPEC-style detail for the client). */
export function adminAddressRefusal(): AppError {
  return new AppError(403, ErrorKey.forbidden, { detail: Messages.adminAddressRefused });
}

/** ADMIN_ALLOW_IPS (security round three): outside the list an admin's session is, for this
 * request, a staff member (level 2) marked `adminRefused`. Every check of admin power (isAdmin,
 * requireAdmin, the services' "author or admin" rules, the pages' admin parts) then answers as for
 * staff, whichever path asks; a guard that needs an admin says why it refused. Unset: everyone. */
export function actorAtAddress(actor: Actor, allow: readonly string[] | undefined, ip: string): Actor {
  if (!allow || !isAdminLevel(actor.level) || allowedBy(allow, ip)) return actor;
  return { ...actor, level: UserLevel.manager, adminRefused: true };
}

export function requireAdmin(actor: Actor | undefined): Actor {
  const a = requireActor(actor);
  if (a.adminRefused) throw adminAddressRefusal();
  if (!isAdminLevel(a.level)) throw new AppError(403, ErrorKey.forbidden);
  return a;
}

/** The root admin only (level 5): the operator's page and backups; 401 without a session, 403 below. */
export function requireRoot(actor: Actor | undefined): Actor {
  const a = requireActor(actor);
  if (a.adminRefused) throw adminAddressRefusal();
  if (!isRootLevel(a.level)) throw new AppError(403, ErrorKey.forbidden);
  return a;
}

export function isAdmin(actor: Actor | undefined): boolean {
  return actor !== undefined && isAdminLevel(actor.level);
}

export function isRoot(actor: Actor | undefined): boolean {
  return actor !== undefined && isRootLevel(actor.level);
}

/** The writes a suspension leaves open: logging in and out, through the API (/api/jwt...) or the
 * login page's form (/login, ?logout=). */
const OPEN_WRITES = ['/api/jwt', '/login'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one rule of what a suspension refuses, for every path a write comes in by: the API's
 * calls (http/suspension.ts) and the pages' forms sent to route actions (web/root.tsx), which
 * call the services directly. Every request but a read or logging in and out is a write. */
export function requireWriteAllowed(actor: Actor | undefined, request: { method: string; path: string }, timeZone: string): void {
  if (READS.has(request.method) || OPEN_WRITES.some((p) => request.path === p || request.path.startsWith(`${p}/`))) return;
  requireNotSuspended(actor, timeZone);
}

/** A suspended member reads and logs in but writes nothing (PRODUCT.md "Members and trust"): 403
 * `suspended`, the end in the detail. It ends by itself once its time has passed. */
export function requireNotSuspended(actor: Actor | undefined, timeZone: string, now = new Date()): void {
  const until = actor?.suspendedUntil;
  if (until && isSuspended(until, now)) {
    throw new AppError(403, ErrorKey.suspended, { detail: suspendedText(formatDateTime(until, timeZone), actor.suspendReason) });
  }
}
