import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { UserUse } from '#shared/enums.ts';
import type { z } from 'zod';
import type { LoginSchema } from '#shared/schemas/user.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import { consume } from '#server/lib/rate-limit.ts';
import { nowIso } from '#server/lib/clock.ts';
import { decoyHash, verifyPassword } from '#server/lib/password.ts';
import { findAccount, findAccountByLoginid, type PublicUser, recordLogin, toPublicUser } from '#server/modules/user/user.service.ts';

/** SPEC §7 GET /api/jwt: the same refusal for an unknown id, a wrong password and a blocked
 * account (use = 2), after the same amount of hashing. */
export async function login(
  deps: Deps,
  caller: Caller,
  { loginid, passwd }: z.output<typeof LoginSchema>,
): Promise<{ token: string; user: PublicUser }> {
  const id = loginid.normalize('NFC').trim().toLowerCase();
  await consume([deps.limits.loginPerIp, caller.ip], [deps.limits.loginPerId, id]);
  const user = await findAccountByLoginid(deps, id);
  const matches = await verifyPassword(passwd, user?.passwd ?? (await decoyHash()));
  if (!user || !matches || user.use !== UserUse.use) throw new AppError(401, ErrorKey.loginFailed);
  await deps.limits.loginPerId.delete(id);
  const logindate = nowIso();
  await recordLogin(deps, user.id, logindate);
  const token = await deps.jwt.sign({ sub: user.id, level: user.level, pwv: user.lastchangepasswddate });
  return { token, user: toPublicUser({ ...user, logindate }) };
}

/** A session token to the caller it stands for: refused once the password changed after it
 * was issued or the account was switched off. The level comes from the database, so a demotion
 * takes effect at once. */
export async function resolveActor(deps: Deps, token: string): Promise<Actor | undefined> {
  const claims = await deps.jwt.verify(token);
  if (!claims) return undefined;
  const user = await findAccount(deps, claims.sub);
  if (!user || user.use !== UserUse.use || user.lastchangepasswddate !== claims.pwv) return undefined;
  return { id: user.id, level: user.level };
}

/** A fresh token after the caller changed their own password, so this session goes on. */
export async function reissueToken(deps: Deps, userId: number): Promise<string | undefined> {
  const user = await findAccount(deps, userId);
  if (!user) return undefined;
  return deps.jwt.sign({ sub: user.id, level: user.level, pwv: user.lastchangepasswddate });
}
