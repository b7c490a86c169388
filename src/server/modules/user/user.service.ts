import type { Updateable } from 'kysely';
import { AppError, atIndex } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { isRootLevel, UserLevel, UserUse } from '#shared/enums.ts';
import type { z } from 'zod';
import type { SuspendInput } from '#shared/schemas/suspension.ts';
import { isSuspended } from '#shared/trust.ts';
import { type UserAdminUpdateSchema, type UserCreate, type UserUpdate, USER_ADMIN_FIELDS } from '#shared/schemas/user.ts';
import type { Executor, UsersTable, UserRow } from '#server/db/database.ts';
import { uniqueViolation } from '#server/db/errors.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import { requireActor, requireAdmin, isAdmin } from '#server/modules/auth/actor.policy.ts';
import { EMPTY_DATE, nowIso } from '#server/lib/clock.ts';
import { hashPassword, verifyPassword } from '#server/lib/password.ts';
import { countRows, type ListParams, listParamsSchema, listRows, sumRows } from '#server/db/list-query.ts';
import { consumeConfirmedEmail } from '#server/modules/verification/verification.service.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { forgetMembersNotifications } from '#server/modules/notification/notification.service.ts';
import { forgetMembersAlerts } from '#server/modules/alert/alert.service.ts';
import { forgetMembersMessages } from '#server/modules/message/message.service.ts';
import { forgetMembersPush } from '#server/modules/push/push.service.ts';
import {
  countUsersAtLevel,
  deleteUsers,
  findUserById,
  findUserByLoginid,
  findUsersByIds,
  existingUserIds,
  insertUser,
  isMailboxTaken,
  isNicknameTaken,
  nicknameKey,
  type PublicUser,
  updateUser,
  USER_LIST_SPEC,
  USER_PUBLIC_COLUMNS,
  USER_ADMIN_COLUMNS,
  type AdminUserRow,
} from './user.repository.ts';
import { mailboxOf } from '#server/lib/mailbox.ts';
import { canReadUser, requireGrant, requireHonestNickname, requireManage, requireStrongPassword, ROOT_LEVEL } from './user.policy.ts';
import { afterPasswordChange } from './user-codes.service.ts';

export type { PublicUser };

/** GET /api/user's list, count and sum parameters (admins). */
export const UserListQuerySchema = listParamsSchema(USER_LIST_SPEC);
export type UserListQuery = ListParams;

export function toPublicUser(row: UserRow): PublicUser {
  return Object.fromEntries(USER_PUBLIC_COLUMNS.map((c) => [c, row[c]])) as PublicUser;
}

/** SPEC §3: id 0, level 1, status 1, use 1, the rest empty. */
export function userInitdata(): Record<string, string | number> {
  return {
    id: 0,
    loginid: '',
    passwd: '',
    name: '',
    nickname: '',
    email: '',
    tel: '',
    hp: '',
    level: UserLevel.normal,
    status: 1,
    use: UserUse.use,
    remark: '',
    logindate: '',
    lastchangepasswddate: '',
    date: '',
  };
}

/** Duplicate checks before the write; the unique indexes catch a race between two sign-ups. */
async function requireUnique(db: Executor, loginid: string | undefined, nickname: string | undefined, exceptId = 0): Promise<void> {
  // One account per mailbox: `name+2@host` is taken when `name@host` (or `name+1@host`) has one.
  if (loginid && exceptId === 0 && ((await findUserByLoginid(db, loginid)) || (await isMailboxTaken(db, mailboxOf(loginid))))) {
    throw new AppError(400, ErrorKey.already, { field: 'loginid' });
  }
  if (nickname && (await isNicknameTaken(db, nickname, exceptId))) throw new AppError(400, ErrorKey.alreadyNickname, { field: 'nickname' });
}

function mapUnique(err: unknown): never {
  const column = uniqueViolation(err);
  if (column === 'loginid') throw new AppError(400, ErrorKey.already, { field: 'loginid' });
  if (column === 'nicknamekey') throw new AppError(400, ErrorKey.alreadyNickname, { field: 'nickname' });
  throw err;
}

interface PreparedUser {
  input: UserCreate;
  passwd: string;
}

/** Validation and hashing happen before any transaction: hashing takes ~100 ms and must not
 * hold the database. */
async function prepareCreate(actor: Caller['actor'], input: UserCreate, siteName: string): Promise<PreparedUser> {
  requireStrongPassword(input.passwd, { siteName, loginid: input.loginid, name: input.name, nickname: input.nickname });
  if (isAdmin(actor)) requireGrant(actor, input.level ?? UserLevel.normal);
  requireHonestNickname(input.nickname, isAdmin(actor) ? (input.level ?? UserLevel.normal) : UserLevel.normal);
  return { input, passwd: await hashPassword(input.passwd) };
}

async function insertPrepared(db: Executor, actor: Caller['actor'], { input, passwd }: PreparedUser): Promise<number> {
  await requireUnique(db, input.loginid, input.nickname);
  const now = nowIso();
  // Admin fields are taken only from an admin; a visitor's copy of initdata is ignored.
  const admin = isAdmin(actor);
  try {
    return await insertUser(db, {
      loginid: input.loginid,
      passwd,
      name: input.name,
      nickname: input.nickname,
      nicknamekey: nicknameKey(input.nickname),
      email: input.loginid,
      mailbox: mailboxOf(input.loginid),
      tel: input.tel ?? '',
      hp: input.hp ?? '',
      level: admin ? (input.level ?? UserLevel.normal) : UserLevel.normal,
      status: admin ? (input.status ?? 1) : 1,
      use: admin ? (input.use ?? UserUse.use) : UserUse.use,
      remark: admin ? (input.remark ?? '') : '',
      logindate: EMPTY_DATE,
      lastchangepasswddate: now,
      date: now,
      // A visitor's sign-up has just spent the code mailed to it; an admin's addition proves nothing.
      emailverified: admin ? '' : now,
    });
  } catch (err) {
    mapUnique(err);
  }
}

/** POST /api/user: a visitor's sign-up (needs the e-mail's confirmed code), or an admin adding
 * a member directly. */
export async function createUser(deps: Deps, caller: Caller, input: UserCreate): Promise<{ id: number }> {
  const prepared = await prepareCreate(caller.actor, input, deps.env.SITE_NAME);
  const id = await deps.db.transaction().execute(async (trx) => {
    // The code comes first: only the owner of the mailbox learns that it is already registered.
    if (!isAdmin(caller.actor)) await consumeConfirmedEmail(trx, prepared.input.loginid, 'signup');
    return insertPrepared(trx, caller.actor, prepared);
  });
  return { id };
}

/** POST /api/user/batch (admins): all or nothing. */
export async function createUsers(deps: Deps, caller: Caller, inputs: UserCreate[]): Promise<{ ids: number[] }> {
  requireAdmin(caller.actor);
  if (inputs.length === 0 || inputs.length > 500) {
    throw new AppError(400, ErrorKey.invalid, { detail: 'a JSON array of 1 to 500 users' });
  }
  const prepared: PreparedUser[] = [];
  for (const [i, item] of inputs.entries()) {
    try {
      prepared.push(await prepareCreate(caller.actor, item, deps.env.SITE_NAME));
    } catch (err) {
      throw atIndex(err, i);
    }
  }
  const ids = await deps.db.transaction().execute(async (trx) => {
    const out: number[] = [];
    for (const [i, p] of prepared.entries()) {
      try {
        out.push(await insertPrepared(trx, caller.actor, p));
      } catch (err) {
        throw atIndex(err, i);
      }
    }
    return out;
  });
  return { ids };
}

async function getUserRow(db: Executor, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError(404, ErrorKey.notFound);
  return row;
}

/** Nobody leaves the site without an active root admin. */
async function requireRootRemains(db: Executor, target: UserRow, after: { level: number; use: number } | 'deleted'): Promise<void> {
  if (!isRootLevel(target.level) || target.use !== UserUse.use) return;
  const stillRoot = after !== 'deleted' && isRootLevel(after.level) && after.use === UserUse.use;
  if (!stillRoot && (await countUsersAtLevel(db, ROOT_LEVEL)) <= 1) throw new AppError(403, ErrorKey.lastRoot);
}

type AdminField = (typeof USER_ADMIN_FIELDS)[number];

/** PRODUCT.md's level rules for an edit of `target`, the same for one user and for a batch;
 * answers the admin fields it changes (a value equal to the stored one is a client echoing the
 * record back). */
function requireEditable(actor: Actor, target: UserRow, input: Pick<UserUpdate, AdminField>): AdminField[] {
  if (target.id !== actor.id) requireManage(actor, target);
  const adminChanges = USER_ADMIN_FIELDS.filter((f) => input[f] !== undefined && input[f] !== target[f]);
  if (adminChanges.length > 0) {
    requireManage(actor, target);
    if (input.level !== undefined && input.level !== target.level) {
      requireGrant(actor, Math.max(input.level, target.level));
    }
  }
  return adminChanges;
}

/** An edit's writes, inside the caller's transaction: the nickname still free, a root admin
 * left, the row, and the admin changes' audit entry (no change without its record). */
async function writeEdit(
  trx: Executor,
  actor: Actor,
  target: UserRow,
  changes: Updateable<UsersTable>,
  adminChanges: AdminField[],
): Promise<void> {
  if (changes.nickname !== undefined) await requireUnique(trx, undefined, changes.nickname as string, target.id);
  await requireRootRemains(trx, target, { level: (changes.level as number) ?? target.level, use: (changes.use as number) ?? target.use });
  try {
    await updateUser(trx, target.id, changes);
  } catch (err) {
    mapUnique(err);
  }
  if (adminChanges.length > 0) {
    await recordAudit(trx, {
      actor: actor.id,
      target: 'users',
      item: target.id,
      action: 'update',
      before: Object.fromEntries(adminChanges.map((f) => [f, target[f]])),
      after: Object.fromEntries(adminChanges.map((f) => [f, changes[f]])),
    });
  }
}

/** PUT /api/user. A member edits their own name, nickname, tel, hp and password (with the
 * current one); admins also level, status, use, remark and passwords of lower levels. */
export async function updateUserRecord(
  deps: Deps,
  caller: Caller,
  input: UserUpdate,
): Promise<{ item: PublicUser; passwordChanged: boolean }> {
  const actor = requireActor(caller.actor);
  const target = await getUserRow(deps.db, input.id);
  const self = target.id === actor.id;
  const adminChanges = requireEditable(actor, target, input);

  const changes: Updateable<UsersTable> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.nickname !== undefined && input.nickname !== target.nickname) {
    requireHonestNickname(input.nickname, adminChanges.includes('level') ? (input.level as number) : target.level);
    changes.nickname = input.nickname;
    changes.nicknamekey = nicknameKey(input.nickname);
  }
  if (input.tel !== undefined) changes.tel = input.tel;
  if (input.hp !== undefined) changes.hp = input.hp;
  for (const f of adminChanges) Object.assign(changes, { [f]: input[f] });

  let passwordChanged = false;
  if (input.passwd) {
    if (self) {
      const ok = input.currentpasswd !== undefined && (await verifyPassword(input.currentpasswd, target.passwd));
      if (!ok) throw new AppError(400, ErrorKey.invalid, { field: 'currentpasswd' });
    }
    if (await verifyPassword(input.passwd, target.passwd)) throw new AppError(400, ErrorKey.samePassword, { field: 'passwd' });
    requireStrongPassword(input.passwd, {
      siteName: deps.env.SITE_NAME,
      loginid: target.loginid,
      name: changes.name ?? target.name,
      nickname: changes.nickname ?? target.nickname,
    });
    changes.passwd = await hashPassword(input.passwd);
    changes.lastchangepasswddate = nowIso();
    passwordChanged = true;
  }

  await deps.db.transaction().execute((trx) => writeEdit(trx, actor, target, changes, adminChanges));
  if (passwordChanged) await afterPasswordChange(deps, target, self ? 'self' : 'admin', actor.id);
  return { item: toPublicUser(await getUserRow(deps.db, target.id)), passwordChanged };
}

/** PUT /api/user/batch (admins): the admin fields of several users in one transaction, each
 * under the rules of PUT /api/user and audited on its own. All or nothing: the first refusal
 * undoes the rest and names its user as `[index]` (`[index].level` for a level). Users are
 * read inside the transaction, so the last-root-admin rule counts the batch's own changes. */
export async function updateUsers(
  deps: Deps,
  caller: Caller,
  inputs: z.output<typeof UserAdminUpdateSchema>[],
): Promise<{ ids: number[] }> {
  const actor = requireAdmin(caller.actor);
  await deps.db.transaction().execute(async (trx) => {
    for (const [i, input] of inputs.entries()) {
      try {
        const target = await getUserRow(trx, input.id);
        const adminChanges = requireEditable(actor, target, input);
        const changes = Object.fromEntries(adminChanges.map((f) => [f, input[f]])) as Updateable<UsersTable>;
        await writeEdit(trx, actor, target, changes, adminChanges);
      } catch (err) {
        throw atIndex(err, i);
      }
    }
  });
  return { ids: inputs.map((input) => input.id) };
}

async function requireRemovable(db: Executor, actor: NonNullable<Caller['actor']>, targets: UserRow[]): Promise<void> {
  for (const t of targets) if (t.id !== actor.id) requireManage(actor, t);
  const roots = targets.filter((t) => isRootLevel(t.level) && t.use === UserUse.use).length;
  if (roots > 0 && (await countUsersAtLevel(db, ROOT_LEVEL)) - roots < 1) throw new AppError(403, ErrorKey.lastRoot);
}

/** An admin's delete is audited with the account as it was; a member leaving the site is not an
 * admin change. Runs inside the delete's transaction. */
async function auditRemovals(db: Executor, actor: NonNullable<Caller['actor']>, targets: UserRow[]): Promise<void> {
  for (const t of targets) {
    if (t.id === actor.id) continue;
    const { loginid, nickname, level, status, use, remark } = t;
    await recordAudit(db, {
      actor: actor.id,
      target: 'users',
      item: t.id,
      action: 'delete',
      before: { loginid, nickname, level, status, use, remark },
    });
  }
}

/** Deletes the accounts with what is only theirs: their notifications, keyword alerts, blocks,
 * marks on conversations (their messages stay in the other member's copy) and push subscriptions. */
async function removeAccounts(db: Executor, ids: number[]): Promise<void> {
  await deleteUsers(db, ids);
  await forgetMembersNotifications(db, ids);
  await forgetMembersAlerts(db, ids);
  await forgetMembersMessages(db, ids);
  await forgetMembersPush(db, ids);
}

/** DELETE /api/user: a member leaves the site with their own password (PRODUCT.md: a session
 * left open on a shared computer must not be enough), or an admin removes a lower-level user. */
export async function removeUser(deps: Deps, caller: Caller, id: number, passwd?: string): Promise<{ id: number; self: boolean }> {
  const actor = requireActor(caller.actor);
  if (id === actor.id) await requireOwnPassword(deps.db, id, passwd);
  await deps.db.transaction().execute(async (trx) => {
    const target = await getUserRow(trx, id);
    await requireRemovable(trx, actor, [target]);
    await removeAccounts(trx, [id]);
    await auditRemovals(trx, actor, [target]);
  });
  return { id, self: id === actor.id };
}

async function requireOwnPassword(db: Executor, id: number, passwd: string | undefined): Promise<void> {
  if (!passwd) throw new AppError(400, ErrorKey.invalid, { field: 'passwd', detail: Messages.signupPasswordRequired });
  const row = await getUserRow(db, id);
  if (!(await verifyPassword(passwd, row.passwd)))
    throw new AppError(400, ErrorKey.invalid, { field: 'passwd', detail: Messages.passwordWrong });
}

/** DELETE /api/user/batch (admins): all or nothing. */
export async function removeUsers(deps: Deps, caller: Caller, list: number[]): Promise<{ ids: number[] }> {
  const actor = requireAdmin(caller.actor);
  const ids = [...new Set(list)];
  await deps.db.transaction().execute(async (trx) => {
    const targets = await findUsersByIds(trx, ids);
    if (targets.length !== ids.length) throw new AppError(404, ErrorKey.notFound);
    await requireRemovable(trx, actor, targets);
    await removeAccounts(trx, ids);
    await auditRemovals(trx, actor, targets);
  });
  return { ids };
}

export async function listUsers(deps: Deps, caller: Caller, query: UserListQuery) {
  requireAdmin(caller.actor);
  return listRows<'users', AdminUserRow>(deps.db, USER_LIST_SPEC, query, {
    columns: USER_ADMIN_COLUMNS,
    tracker: deps.tracker,
    timeZone: deps.env.SITE_TIMEZONE,
  });
}

export async function countUsers(deps: Deps, caller: Caller, query: UserListQuery) {
  requireAdmin(caller.actor);
  return { total: await countRows(deps.db, USER_LIST_SPEC, query, { tracker: deps.tracker, timeZone: deps.env.SITE_TIMEZONE }) };
}

export async function sumUsers(deps: Deps, caller: Caller, query: UserListQuery) {
  requireAdmin(caller.actor);
  return sumRows(deps.db, USER_LIST_SPEC, query, { timeZone: deps.env.SITE_TIMEZONE });
}

export async function getUser(deps: Deps, caller: Caller, id: number): Promise<{ item: PublicUser }> {
  requireActor(caller.actor);
  // A member asking for someone else learns nothing, not even whether the id exists.
  if (!canReadUser(caller.actor, id)) throw new AppError(403, ErrorKey.forbidden);
  return { item: toPublicUser(await getUserRow(deps.db, id)) };
}

/** The signed-in user as pages show them (server rendering), or undefined. */
export async function findSessionUser(deps: Deps, id: number): Promise<PublicUser | undefined> {
  const row = await findUserById(deps.db, id, deps.tracker);
  return row ? toPublicUser(row) : undefined;
}

/** A user's stored account (with the password hash), for sessions: remembered until the users
 * table is written, as every request of a session reads it. */
export function findAccount(deps: Deps, id: number): Promise<UserRow | undefined> {
  return findUserById(deps.db, id, deps.tracker);
}

/** Items as lists show them: an author who left (their account is gone) has no profile to link
 * to, so their items carry `user` 0 and their nickname stays plain text. */
export async function withoutDepartedAuthors<T extends { user: number }>(deps: Deps, items: T[]): Promise<T[]> {
  const present = await existingUserIds(deps.db, [...new Set(items.map((i) => i.user).filter((u) => u > 0))]);
  return items.map((i) => (i.user > 0 && !present.has(i.user) ? { ...i, user: 0 } : i));
}

/** The account a login id names (ids are stored in lower case). */
export function findAccountByLoginid(deps: Deps, loginid: string): Promise<UserRow | undefined> {
  return findUserByLoginid(deps.db, loginid);
}

/** A successful login's time, shown to admins as 최근 로그인. */
export async function recordLogin(deps: Deps, id: number, logindate: string): Promise<void> {
  await updateUser(deps.db, id, { logindate });
}

/** POST /api/admin/user/{id}/suspend: an admin suspends a member they may manage for `days` days
 * with a reason, or ends the suspension (`days: 0`); audited with the suspension before and after. */
export async function suspendUser(deps: Deps, caller: Caller, id: number, input: SuspendInput, now = new Date()) {
  const actor = requireAdmin(caller.actor);
  if (id === actor.id) throw new AppError(403, ErrorKey.forbidden);
  const until = input.days === 0 ? '' : new Date(now.getTime() + input.days * 86_400_000).toISOString();
  const reason = input.days === 0 ? '' : input.reason;
  await deps.db.transaction().execute(async (trx) => {
    const target = await getUserRow(trx, id);
    requireManage(actor, target);
    await updateUser(trx, id, { suspenduntil: until, suspendreason: reason });
    await recordAudit(trx, {
      actor: actor.id,
      target: 'users',
      item: id,
      action: 'suspend',
      before: { suspenduntil: target.suspenduntil, suspendreason: target.suspendreason },
      after: { suspenduntil: until, suspendreason: reason },
    });
  });
  return { id, until, reason };
}

/** The suspension a member is under now, for their own page; none once it has ended. */
export async function suspensionOf(deps: Deps, id: number, now = new Date()): Promise<{ until: string; reason: string } | undefined> {
  const row = await findAccount(deps, id);
  return row && isSuspended(row.suspenduntil, now) ? { until: row.suspenduntil, reason: row.suspendreason } : undefined;
}
