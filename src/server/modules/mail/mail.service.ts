import crypto from 'node:crypto';
import type { Deps } from '#server/context.ts';
import { EMPTY_DATE, isoAfter, nowIso } from '#server/lib/clock.ts';
import { type Mail, maskEmail } from '#server/lib/mailer.ts';
import {
  claimDueMail,
  countMails,
  deleteLeasedMail,
  deleteStaleMails,
  failLeasedMail,
  hasDueMail,
  insertMail,
  listFailedMails,
  type MailRow,
  releaseMail,
} from './mail.repository.ts';

// Mail that survives an SMTP outage (security review: a code request answered 500 while the mail
// server was down, and waited 30 s when it hung). Every mail is a row first; the request tries it
// at once and waits a few seconds at most; a mail that did not go stays queued and the retry loop
// of whichever app server claims it (a lease) tries again with backoff. Rows go as soon as they
// are sent, expired or a day old, since bodies hold codes; one given up stays a week without its
// body, for the operator's page. Logs name the recipient masked and never carry a body.

export type MailOutcome = 'sent' | 'queued';

/** How long a request waits for its mail before answering that it is queued. */
const SEND_WAIT_MS = 5000;
/** How long a claim holds a mail: well beyond one try (mailer.ts's SMTP timeouts). */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;
const MAX_RETRY_MS = 5 * 60_000;
/** The longest any mail is kept, sent or not. */
export const MAIL_KEEP_MS = 24 * 3600_000;
/** How long a mail given up is shown to the operator. */
const FAILED_KEEP_MS = 7 * 24 * 3600_000;
const RETRY_EVERY_MS = 5000;

type MailDeps = Pick<Deps, 'db' | 'mailer' | 'logger' | 'mails'>;

/** Queues a mail and tries it at once; answers whether it went within a few seconds. A try still
 * under way then goes on by itself (sent, or back to the queue). `ttlMs`: how long the mail is
 * worth sending (a code's mail dies with the code). */
export async function sendMail(deps: MailDeps, mail: Mail, ttlMs = MAIL_KEEP_MS): Promise<MailOutcome> {
  const attempt = await enqueue(deps, mail, ttlMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), SEND_WAIT_MS);
  });
  const sent = await Promise.race([attempt, timeout]);
  clearTimeout(timer);
  return sent ? 'sent' : 'queued';
}

/** Queues a mail and tries it without waiting: for a notice the answer does not depend on. */
export async function queueMail(deps: MailDeps, mail: Mail, ttlMs = MAIL_KEEP_MS): Promise<void> {
  await enqueue(deps, mail, ttlMs);
}

async function enqueue(deps: MailDeps, mail: Mail, ttlMs: number): Promise<Promise<boolean>> {
  const lease = newLease();
  const now = nowIso();
  // Written already claimed by this server, so no retry loop takes it while the first try runs.
  const row = await insertMail(deps.db, {
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attempts: 0,
    nextdate: now,
    lease,
    leasedate: isoAfter(LEASE_MS),
    expiredate: isoAfter(Math.min(ttlMs, MAIL_KEEP_MS)),
    date: now,
  });
  return track(deps, tryMail(deps, row, lease));
}

/** One round of the retry loop: drops stale mail, then sends due mail until one fails (the
 * server is likely still down; the rest wait for the next round) or `stopping` says so. */
export async function retryDueMails(deps: MailDeps, stopping: () => boolean = () => false): Promise<void> {
  await deleteStaleMails(deps.db, nowIso(), isoAfter(-MAIL_KEEP_MS), isoAfter(-FAILED_KEEP_MS));
  while (!stopping() && (await hasDueMail(deps.db, nowIso()))) {
    const lease = newLease();
    const row = await claimDueMail(deps.db, nowIso(), lease, isoAfter(LEASE_MS));
    // Another server took it first.
    if (!row) continue;
    if (!(await track(deps, tryMail(deps, row, lease)))) return;
  }
}

/** The retry loop (main.ts): a round every few seconds; stop() ends it after the round under
 * way. */
export function startMailRetries(deps: MailDeps, everyMs = RETRY_EVERY_MS): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round = Promise.resolve();
  const schedule = () => {
    if (!stopped) timer = setTimeout(tick, everyMs).unref();
  };
  const tick = () => {
    round = retryDueMails(deps, () => stopped)
      .catch((err: unknown) => deps.logger.error({ err }, 'mail retry round failed'))
      .finally(schedule);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}

/** Waits for the tries under way (shutdown): each ends within mailer.ts's SMTP timeouts. */
export async function drainMails(deps: Pick<Deps, 'mails'>): Promise<void> {
  await Promise.all([...deps.mails.sending]);
}

/** What the operator's page shows of the queue: how many mails wait and how many were given up,
 * and the latest of those, the recipient masked. */
export async function mailQueueReport(deps: Pick<Deps, 'db'>, limit = 20) {
  const [counts, failed] = await Promise.all([countMails(deps.db), listFailedMails(deps.db, limit)]);
  return {
    ...counts,
    failedMails: failed.map((m) => ({
      id: m.id,
      to: maskEmail(m.recipient),
      subject: m.subject,
      error: m.lasterror.replaceAll(m.recipient, maskEmail(m.recipient)),
      attempts: m.attempts,
      date: m.faildate,
    })),
  };
}

/** Mail waiting to go and mail given up (GET /metrics). */
export function mailQueueCounts(deps: Pick<Deps, 'db'>): Promise<{ waiting: number; failed: number }> {
  return countMails(deps.db);
}

function newLease(): string {
  return crypto.randomBytes(16).toString('base64url');
}

function track(deps: MailDeps, attempt: Promise<boolean>): Promise<boolean> {
  deps.mails.sending.add(attempt);
  void attempt.then(() => deps.mails.sending.delete(attempt));
  return attempt;
}

/** Sends a claimed mail; answers whether it went. Never rejects: every failure is logged here,
 * once, and the mail goes back to the queue or is given up. */
async function tryMail(deps: MailDeps, row: MailRow, lease: string): Promise<boolean> {
  try {
    await deps.mailer.send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html });
  } catch (err) {
    deps.mails.failing = true;
    deps.mails.failures++;
    await giveBack(deps, row, lease, causeOf(err, row.recipient)).catch((dbErr: unknown) =>
      deps.logger.error({ err: dbErr, mail: { to: maskEmail(row.recipient) } }, 'mail queue not updated'),
    );
    return false;
  }
  deps.mails.failing = false;
  deps.mails.sent++;
  // Should this fail, the lease runs out and the mail is sent once more: better twice than never.
  await deleteLeasedMail(deps.db, row.id, lease).catch((err: unknown) =>
    deps.logger.error({ err, mail: { to: maskEmail(row.recipient) } }, 'sent mail not removed from the queue'),
  );
  return true;
}

async function giveBack(deps: MailDeps, row: MailRow, lease: string, cause: { code?: unknown; message: string }): Promise<void> {
  const attempts = row.attempts + 1;
  const nextdate = isoAfter(Math.min(deps.mails.retryMs * 2 ** (attempts - 1), MAX_RETRY_MS));
  const mail = { to: maskEmail(row.recipient), subject: row.subject, attempts };
  const lasterror = (cause.code ? `${String(cause.code)}: ${cause.message}` : cause.message).slice(0, 500);
  if (attempts >= MAX_ATTEMPTS || nextdate >= row.expiredate) {
    await failLeasedMail(deps.db, row.id, lease, { attempts, lasterror, faildate: nowIso() });
    deps.mails.givenUp++;
    deps.logger.error({ mail, cause }, 'mail given up');
    return;
  }
  await releaseMail(deps.db, row.id, lease, { attempts, nextdate, lasterror }, EMPTY_DATE);
  deps.logger.warn({ mail: { ...mail, retry: nextdate }, cause }, 'mail not sent yet, queued for retry');
}

/** What went wrong, for the log: the error's code and message with the recipient masked (an
 * SMTP refusal may quote the address). */
function causeOf(err: unknown, recipient: string): { code?: unknown; message: string } {
  const e = err as { code?: unknown; message?: unknown };
  const message = String(e?.message ?? err).replaceAll(recipient, maskEmail(recipient));
  return { code: e?.code, message };
}
