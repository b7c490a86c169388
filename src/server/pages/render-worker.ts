import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { type Dialect as KyselyDialect, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { depsOf } from '#server/boot.ts';
import type { Database, Dialect } from '#server/db/database.ts';
// connect.ts also sets how the pg driver reads bigint and numeric, for this thread's copy of it.
import { type DbPressure, PG_CONNECT_TIMEOUT_MS, sqliteFile } from '#server/db/connect.ts';
import { JobRuns } from '#server/db/background.ts';
import { reportingFaults } from '#server/db/errors.ts';
import { BUSY_TIMEOUT_MS, sqliteDialect } from '#server/db/sqlite/dialect.ts';
import { WriteTracker } from '#server/db/write-tracker.ts';
import { createLogger } from '#server/lib/logger.ts';
import { takeQueued } from '#server/modules/view/view.service.ts';
import type { PageEntry } from './page-entry.ts';
import { renderTurns } from './render-turns.ts';
import { keepable, storedPage } from './stored-page.ts';
import { drawPage } from './draw-page.ts';
import { headerPairs } from './page-headers.ts';
import { type DrawReply, type Drawn, MAX_WAITING, type RenderWorkerData, type ThreadMessage } from './render-thread.ts';

// The page render thread (render-thread.ts): draws the pages the page cache keeps, for nobody,
// from its own read-only connection to the server's database (SQLite's file, or PostgreSQL), so
// that the server's thread answers stored pages, API calls and writes meanwhile. Its caches
// (lists, counters) are kept by the writes the server's thread makes or hears of (on PostgreSQL,
// other servers'), which it announces here as another app server's (write-tracker.ts `remote`).
// It writes nothing: the views a page counts go back with it.

const { env, buildDir } = workerData as RenderWorkerData;

// Linux: the thread runs as a batch thread (SCHED_BATCH): woken by a page, it does not take the
// core from the thread that woke it, yet gets its fair share of a core. As a normal thread it was
// run at once in the server's thread's place on its core, and the server's thread stood 0.45-0.5 ms
// in the message that woke it, for every new page; at nice 10 that was 0.1 ms, but the thread then
// got little of a core the server's thread or a client shares, and pages waited for it. Node cannot
// set a thread's policy, so util-linux's chrt does, by the thread's id (/proc/thread-self).
// Open-loop p99 at 340 req/s, 1M posts (docs/decisions/0055-render-thread-on-sqlite.md): 24-58 ms as a batch thread, 37-69 as a
// normal one, 54-88 at nice 10.
try {
  const tid = fs.readlinkSync('/proc/thread-self').split('/').pop() ?? '';
  execFileSync('chrt', ['--batch', '--pid', '0', tid], { stdio: 'ignore' });
} catch {
  // Not Linux, or no chrt: a normal thread.
}
const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread');

const reader = env.DATABASE_URL ? postgresReader(env.DATABASE_URL) : sqliteReader(sqliteFile(env.DATA_DIR));
const tracker = new WriteTracker();
const db = new Kysely<Database>({ dialect: reportingFaults(reader.dialect) });
// Logged through the server's thread (a worker's process.stdout hands its lines to it), so that
// a long line of this thread's never lands in the middle of one of the server's.
const deps = depsOf(env, createLogger(env.LOG_LEVEL, process.stdout), {
  db,
  dialect: reader.name,
  tracker,
  background: undefined,
  // No shared rate limits here: the thread never limits anyone.
  pool: undefined,
  jobRuns: new JobRuns(),
  pressure: reader.pressure,
});

/** The thread's own connection to the server's database, which reads only: a loader that would
 * write fails here, and the server draws that page itself. */
interface Reader {
  name: Dialect;
  dialect: KyselyDialect;
  pressure: () => DbPressure;
  close(): Promise<void>;
}

/** SQLite: WAL reads beside the server's writes, with a smaller page cache than the server's
 * 32 MB: every commit of the server's empties it anyway. */
function sqliteReader(file: string): Reader {
  const raw = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  raw.exec('PRAGMA query_only = ON; PRAGMA cache_size = -16384; PRAGMA temp_store = MEMORY;');
  return {
    name: 'sqlite',
    dialect: sqliteDialect(raw),
    pressure: () => ({ dialect: 'sqlite', writeWaits: 0, writeWaitSeconds: 0, writesWaiting: 0 }),
    close: async () => raw.close(),
  };
}

/** PostgreSQL: a small pool of read-only sessions, one per page it may draw at once. */
function postgresReader(url: string): Reader {
  const pool = new pg.Pool({
    connectionString: url,
    max: MAX_WAITING,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    options: '-c default_transaction_read_only=on',
  });
  // A dropped idle connection is reopened when needed (connect.ts says why this listener is there).
  pool.on('error', () => {});
  return {
    name: 'postgres',
    dialect: new PostgresDialect({ pool }),
    pressure: () => ({ dialect: 'postgres', connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild;
const handler = createRequestHandler(build, 'production');
const entry = build.entry.module as unknown as PageEntry;
// On SQLite one page at a time, each in a turn of its own: the writes announced meanwhile are
// taken in before the next page is drawn. On PostgreSQL a page waits for the database's answers,
// which another page can use.
const turns = renderTurns(reader.name);

async function draw(message: Extract<ThreadMessage, { kind: 'draw' }>): Promise<Drawn> {
  const { response, effects } = await drawPage(handler, entry, new Request(message.url, { headers: message.headers }), {
    deps,
    actor: undefined,
    caller: { actor: undefined, ip: message.ip },
    https: message.https,
    nonce: message.nonce,
    visitor: () => message.visitor,
  });
  const visits = takeQueued(deps.views);
  const drawn = { id: message.id, status: response.status, headers: headerPairs(response.headers), effects, visits };
  if (!keepable(response)) return { ...drawn, body: await response.arrayBuffer(), stored: undefined };
  const plain = Buffer.from(await response.arrayBuffer());
  const data = new URL(message.url).pathname.endsWith('.data');
  return { ...drawn, body: undefined, stored: storedPage(plain, message.nonce, response.headers, effects, entry, data) };
}

port.on('message', (message: ThreadMessage) => {
  if (message.kind === 'write') tracker.remote(message.write);
  else if (message.kind === 'blind') tracker.setBlind(message.blind);
  else if (message.kind === 'draw') {
    turns
      .run(() => draw(message))
      .then(
        (reply) => port.postMessage(reply, reply.body ? [reply.body] : []),
        (err: unknown) => port.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) } satisfies DrawReply),
      );
  } else {
    void reader.close().finally(() => port.close());
  }
});
port.postMessage({ ready: true });
