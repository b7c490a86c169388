import crypto from 'node:crypto';
import { fakerKO as faker } from '@faker-js/faker';
import { UserLevel, UserUse } from '#shared/enums.ts';
import type { Deps } from '#server/context.ts';
import { EMPTY_DATE } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/password.ts';
import { mailboxOf } from '#server/lib/mailbox.ts';
import { nicknameKey } from '#server/modules/user/user.repository.ts';
import { DAY, SPAN_DAYS } from './dates.ts';
import { MEMBER_NICKNAMES } from './demo-data/members.ts';
import type { Member } from './seeder.ts';

/** The demo members, created once: a second seeding (after the content was removed) reuses them.
 * Nobody knows their password: one random password, hashed once (argon2 takes ~100 ms). */
export async function ensureMembers(deps: Deps, now: number): Promise<Member[]> {
  const passwd = await hashPassword(crypto.randomBytes(24).toString('base64url'));
  const rows = MEMBER_NICKNAMES.map((nickname, i) => {
    const joined = new Date(now - (SPAN_DAYS + 30 - i * 2) * DAY).toISOString();
    const loginid = `demo${String(i + 1).padStart(2, '0')}@demo.example`;
    return {
      loginid,
      passwd,
      name: i === 0 ? '편집부' : faker.person.fullName(),
      nickname,
      nicknamekey: nicknameKey(nickname),
      email: loginid,
      mailbox: mailboxOf(loginid),
      tel: '',
      hp: '',
      level: i === 0 ? UserLevel.manager : UserLevel.normal,
      status: 1,
      use: UserUse.use,
      remark: '데모 회원',
      logindate: EMPTY_DATE,
      lastchangepasswddate: joined,
      date: joined,
    };
  });
  // A nickname a real member already took leaves that demo member out rather than failing boot.
  await deps.db
    .insertInto('users')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return deps.db
    .selectFrom('users')
    .select(['id', 'nickname'])
    .where(
      'loginid',
      'in',
      rows.map((r) => r.loginid),
    )
    .orderBy('id')
    .execute();
}
