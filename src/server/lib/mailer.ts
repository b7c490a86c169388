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

/** Mail goes through SMTP_URL; without it each message is written to DATA_DIR/outbox as .eml
 * and the file is logged (not its content, which may hold a code). */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (smtpUrl) {
    const transport = lazyTransport(smtpUrl);
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
