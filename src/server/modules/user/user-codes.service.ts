import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { UserUse } from '#shared/enums.ts';
import type { ResetPasswordSchema } from '#shared/schemas/user.ts';
import type { Caller, Deps } from '#server/context.ts';
import type { UserRow } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { hashPassword, verifyPassword } from '#server/lib/password.ts';
import { securityEvent } from '#server/lib/security-events.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { type CodeSent, markUsed, requireConfirmedCode, sendCode } from '#server/modules/verification/verification.service.ts';
import { findUserByLoginid, updateUser } from './user.repository.ts';
import { requireStrongPassword } from './user.policy.ts';
import { passwordChangedMail } from './user.mail.ts';

// The e-mail code calls of /api/user (PRODUCT.md, Accounts): a code for sign-up, a code for a
// password reset, and the reset itself with a confirmed code. The codes live in the
// verification module; sign-up spends its code in createUser.

/** SPEC §7 findemail: a code for sign-up. */
export async function sendSignupCode(deps: Deps, caller: Caller, email: string): Promise<CodeSent> {
  return sendCode(deps, caller, email, 'signup', true);
}

/** SPEC §7 findpassword: a code for a reset, mailed only to an address that has an account;
 * the answer is the same either way. */
export async function sendResetCode(deps: Deps, caller: Caller, email: string): Promise<CodeSent> {
  const user = await findUserByLoginid(deps.db, email);
  return sendCode(deps, caller, email, 'reset', user !== undefined && user.use === UserUse.use);
}

/** SPEC §7 POST /api/user/password: id and number of a confirmed reset code, new password. */
export async function resetPassword(deps: Deps, caller: Caller, input: z.output<typeof ResetPasswordSchema>): Promise<void> {
  const code = await requireConfirmedCode(deps, caller, input.id, input.number, 'reset');
  const user = await findUserByLoginid(deps.db, code.email);
  if (!user || user.use !== UserUse.use) throw new AppError(400, ErrorKey.wrongCode);
  if (await verifyPassword(input.passwd, user.passwd)) throw new AppError(400, ErrorKey.samePassword, { field: 'passwd' });
  requireStrongPassword(input.passwd, { siteName: deps.env.SITE_NAME, loginid: user.loginid, name: user.name, nickname: user.nickname });
  const passwd = await hashPassword(input.passwd);
  await deps.db.transaction().execute(async (trx) => {
    await markUsed(trx, code);
    const now = nowIso();
    // The reset's code was mailed to the login e-mail: its owner has proved it theirs.
    await updateUser(trx, user.id, { passwd, lastchangepasswddate: now, emailverified: now });
  });
  await afterPasswordChange(deps, user, 'reset');
}

/** After a password changed: a security event, and a mail to the account's owner (through the
 * queue, not waited for: the change is done whether or not the mail server answers), to the
 * login id, the address that was verified. */
export async function afterPasswordChange(
  deps: Deps,
  user: Pick<UserRow, 'id' | 'loginid'>,
  by: 'self' | 'admin' | 'reset',
  actor?: number,
): Promise<void> {
  securityEvent(deps.logger, 'password.changed', { user: user.id, by, actor });
  await queueMail(deps, passwordChangedMail(deps.env.SITE_NAME, deps.env.SITE_TIMEZONE, user.loginid, new Date()));
}
