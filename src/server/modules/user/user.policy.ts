import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { isAdminLevel, UserLevel } from '#shared/enums.ts';
import { namesStaff } from '#shared/schemas/user.ts';
import type { Actor } from '#server/context.ts';
import { isCommonPassword } from '#server/lib/password.ts';
import { isAdmin, isRoot } from '#server/modules/auth/actor.policy.ts';

// PRODUCT.md, Accounts: who may read and change which user.

export function canReadUser(actor: Actor | undefined, targetId: number): boolean {
  return actor !== undefined && (actor.id === targetId || isAdmin(actor));
}

/** Admin fields (level, status, use, remark), another user's password, and deleting another
 * user: an admin, and below root only on users of a lower level than their own. */
export function requireManage(actor: Actor | undefined, target: { id: number; level: number }): void {
  if (!isAdmin(actor)) throw new AppError(403, ErrorKey.forbidden);
  if (!isRoot(actor) && target.level >= (actor as Actor).level) throw new AppError(403, ErrorKey.forbidden);
}

/** Only the root admin grants (or keeps granting) a level of 3 or more. */
export function requireGrant(actor: Actor | undefined, level: number): void {
  if (isAdminLevel(level) && !isRoot(actor)) throw new AppError(403, ErrorKey.forbidden, { field: 'level' });
}

export const ROOT_LEVEL = UserLevel.rootadmin;

/** PRODUCT.md: common passwords are refused (no composition rules). */
export function requireStrongPassword(passwd: string, field = 'passwd'): void {
  if (isCommonPassword(passwd)) throw new AppError(400, ErrorKey.weakPassword, { field });
}

/** Only staff (level 2 and up) may go by a nickname that names the staff (관리자, 운영자, admin):
 * a member's would read as the site speaking. */
export function requireHonestNickname(nickname: string, level: number): void {
  if (level < UserLevel.manager && namesStaff(nickname)) {
    throw new AppError(400, ErrorKey.invalid, { field: 'nickname', detail: '운영진으로 보이는 닉네임은 쓸 수 없습니다' });
  }
}
