import { z } from 'zod';
import { enumValues, UserLevel, UserStatus, UserUse } from '../enums.ts';
import { Messages } from '../messages.ts';
import { code, email, id, password, phone, positiveId, text, verificationCode } from './fields.ts';

// SPEC §3 User. Keys follow SPEC §5's sign-up order so the first issue reported is the one the
// spec checks first.

/** Fields the server keeps for itself: accepted in a body (a client may send back a whole
 * record) but never taken from it. */
export const USER_SERVER_FIELDS = ['date', 'logindate', 'lastchangepasswddate'] as const;
/** Fields only an admin may set (PRODUCT.md, Accounts). */
export const USER_ADMIN_FIELDS = ['level', 'status', 'use', 'remark'] as const;

const serverOwned = Object.fromEntries(USER_SERVER_FIELDS.map((f) => [f, z.unknown().optional()]));

const adminFields = {
  level: code(enumValues(UserLevel)).optional(),
  status: code(enumValues(UserStatus)).optional(),
  use: code(enumValues(UserUse)).optional(),
  remark: text(1000).optional(),
};

export const UserCreateSchema = z.strictObject({
  id: z.literal(0).or(z.literal('0')).optional(),
  name: text(50, Messages.nameRequired),
  nickname: text(30, Messages.nicknameRequired),
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
  name: text(50, Messages.nameRequired).optional(),
  nickname: text(30, Messages.nicknameRequired).optional(),
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

export const CheckCodeSchema = z.object({
  id: positiveId,
  number: verificationCode,
});

export const ResetPasswordSchema = z.object({
  id: positiveId,
  number: verificationCode,
  passwd: password(Messages.newPasswordRequired),
});

export const IdBodySchema = z.object({ id: positiveId }).loose();
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

export { id as IdSchema };
