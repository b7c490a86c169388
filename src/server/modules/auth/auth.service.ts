import { AppError } from '#shared/errors.ts';
import { ErrorKey, loginLockedText, loginTriesLeftText } from '#shared/messages.ts';
import { UserUse } from '#shared/enums.ts';
import type { z } from 'zod';
import type { LoginSchema } from '#shared/schemas/user.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import type { UserRow } from '#server/db/database.ts';
import crypto from 'node:crypto';
import { TOKEN_TTL_SECONDS } from '#server/lib/jwt.ts';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { budgetOf, consume, giveBack } from '#server/lib/rate-limit.ts';
import { actorAtAddress, requireActor } from './actor.policy.ts';
import {
  deleteSession,
  deleteSessionsBefore,
  deleteSessionsOfUser,
  findSessionUserId,
  insertSession,
  renewSession,
} from './session.repository.ts';
import { nowIso } from '#server/lib/clock.ts';
import { decoyHash, verifyPassword } from '#server/lib/password.ts';
import { maskEmail } from '#server/lib/mailer.ts';
import { securityEvent } from '#server/lib/security-events.ts';
import { readsOfMember } from '#server/db/table-reads.ts';
import { findAccount, findAccountByLoginid, type PublicUser, recordLogin, toPublicUser } from '#server/modules/user/user.service.ts';

/** SPEC §7 GET /api/jwt: the same refusal for an unknown id, a wrong password and a blocked
 * account (use = 2), after the same amount of hashing. */
export async function login(
  deps: Deps,
  caller: Caller,
  { loginid, passwd }: z.output<typeof LoginSchema>,
): Promise<{ token: string; user: PublicUser }> {
  const id = loginid.normalize('NFC').trim().toLowerCase();
  const spent: [RateLimiterAbstract, string][] = [
    [deps.limits.loginPerIp, caller.ip],
    [deps.limits.loginPerId, id],
  ];
  await consume(...spent.map(([limiter, key]): Parameters<typeof consume>[0] => [limiter, key, 1, loginLockedText]));
  const user = await findAccountByLoginid(deps, id);
  const matches = await (async () => verifyPassword(passwd, user?.passwd ?? (await decoyHash())))().catch(async (err: unknown) => {
    // The hashing queue was full (503): no password was tried, so the attempt costs nothing.
    if (err instanceof AppError && err.status === 503) await giveBack(...spent);
    throw err;
  });
  if (!user || !matches || user.use !== UserUse.use) {
    const reason = !user ? 'unknown id' : !matches ? 'wrong password' : 'switched off';
    securityEvent(deps.logger, 'login.failed', { loginid: maskEmail(id), user: user?.id, ip: caller.ip, reason });
    throw new AppError(401, ErrorKey.loginFailed, await triesLeftNote(deps, id));
  }
  await deps.limits.loginPerId.delete(id);
  return startSession(deps, user);
}

/** A new session for an account that just proved who it is (a login, or a sign-up whose e-mail
 * code was confirmed): the login is recorded, the session stored, its token signed. */
export async function startSession(deps: Deps, user: UserRow): Promise<{ token: string; user: PublicUser }> {
  const logindate = nowIso();
  await recordLogin(deps, user.id, logindate);
  const sid = crypto.randomBytes(18).toString('base64url');
  await insertSession(deps.db, { id: sid, user: user.id, date: logindate });
  const token = await deps.jwt.sign({ sub: user.id, level: user.level, pwv: user.lastchangepasswddate, sid });
  return { token, user: toPublicUser({ ...user, logindate }) };
}

/** After a sign-up (POST /api/user by someone not an admin): the new member is logged in, as a
 * login would do, so they never type the password they just chose a second time. */
export async function startSessionOf(deps: Deps, id: number): Promise<{ token: string; user: PublicUser } | undefined> {
  const user = await findAccount(deps, id);
  return user && user.use === UserUse.use ? startSession(deps, user) : undefined;
}

/** Wrong passwords of one login id before its refusals say how many tries are left. */
const QUIET_WRONG_TRIES = 2;

/** After a few wrong passwords a person should know how many tries are left before the id's
 * logins wait, and once none are, for how long (issue #32). The count is per login id whether or
 * not it has an account, so the note tells nothing about who is registered. */
async function triesLeftNote(deps: Deps, id: string): Promise<{ detail?: string }> {
  const budget = await budgetOf(deps.limits.loginPerId, id);
  if (!budget || deps.limits.loginPerId.points - budget.left <= QUIET_WRONG_TRIES) return {};
  return { detail: budget.left > 0 ? loginTriesLeftText(budget.left, budget.seconds) : loginLockedText(budget.seconds) };
}

/** Callers of the tokens seen lately. */
const MAX_ACTORS = 10_000;
const actorsOf = new WeakMap<Deps, ReturnType<typeof readsOfMember<Actor | undefined>>>();

/** A session token to the caller it stands for: refused once its session ended (a logout), the
 * password changed after it was issued or the account was switched off. The level comes from the
 * database, so a demotion takes effect at once. Every request of a session asks: the answer is
 * kept per token until the member's own row of users or sessions is written (db/table-reads.ts;
 * the repositories name whose rows they write), which each of those changes does, so none of
 * them waits for an entry to expire (docs/decisions/0050-member-reads-end-with-own-writes.md). */
export async function resolveActor(deps: Deps, token: string): Promise<Actor | undefined> {
  const claims = await deps.jwt.verify(token);
  if (!claims) return undefined;
  let actors = actorsOf.get(deps);
  if (!actors) {
    actors = readsOfMember<Actor | undefined>(deps.tracker, ['users', 'sessions'], MAX_ACTORS);
    actorsOf.set(deps, actors);
  }
  return actors(claims.sub, token, async () => {
    const user = await standingAccount(deps, claims.sub, claims.sid);
    if (!user || user.lastchangepasswddate !== claims.pwv) return undefined;
    return {
      id: user.id,
      level: user.level,
      session: claims.sid,
      joined: user.date,
      suspendedUntil: user.suspenduntil || undefined,
      suspendReason: user.suspendreason || undefined,
    };
  });
}

/** The member's account if it is in use and `session` is one of theirs that has not ended. */
async function standingAccount(deps: Deps, member: number, session: string): Promise<UserRow | undefined> {
  const [user, sessionUser] = await Promise.all([findAccount(deps, member), findSessionUserId(deps.db, session, deps.tracker)]);
  return user && sessionUser === user.id && user.use === UserUse.use ? user : undefined;
}

/** Whether the session `actor` came with still stands (no logout ended it, the account is in
 * use): asked again by what outlives the request that checked its token (a live stream). */
export async function sessionStands(deps: Deps, actor: Actor): Promise<boolean> {
  return actor.session !== undefined && (await standingAccount(deps, actor.id, actor.session)) !== undefined;
}

/** The tables whose writes may end a session or its account (read again by sessionStands). */
export const SESSION_TABLES = ['sessions', 'users'] as const;

/** The caller a session token stands for, as seen from this client address: outside
 * ADMIN_ALLOW_IPS an admin's session keeps no admin power (actorAtAddress). Every path that reads a
 * session (the API, the pages, a stored page's fill-in) asks here, so no path forgets the check. */
export async function resolveActorAt(deps: Deps, token: string, ip: string): Promise<Actor | undefined> {
  const actor = await resolveActor(deps, token);
  return actor && actorAtAddress(actor, deps.env.ADMIN_ALLOW_IPS, ip);
}

/** A fresh token for the caller's own session after they changed their password, so this
 * session goes on; their other sessions end. */
export async function reissueToken(deps: Deps, actor: Actor): Promise<string | undefined> {
  const user = await findAccount(deps, actor.id);
  if (!user || !actor.session) return undefined;
  await deleteSessionsOfUser(deps.db, actor.id, actor.session);
  // The new token lives seven days from now: so must the session it names.
  await renewSession(deps.db, actor.id, actor.session, nowIso());
  return deps.jwt.sign({ sub: user.id, level: user.level, pwv: user.lastchangepasswddate, sid: actor.session });
}

/** DELETE /api/jwt: this session ends on the server, whichever copy of its token is used next. */
export async function logout(deps: Deps, caller: Caller): Promise<void> {
  if (caller.actor?.session) await deleteSession(deps.db, caller.actor.id, caller.actor.session);
}

/** 모든 기기에서 로그아웃: every session of the caller ends, this one too. */
export async function logoutEverywhere(deps: Deps, caller: Caller): Promise<void> {
  const actor = requireActor(caller.actor);
  await deleteSessionsOfUser(deps.db, actor.id);
}

/** Sessions whose tokens have expired are removed (hourly, with old visits). */
export async function pruneSessions(deps: Deps): Promise<number> {
  return deleteSessionsBefore(deps.db, new Date(Date.now() - TOKEN_TTL_SECONDS * 1000).toISOString());
}
