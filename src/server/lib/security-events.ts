import type { Logger } from './logger.ts';

// Security events, one log line each with an `event` field an operator can alert on, apart from
// the request lines: failed logins, refusals, rate limits, admin writes and password changes.
// They name who (user id), from where (ip) and what, never a secret; login ids are masked.

export type SecurityEvent =
  /** A login refused: unknown id, wrong password or a switched-off account (`reason`). */
  | 'login.failed'
  /** A 401 or 403 answer. */
  | 'access.denied'
  /** A 429 answer. */
  | 'rate.limited'
  /** A write by an admin that went through. */
  | 'admin.action'
  /** A password set anew: by its owner, by the reset flow or by an admin (`by`). */
  | 'password.changed';

export function securityEvent(logger: Logger, event: SecurityEvent, fields: Record<string, unknown>): void {
  logger.info({ event, ...fields }, 'security event');
}
