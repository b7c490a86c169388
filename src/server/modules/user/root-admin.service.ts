import { UserLevel, UserUse } from '#shared/enums.ts';
import type { Deps } from '#server/context.ts';
import { EMPTY_DATE, nowIso } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/password.ts';
import { countUsersAtLevel, insertUser, nicknameKey } from './user.repository.ts';

/** Boot: PRODUCT.md's root admin, created when no admin exists. Answers the generated password
 * once so that main.ts can print it. */
export async function ensureRootAdmin(
  deps: Deps,
  loginid: string,
  password: string | undefined,
): Promise<{ loginid: string; generated?: string } | undefined> {
  if ((await countUsersAtLevel(deps.db, UserLevel.admin)) > 0) return undefined;
  const generated = password ? undefined : randomPassword();
  const now = nowIso();
  await insertUser(deps.db, {
    loginid: loginid.toLowerCase(),
    passwd: await hashPassword(password ?? (generated as string)),
    name: '관리자',
    nickname: '관리자',
    nicknamekey: nicknameKey('관리자'),
    email: loginid.toLowerCase(),
    tel: '',
    hp: '',
    level: UserLevel.rootadmin,
    status: 1,
    use: UserUse.use,
    remark: '',
    logindate: EMPTY_DATE,
    lastchangepasswddate: now,
    date: now,
  });
  return { loginid, generated };
}

function randomPassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(15))).toString('base64url');
}
