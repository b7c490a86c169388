import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

type Transport = ReturnType<typeof nodemailer.createTransport>;

/** An address as logs show it: enough to tell mails apart (`ou***@logs.example`), not enough to
 * hand a log reader the members' addresses. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return '***';
  return `${address.slice(0, Math.min(2, at))}***${address.slice(at)}`;
}

/** The mail library is loaded with the first message (~15 MB a site that sends none keeps free). */
function lazyTransport(options: Parameters<typeof nodemailer.createTransport>[0]): () => Promise<Transport> {
  let transport: Promise<Transport> | undefined;
  return () => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(options));
    return transport;
  };
}

/** How long one SMTP exchange may wait on the server. The library's defaults (2 minutes to
 * connect, 30 s for a greeting, 10 minutes of silence) held a code request for 30 s when the
 * server accepted connections but never spoke; a mail that fails fast waits in the queue instead
 * (modules/mail). */
export const SMTP_TIMEOUTS = { connectionTimeout: 3000, greetingTimeout: 3000, socketTimeout: 5000, dnsTimeout: 3000 } as const;

/** Mail goes through SMTP_URL; without it each message is written to DATA_DIR/outbox as .eml
 * and the file is logged (not its content, which may hold a code). A failed send throws: the
 * caller (the mail queue) logs it once and tries again later. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (smtpUrl) {
    const transport = lazyTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(mail) {
        const info = await (await transport()).sendMail({ from, ...mail });
        logger.info({ mail: { to: maskEmail(mail.to), subject: mail.subject, id: info.messageId } }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ mail: { to: maskEmail(mail.to), subject: mail.subject, file } }, 'mail written to outbox');
    },
  };
}
