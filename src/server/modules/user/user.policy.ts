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

/** What a password must not contain: the site's name and the account's own words. */
export interface PasswordContext {
  siteName: string;
  loginid: string;
  name: string;
  nickname: string;
}

/** Words of fewer characters are left out: two-syllable names and short ids sit inside many
 * unrelated passwords. */
const PERSONAL_MIN = 3;

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** PRODUCT.md: common passwords are refused (no composition rules); so is one that holds the
 * site's name, the login id (or its part before @), the name or the nickname: the first guesses
 * of anyone who knows the account. */
export function requireStrongPassword(passwd: string, context: PasswordContext, field = 'passwd'): void {
  if (isCommonPassword(passwd)) throw new AppError(400, ErrorKey.weakPassword, { field });
  const folded = fold(passwd);
  const words = [context.siteName, context.loginid, context.loginid.split('@')[0] ?? '', context.name, context.nickname].map(fold);
  if (words.some((w) => [...w].length >= PERSONAL_MIN && folded.includes(w))) {
    throw new AppError(400, ErrorKey.weakPassword, {
      field,
      detail: '아이디, 이름, 닉네임이나 사이트 이름이 들어간 비밀번호는 쓸 수 없습니다',
    });
  }
}

/** Only staff (level 2 and up) may go by a nickname that names the staff (관리자, 운영자, admin):
 * a member's would read as the site speaking. */
export function requireHonestNickname(nickname: string, level: number): void {
  if (level < UserLevel.manager && namesStaff(nickname)) {
    throw new AppError(400, ErrorKey.invalid, { field: 'nickname', detail: '운영진으로 보이는 닉네임은 쓸 수 없습니다' });
  }
}
