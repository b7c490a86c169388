import net from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { Messages } from '#shared/messages.ts';
import { buildDeps } from '#server/boot.ts';
import { createLogger } from '#server/lib/logger.ts';
import { mailQueueReport, retryDueMails, startMailRetries } from '#server/modules/mail/mail.service.ts';
import { startSmtp } from '#tests/support/smtp.ts';
import { type TestApp, testAppsOfFile } from '#tests/support/test-app.ts';

// Mail survives an SMTP outage (modules/mail): code requests answer at once, the mail waits in the
// database and goes when the server is back, and two app servers never send one mail twice.

const { app, cleanups } = testAppsOfFile();

/** A port nothing listens on (for now). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The app's log lines, as JSON, from now on. */
function captureLogs(t: TestApp): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) entries.push(JSON.parse(line));
      cb();
    },
  });
  t.deps.logger = createLogger('info', sink);
  return entries;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await run();
  return { value, ms: Date.now() - start };
}

/** Waits up to 5 s for a mail to the address whose subject contains `subject`. */
async function mailWith(smtp: TestApp['smtp'], address: string, subject: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = smtp.messagesTo(address).find((m) => m.subject?.includes(subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('code mail while the mail server is down', () => {
  test('SMTP closed: the request answers at once with its id and mail "queued"; when SMTP is back the mail arrives by itself', async () => {
    const port = await freePort();
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    t.deps.mails.retryMs = 200;
    const logs = captureLogs(t);
    const address = 'queued.user@test.example';

    const { value: sent, ms } = await timed(() => t.call('GET', `/api/user/findemail/${address}`));
    expect(ms).toBeLessThan(10_000);
    expect(sent).toMatchObject({ status: 200, body: { code: 'ok', id: expect.any(String), mail: 'queued', detail: Messages.mailQueued } });
    // The cause is logged once, the address masked, no body.
    const failures = logs.filter((e) => e.msg === 'mail not sent yet, queued for retry');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ mail: { to: 'qu***@test.example', attempts: 1 }, cause: { code: 'ESOCKET' } });
    const all = JSON.stringify(logs);
    expect(all).not.toContain(address);
    expect(all).not.toContain('인증코드는');

    // The mail server comes up where the app expects it; no new request is made.
    const smtp = await startSmtp(port);
    cleanups.push(() => smtp.close());
    const retries = startMailRetries(t.deps, 100);
    cleanups.push(() => retries.stop());
    const code = await smtp.codeFor(address);
    // The id answered while the mail waited confirms the code that arrived later.
    expect((await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } })).body).toEqual({ code: 'ok' });
    await retries.stop();
    expect(smtp.messagesTo(address)).toHaveLength(1);
    // Sent mail leaves no row behind: bodies hold codes.
    expect(await t.deps.db.selectFrom('mails').selectAll().execute()).toEqual([]);
  });

  test('SMTP black-holed (accepts, never speaks): the request still answers within 10 s; a reset for an unknown address answers alike', async () => {
    const sockets = new Set<net.Socket>();
    const hole = net.createServer((s) => {
      sockets.add(s);
      s.on('error', () => {});
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => hole.close(resolve));
    });
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${(hole.address() as net.AddressInfo).port}` });
    const m = await t.member();

    const { value: known, ms } = await timed(() => t.call('POST', '/api/user/findpassword', { body: { email: m.loginid } }));
    expect(ms).toBeLessThan(10_000);
    expect(known.body).toMatchObject({ code: 'ok', mail: 'queued', detail: Messages.mailQueued });
    expect(sockets.size).toBeGreaterThan(0);
    // No mail is due for an address without an account, yet the answer does not tell it apart.
    const stranger = await t.call('POST', '/api/user/findpassword', { body: { email: 'stranger@test.example' } });
    expect(Object.keys(stranger.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(stranger.body.mail).toBe('queued');
  });
});

describe('the queue shared by several app servers', () => {
  test('two servers retrying at once send each queued mail exactly once', async () => {
    const t = await app();
    // A second app server on the same database and mail server.
    const other = await buildDeps(t.env, createLogger('silent'));
    cleanups.push(() => other.connection.close());
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 3600_000).toISOString();
    const rows = Array.from({ length: 20 }, (_, i) => ({
      recipient: 'many@test.example',
      subject: `queued ${i}`,
      text: `mail ${i}`,
      html: `<p>mail ${i}</p>`,
      attempts: 1,
      nextdate: now,
      lease: '',
      leasedate: now,
      expiredate: later,
      date: now,
    }));
    await t.deps.db.insertInto('mails').values(rows).execute();

    await Promise.all([retryDueMails(t.deps), retryDueMails(other.deps)]);

    const subjects = t.smtp.messagesTo('many@test.example').map((m) => m.subject);
    expect(subjects.sort()).toEqual(rows.map((r) => r.subject).sort());
    expect(await t.deps.db.selectFrom('mails').selectAll().execute()).toEqual([]);
  });

  test('mail past its use is deleted unsent: an expired code mail, and any mail a day old', async () => {
    const t = await app();
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const base = { recipient: 'stale@test.example', text: 'x', html: '<p>x</p>', attempts: 1, nextdate: at(-1000), lease: '' };
    await t.deps.db
      .insertInto('mails')
      .values([
        { ...base, subject: 'expired', leasedate: at(-1000), expiredate: at(-1), date: at(-600_000) },
        { ...base, subject: 'old', leasedate: at(-1000), expiredate: at(3600_000), date: at(-25 * 3600_000) },
      ])
      .execute();
    await retryDueMails(t.deps);
    expect(await t.deps.db.selectFrom('mails').selectAll().execute()).toEqual([]);
    expect(t.smtp.messagesTo('stale@test.example')).toEqual([]);
  });
});

describe('an inquiry answer while the mail server is down', () => {
  test("the admin's save answers at once; when SMTP is back the answer mail arrives exactly once, though two servers retry", async () => {
    const port = await freePort();
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    t.deps.mails.retryMs = 200;
    const m = await t.member();
    const asked = await t.call('POST', '/api/inquiry', { token: m.token, body: { title: '환불 문의', content: '<p>환불되나요?</p>' } });
    expect(asked.status).toBe(200);

    const { value: answered, ms } = await timed(async () =>
      t.call('PUT', '/api/inquiry', { token: await t.root(), body: { id: asked.body.id, answer: '<p>환불해 드렸습니다.</p>' } }),
    );
    expect(answered.status).toBe(200);
    expect(answered.body.item.status).toBe(2);
    expect(ms).toBeLessThan(5000);
    // The first try failed and the mail waits in the queue.
    const deadline = Date.now() + 5000;
    let row = await t.deps.db.selectFrom('mails').selectAll().executeTakeFirst();
    while (row?.attempts !== 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      row = await t.deps.db.selectFrom('mails').selectAll().executeTakeFirst();
    }
    expect(row).toMatchObject({ recipient: m.loginid, attempts: 1, lasterror: expect.stringMatching(/ECONNREFUSED|ESOCKET/) });

    // The mail server comes back; this server and a second one (a restart beside it) retry at once.
    const smtp = await startSmtp(port);
    cleanups.push(() => smtp.close());
    const other = await buildDeps(t.env, createLogger('silent'));
    cleanups.push(() => other.connection.close());
    other.deps.mails.retryMs = 200;
    const loops = [startMailRetries(t.deps, 50), startMailRetries(other.deps, 50)];
    cleanups.push(() => Promise.all(loops.map((l) => l.stop())));
    const mail = await mailWith(smtp, m.loginid, '1:1 문의에 답변이 등록되었습니다');
    expect(mail.text).toContain('환불 문의');
    // A few more rounds of both loops: nothing goes twice.
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(loops.map((l) => l.stop()));
    expect(smtp.messagesTo(m.loginid)).toHaveLength(1);
    expect(await t.deps.db.selectFrom('mails').selectAll().execute()).toEqual([]);
  });
});

describe('mail the queue gives up on', () => {
  test('is kept a week without its body, listed for the operator with the recipient masked and its last error, and not tried again', async () => {
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    await t.deps.db
      .insertInto('mails')
      .values({
        recipient: 'given.up@test.example',
        subject: '인증번호 안내',
        text: '인증번호는 123456 입니다',
        html: '<p>123456</p>',
        attempts: 7,
        nextdate: at(-1000),
        lease: '',
        leasedate: at(-1000),
        expiredate: at(3600_000),
        date: at(-3600_000),
      })
      .execute();
    await retryDueMails(t.deps);
    const [row] = await t.deps.db.selectFrom('mails').selectAll().execute();
    expect(row).toMatchObject({ attempts: 8, text: '', html: '', faildate: expect.stringMatching(/^\d{4}-/) });
    expect(t.deps.mails.givenUp).toBe(1);

    const report = await mailQueueReport(t.deps);
    expect(report).toMatchObject({
      waiting: 0,
      failed: 1,
      failedMails: [
        { to: 'gi***@test.example', subject: '인증번호 안내', attempts: 8, error: expect.stringMatching(/\S/), date: row?.faildate },
      ],
    });
    expect(JSON.stringify(report)).not.toContain('given.up@test.example');

    // Not tried again; gone once a week has passed.
    await retryDueMails(t.deps);
    expect((await t.deps.db.selectFrom('mails').select('attempts').executeTakeFirst())?.attempts).toBe(8);
    await t.deps.db
      .updateTable('mails')
      .set({ faildate: at(-8 * 24 * 3600_000) })
      .execute();
    await retryDueMails(t.deps);
    expect(await t.deps.db.selectFrom('mails').selectAll().execute()).toEqual([]);
  });
});

describe('비밀번호가 변경되었습니다', () => {
  test('a member who changes their password (PUT /api/user) is mailed a notice that holds no secret', async () => {
    const t = await app();
    const m = await t.member();
    const res = await t.call('PUT', '/api/user', {
      token: m.token,
      body: { id: m.id, passwd: 'brand-new-words-77', currentpasswd: m.passwd },
    });
    expect(res.status).toBe(200);
    const mail = await mailWith(t.smtp, m.loginid, '비밀번호가 변경되었습니다');
    expect(mail.text).toContain('비밀번호 찾기');
    expect(mail.text).not.toContain('brand-new-words-77');
    expect(mail.text).not.toContain(m.passwd);
  });

  test('a password reset with a code (POST /api/user/password) is followed by the notice', async () => {
    const t = await app();
    const m = await t.member();
    const sent = await t.call('POST', '/api/user/findpassword', { body: { email: m.loginid } });
    const code = await t.smtp.codeFor(m.loginid);
    await t.call('POST', '/api/user/checkpassword', { body: { id: sent.body.id, number: code } });
    expect(
      (await t.call('POST', '/api/user/password', { body: { id: sent.body.id, number: code, passwd: 'reset-words-2026' } })).body,
    ).toEqual({
      code: 'ok',
    });
    const notice = await mailWith(t.smtp, m.loginid, '비밀번호가 변경되었습니다');
    expect(notice.text).not.toContain(code);
    expect(notice.text).not.toContain('reset-words-2026');
  });
});
