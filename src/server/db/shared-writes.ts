import crypto from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { type MemberRows, type WriteTracker, wholeKeys, Writes, type Written } from './write-tracker.ts';

// Several app servers on one PostgreSQL (PRODUCT.md's run contract): each keeps caches of pages,
// lists and session users that its own writes end (write-tracker.ts). Other servers' writes reach
// it through PostgreSQL's LISTEN/NOTIFY, so no server of our own has to run beside the database:
// every write that has run or committed is announced on one channel, and every server moves its
// tracker as if it had made the write itself. A notification arrives within milliseconds; while
// the listening connection is down, nothing cached is trusted (the tracker goes blind) and the
// server reads from the database until it hears again.

const CHANNEL = 'portal_writes';
/** PostgreSQL takes notifications of less than 8000 bytes. */
const MAX_PAYLOAD = 7000;
/** Waits before listening again after the connection was lost: a restart takes seconds. */
const RETRY_MS = [250, 500, 1000, 2000, 5000];

interface Announcement extends Written {
  /** The announcing server, which does not act on its own writes twice. */
  from: string;
}

/** An announcement's members as the tracker takes them: lists of ids by table. */
function memberRows(value: unknown): MemberRows | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const rows = Object.entries(value).flatMap(([table, ids]) =>
    Array.isArray(ids) ? [[table, ids.filter((id): id is number => Number.isInteger(id))] as const] : [],
  );
  return rows.length > 0 ? Object.fromEntries(rows) : undefined;
}

export interface SharedWrites {
  /** Resolves once this server is listening (tests and the start wait for it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function shareWrites(options: { databaseUrl: string; pool: pg.Pool; tracker: WriteTracker; logger?: Logger }): SharedWrites {
  const { databaseUrl, pool, tracker, logger } = options;
  const self = crypto.randomBytes(8).toString('base64url');
  let closed = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  // Writes announced together: one statement carries every write a burst of requests made.
  let pending = new Writes();
  let sending = false;
  let warned = 0;
  async function send(): Promise<void> {
    sending = true;
    while (!closed) {
      const write = pending.written();
      if (!write) break;
      pending = new Writes();
      let payload = JSON.stringify({ from: self, ...write } satisfies Announcement);
      // A burst that names too many members for one notification is a write of their tables for
      // every member. A long post names many search terms: its sections' search pages, whatever
      // their query, are renewed instead. A burst that still names too many items ends every
      // stored page.
      let sent: Written = write;
      if (payload.length > MAX_PAYLOAD && sent.members) {
        const { members: _named, ...forAll } = sent;
        sent = forAll;
        payload = JSON.stringify({ from: self, ...sent } satisfies Announcement);
      }
      if (payload.length > MAX_PAYLOAD && sent.touched) {
        payload = JSON.stringify({ from: self, ...sent, touched: wholeKeys(sent.touched) } satisfies Announcement);
      }
      if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: self, tables: write.tables, seen: true } satisfies Announcement);
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((err: Error) => {
        // The database is down: the write this was about failed or was made before, and every
        // other server is blind until it listens again, which ends their caches anyway.
        if (Date.now() - warned > 60_000) {
          warned = Date.now();
          logger?.warn({ err: err.message }, 'could not announce a write to the other app servers');
        }
      });
    }
    sending = false;
  }
  const stopTelling = tracker.onWrite.add((write) => {
    if (closed) return;
    pending.add(write);
    if (!sending) void send();
  });

  function heard(message: pg.Notification): void {
    if (message.channel !== CHANNEL || !message.payload) return;
    let announcement: Announcement;
    try {
      announcement = JSON.parse(message.payload) as Announcement;
    } catch {
      return;
    }
    if (announcement.from === self) return;
    const strings = (list: unknown) => (Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : []);
    const touched = strings(announcement.touched);
    const members = memberRows(announcement.members);
    tracker.remote({
      tables: strings(announcement.tables),
      seen: announcement.seen === true,
      ...(touched.length > 0 && { touched }),
      ...(members && { members }),
    });
  }

  function lost(err?: Error): void {
    if (closed || !client) return;
    const old = client;
    client = undefined;
    old.removeAllListeners();
    old.on('error', () => {});
    void old.end().catch(() => {});
    tracker.setBlind(true);
    logger?.warn({ err: err?.message }, 'stopped hearing the other app servers; caches are off until it listens again');
    schedule();
  }

  function schedule(): void {
    if (closed) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures++;
    retry = setTimeout(() => void listen(), wait);
    retry.unref();
  }

  async function listen(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
    next.on('error', (err) => lost(err));
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch {
      next.removeAllListeners();
      next.on('error', () => {});
      void next.end().catch(() => {});
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    next.on('notification', heard);
    client = next;
    if (failures > 0) logger?.info('hearing the other app servers again');
    failures = 0;
    // Whatever was written while not listening is unknown: every cached answer ends here.
    tracker.setBlind(false);
    markReady();
  }

  // Until the first LISTEN is in place, another server's write could go unheard.
  tracker.setBlind(true);
  void listen();

  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      stopTelling();
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
