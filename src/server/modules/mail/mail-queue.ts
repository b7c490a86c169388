// The server's side of the mail queue (mail.service.ts works it), apart from the service so that
// the server's dependencies (context.ts) hold it without importing the service.

/** The server's side of the queue, held in its dependencies (boot.ts). */
export interface MailQueue {
  /** Delay before the first retry; it doubles with each failure, up to 5 minutes. */
  retryMs: number;
  /** Whether the latest try failed: an answer about a mail that was never sent (a reset code
   * for an unknown address) says what a real one would, so it tells nothing about the address. */
  failing: boolean;
  /** Tries under way; shutdown waits for them. They never reject. */
  sending: Set<Promise<boolean>>;
  /** Since the start (GET /metrics): mails sent, tries that failed, mails given up. */
  sent: number;
  failures: number;
  givenUp: number;
}

export function createMailQueue(): MailQueue {
  return { retryMs: 10_000, failing: false, sending: new Set(), sent: 0, failures: 0, givenUp: 0 };
}
