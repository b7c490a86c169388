import { z } from 'zod';
import { enumValues, UserLevel, UserStatus, UserUse } from '../enums.ts';
import { Messages } from '../messages.ts';
import { code, email, line, password, phone, positiveId, text, verificationCode } from './fields.ts';

// SPEC §3 User. Keys follow SPEC §5's sign-up order so the first issue reported is the one the
// spec checks first.

/** Fields the server keeps for itself: accepted in a body (a client may send back a whole
 * record) but never taken from it. */
export const USER_SERVER_FIELDS = ['date', 'logindate', 'lastchangepasswddate'] as const;
/** Fields only an admin may set (PRODUCT.md, Accounts). */
export const USER_ADMIN_FIELDS = ['level', 'status', 'use', 'remark'] as const;

/** Characters that show nothing or turn text around: Hangul fillers (ㅤ U+3164 and kin), zero
 * widths, the soft hyphen, bidi marks, embeddings, overrides and isolates. In a nickname they
 * make a blank name or one that reads as another (관리자 + U+200B). */
const INVISIBLE =
  /\u034f|[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/u;

/** Words that name the site's staff; a member's nickname may not claim them (the user policy). */
const STAFF_WORDS = /관리자|운영자|운영진|운영팀|\b(admin|administrator|moderator|webmaster|sysop)\b/i;

/** A nickname that names the site's staff (관리자, 운영자, admin ...), whatever its spacing, width or
 * case. */
export function namesStaff(nickname: string): boolean {
  return (
    STAFF_WORDS.test(nickname.normalize('NFKC').replace(/[\s._-]+/g, ' ')) ||
    STAFF_WORDS.test(nickname.normalize('NFKC').replace(/[\s._-]+/g, ''))
  );
}

const nickname = (required: string) =>
  line(30, required).refine((s) => !INVISIBLE.test(s), { error: '보이지 않는 문자나 방향을 바꾸는 문자는 닉네임에 쓸 수 없습니다' });

const serverOwned = Object.fromEntries(USER_SERVER_FIELDS.map((f) => [f, z.unknown().optional()]));

const adminFields = {
  level: code(enumValues(UserLevel)).optional(),
  status: code(enumValues(UserStatus)).optional(),
  use: code(enumValues(UserUse)).optional(),
  remark: text(1000).optional(),
};

export const UserCreateSchema = z.strictObject({
  id: z.literal(0).optional(),
  name: line(50, Messages.nameRequired),
  nickname: nickname(Messages.nicknameRequired),
  loginid: email(Messages.signupIdRequired),
  passwd: password(Messages.signupPasswordRequired),
  email: z.string().optional(),
  tel: phone.optional(),
  hp: phone.optional(),
  ...adminFields,
  ...serverOwned,
});
export type UserCreate = z.infer<typeof UserCreateSchema>;

export const UserUpdateSchema = z.strictObject({
  id: positiveId,
  name: line(50, Messages.nameRequired).optional(),
  nickname: nickname(Messages.nicknameRequired).optional(),
  tel: phone.optional(),
  hp: phone.optional(),
  // The login id is the e-mail that was verified at sign-up; it does not change here.
  loginid: z.string().optional(),
  email: z.string().optional(),
  /** A new password; a member changing their own must also give the current one. */
  passwd: z.union([z.literal(''), password(Messages.newPasswordRequired)]).optional(),
  currentpasswd: z.string().max(1024).optional(),
  ...adminFields,
  ...serverOwned,
});
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/** One user in PUT /api/user/batch: only the admin fields, under the rules of PUT /api/user. */
export const UserAdminUpdateSchema = z.strictObject({ id: positiveId, ...adminFields });
export type UserAdminUpdate = z.infer<typeof UserAdminUpdateSchema>;
/** PUT /api/user/batch (admins): all or nothing, like the other batches. */
export const UserBatchUpdateSchema = z.array(UserAdminUpdateSchema).min(1).max(500);

export const LoginSchema = z.object({
  loginid: z.string({ error: Messages.loginIdRequired }).max(1024).min(1, { error: Messages.loginIdRequired }),
  passwd: z.string({ error: Messages.passwordRequired }).max(1024).min(1, { error: Messages.passwordRequired }),
});

export const SendCodeSchema = z.object({ email: email(Messages.emailRequired) });

/** A code's id as findemail and findpassword answer it: 16 random bytes in base64url. */
export const CODE_ID = /^[A-Za-z0-9_-]{22}$/;
export const codeId = z.string({ error: Messages.codeNotSent }).regex(CODE_ID, { error: Messages.codeNotSent });

export const CheckCodeSchema = z.object({
  id: codeId,
  number: verificationCode,
});

export const ResetPasswordSchema = z.object({
  id: codeId,
  number: verificationCode,
  passwd: password(Messages.newPasswordRequired),
});

export const IdBodySchema = z.object({ id: positiveId }).loose();

/** DELETE /api/user: whom, and (PRODUCT.md) the member's own password when it is themselves; an
 * admin removing someone else sends none. The service checks whether it is needed. */
export const UserRemoveSchema = IdBodySchema.extend({ passwd: z.string().max(1024).optional() });
export const IdListSchema = z
  .array(
    z.union([
      positiveId,
      z
        .object({ id: positiveId })
        .loose()
        .transform((o) => o.id),
    ]),
  )
  .min(1)
  .max(1000);
