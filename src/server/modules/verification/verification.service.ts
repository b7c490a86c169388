import crypto from 'node:crypto';
import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '#shared/verification.ts';
import type { Caller, Deps } from '#server/context.ts';
import { consume } from '#server/lib/rate-limit.ts';
import { EMPTY_DATE, isoAfter, nowIso } from '#server/lib/clock.ts';
import type { Executor, VerificationRow } from '#server/db/database.ts';
import { sendMail } from '#server/modules/mail/mail.service.ts';
import { codeMail } from './verification.mail.ts';
import {
  addVerificationAttempt,
  endVerifications,
  findLatestVerification,
  findVerificationByPublicId,
  insertVerification,
  markVerificationUsed,
  updateVerification,
} from './verification.repository.ts';

// E-mail codes (foundation issue): 6 digits, stored as a keyed hash, valid 10 minutes, dead after
// 5 wrong tries, resent at most once a minute; a confirmed code is good for 30 minutes. The API
// names a code by a random id (16 bytes, base64url): sequential ids told anyone the ids of codes
// mailed to others.

export type Purpose = 'signup' | 'reset';
export const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
export const RESEND_MS = CODE_RESEND_SECONDS * 1000;
export const MAX_ATTEMPTS = CODE_MAX_ATTEMPTS;
export const CONFIRMED_TTL_MS = 30 * 60_000;

function hashCode(deps: Deps, salt: string, code: string): string {
  return crypto.createHmac('sha256', deps.codeKey).update(`${salt}:${code}`).digest('base64url');
}

/** A code request's answer: the code's id, and whether its mail went. A mail the SMTP server
 * did not take yet stays queued (modules/mail) and the answer says so in Korean. */
export type CodeSent = { id: string; mail: 'sent' } | { id: string; mail: 'queued'; detail: string };

/** Sends a code and answers its id. `deliver` false still records a code (nobody can know it),
 * so the answer looks the same whether or not the address has an account: without a mail, it
 * reports what the latest real mail met. */
export async function sendCode(deps: Deps, caller: Caller, email: string, purpose: Purpose, deliver: boolean): Promise<CodeSent> {
  await consume([deps.limits.sendPerIp, caller.ip]);
  const latest = await findLatestVerification(deps.db, email, purpose);
  if (latest) {
    const wait = Date.parse(latest.senddate) + RESEND_MS - Date.now();
    if (wait > 0) throw new AppError(429, ErrorKey.tooMany, { retryAfter: wait / 1000 });
  }
  await consume([deps.limits.sendPerEmail, `${purpose}:${email}`]);

  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = crypto.randomBytes(12).toString('base64url');
  const id = crypto.randomBytes(16).toString('base64url');
  const now = nowIso();
  // A new code ends the earlier ones: a code mailed before (perhaps read by someone else) can no
  // longer be confirmed or spent.
  await endVerifications(deps.db, email, purpose, now, EMPTY_DATE);
  await insertVerification(deps.db, {
    publicid: id,
    email,
    purpose,
    codehash: `${salt}$${hashCode(deps, salt, code)}`,
    attempts: 0,
    senddate: now,
    expiredate: isoAfter(CODE_TTL_MS),
    confirmdate: EMPTY_DATE,
    usedate: EMPTY_DATE,
  });
  // Mailed once the code is stored: a mail that goes at once can be confirmed at once.
  const mail = deliver
    ? await sendMail(deps, codeMail(deps.env.SITE_NAME, email, purpose, code), CODE_TTL_MS)
    : deps.mails.failing
      ? 'queued'
      : 'sent';
  return mail === 'sent' ? { id, mail } : { id, mail, detail: Messages.mailQueued };
}

function codeMatches(deps: Deps, row: VerificationRow, code: string): boolean {
  const [salt, stored] = row.codehash.split('$') as [string, string];
  const actual = Buffer.from(hashCode(deps, salt, code));
  const expected = Buffer.from(stored);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

function isLive(row: VerificationRow): boolean {
  return row.usedate === EMPTY_DATE && row.attempts < MAX_ATTEMPTS && Date.parse(row.expiredate) > Date.now();
}

/** SPEC §7 checkpassword: confirms a code. Wrong, expired, used up or unknown all answer the
 * same way a wrong code does, except an expired or dead code, which says so. */
export async function checkCode(deps: Deps, caller: Caller, id: string, code: string): Promise<void> {
  await consume([deps.limits.checkPerIp, caller.ip], [deps.limits.checkPerId, id]);
  const row = await findVerificationByPublicId(deps.db, id);
  if (!row) throw new AppError(400, ErrorKey.wrongCode);
  if (!isLive(row)) throw new AppError(400, ErrorKey.codeExpired);
  if (!codeMatches(deps, row, code)) {
    await addVerificationAttempt(deps.db, row.id);
    throw new AppError(400, ErrorKey.wrongCode);
  }
  if (row.confirmdate === EMPTY_DATE) await updateVerification(deps.db, row.id, { confirmdate: nowIso() });
}

function isFreshlyConfirmed(row: VerificationRow): boolean {
  return row.confirmdate !== EMPTY_DATE && row.usedate === EMPTY_DATE && Date.parse(row.confirmdate) + CONFIRMED_TTL_MS > Date.now();
}

/** Sign-up: the e-mail's latest code was confirmed in the last 30 minutes and not yet used.
 * Marks it used inside the caller's transaction. */
export async function consumeConfirmedEmail(db: Executor, email: string, purpose: Purpose): Promise<void> {
  const row = await findLatestVerification(db, email, purpose);
  if (!row || !isFreshlyConfirmed(row) || !(await markVerificationUsed(db, row.id, nowIso(), EMPTY_DATE))) {
    throw new AppError(400, ErrorKey.codeNotConfirmed);
  }
}

/** Password reset: the code of this id is confirmed, fresh, unused and is the one given. */
export async function requireConfirmedCode(
  deps: Deps,
  caller: Caller,
  id: string,
  code: string,
  purpose: Purpose,
): Promise<VerificationRow> {
  await consume([deps.limits.checkPerIp, caller.ip], [deps.limits.checkPerId, id]);
  const row = await findVerificationByPublicId(deps.db, id);
  if (!row || row.purpose !== purpose || !codeMatches(deps, row, code)) throw new AppError(400, ErrorKey.wrongCode);
  if (!isFreshlyConfirmed(row)) throw new AppError(400, ErrorKey.codeNotConfirmed);
  return row;
}

export async function markUsed(db: Executor, row: VerificationRow): Promise<void> {
  if (!(await markVerificationUsed(db, row.id, nowIso(), EMPTY_DATE))) throw new AppError(400, ErrorKey.codeNotConfirmed);
}
