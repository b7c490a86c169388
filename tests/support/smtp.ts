import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for reading e-mailed codes. A
 * `port` of its own lets a test bring a mail server up where the app already expects one. */
export async function startSmtp(port = 0) {
  const inbox: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

  function to(mail: ParsedMail): string {
    const addr = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    return addr?.value[0]?.address ?? '';
  }

  return {
    url,
    inbox,
    messagesTo(address: string): ParsedMail[] {
      return inbox.filter((m) => to(m) === address.toLowerCase());
    },
    /** The code in the latest mail to the address, waiting up to 5 s for it to arrive. */
    async codeFor(address: string): Promise<string> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = this.messagesTo(address).at(-1);
        const code = mail?.text?.match(/\b(\d{6})\b/)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** The first mail to the address whose subject has `part`, waiting up to 5 s; undefined if none came. */
    async mailTo(address: string, part: string): Promise<ParsedMail | undefined> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = this.messagesTo(address).find((m) => m.subject?.includes(part));
        if (mail || Date.now() > deadline) return mail;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Smtp = Awaited<ReturnType<typeof startSmtp>>;
