import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Request } from 'autocannon';
import { hashPassword } from '../src/server/lib/password.ts';
import { type LoadResult, load } from './lib/load.ts';
import { type BenchOptions, type SectionReport, table, targetsSection } from './lib/report.ts';
import { api, type Server, withServer } from './lib/server.ts';
import { quantile, round } from './lib/stats.ts';

// Issue targets: token-authenticated reads >= 5,000 req/s; the password hash costs 50-250 ms on
// one thread and runs off the event loop, so reads stay fast while logins are hashed.

const TARGET_RPS = 5000;
const HASH_MS = { min: 50, max: 250 };
const READ_CONNECTIONS = 50;
/** As many logins at once as libuv's default thread pool (4 threads) could hash together: the
 * server's hashing is kept as busy as it can be, whatever share of the pool it admits at once. */
const LOGIN_CONNECTIONS = 4;
const HASH_SAMPLES = 20;
/** Unmeasured reads first, so JIT compilation and SQLite's page cache are not in the figures. */
const WARMUP_SECONDS = 3;

const ROOT_LOGINID = 'bench-root@bench.example';
const SETTINGS = {
  ADMIN_LOGINID: ROOT_LOGINID,
  ADMIN_PASSWORD: `bench-${crypto.randomBytes(12).toString('base64url')}`,
  // Warn hides the per-request log line, which would otherwise dominate a cheap read.
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  // The server takes the client address from X-Forwarded-For, which failedLogin varies.
  TRUST_PROXY: '1',
  NODE_ENV: 'production',
};
/** The settings that shape the figures, named in the report. */
const REPORTED_ENV = ['NODE_ENV', 'LOG_LEVEL', 'SEED_DEMO', 'TRUST_PROXY'] as const;

let attempt = 0;
/** Every failed login comes from a new address for a new login id, so the per-IP (50 per 10 min)
 * and per-id (10 per 15 min) limits never answer a cheap 429 and each request pays a full hash.
 * Unknown ids are checked against the decoy hash, which costs what a wrong password costs. */
function failedLogin(request: Request): Request {
  attempt += 1;
  const ip = `10.${(attempt >> 16) & 255}.${(attempt >> 8) & 255}.${attempt & 255}`;
  const body = JSON.stringify({ loginid: `nobody-${attempt}@bench.example`, passwd: 'wrong-password-123' });
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': ip }, body };
}

/** Sequential hashes in this process while the server is not running, so nothing competes for
 * the cores. The event-loop delay meanwhile shows whether hashing blocks the loop: off the loop
 * it stays near zero, on the loop it would reach the hash time. */
async function timeHashes() {
  await hashPassword('warm-up: first use of the thread pool');
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms: number[] = [];
  for (let i = 0; i < HASH_SAMPLES; i++) {
    const start = performance.now();
    await hashPassword(`bench-password-${i}`);
    ms.push(performance.now() - start);
  }
  delay.disable();
  ms.sort((a, b) => a - b);
  return {
    samples: ms.length,
    medianMs: round(quantile(ms, 0.5), 1),
    p95Ms: round(quantile(ms, 0.95), 1),
    eventLoopDelayMaxMs: round(delay.max / 1e6, 1),
  };
}

async function login(server: Server, loginid: string, passwd: string): Promise<string> {
  return (await api<{ token: string }>(server, 'POST', '/api/jwt', { body: { loginid, passwd } })).token;
}

export async function authBench({ seconds }: BenchOptions): Promise<SectionReport> {
  const log = (phase: string) => process.stderr.write(`auth: ${phase}\n`);
  log(`${HASH_SAMPLES} password hashes`);
  const hash = await timeHashes();

  return withServer(SETTINGS, async (server) => {
    const rootToken = await login(server, ROOT_LOGINID, SETTINGS.ADMIN_PASSWORD);
    const member = { loginid: 'bench-member@bench.example', passwd: `member-${crypto.randomBytes(12).toString('base64url')}` };
    const { id } = await api<{ id: number }>(server, 'POST', '/api/user', {
      token: rootToken,
      body: { ...member, name: '벤치', nickname: '벤치회원' },
    });
    const memberToken = await login(server, member.loginid, member.passwd);
    const readPath = `/api/user/${id}`;
    await api(server, 'GET', readPath, { token: memberToken }); // fails fast if the read is refused

    // The server's CPU per request is taken only when one load runs alone.
    const reads = (s: number, serverCpuMs?: Server['cpuMs']) =>
      load({
        url: server.url + readPath,
        seconds: s,
        connections: READ_CONNECTIONS,
        headers: { authorization: `Bearer ${memberToken}` },
        serverCpuMs,
      });
    const logins = (s: number, serverCpuMs?: Server['cpuMs']) =>
      load({
        url: `${server.url}/api/jwt`,
        seconds: s,
        connections: LOGIN_CONNECTIONS,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: failedLogin,
        serverCpuMs,
      });

    log(`warm-up (${WARMUP_SECONDS} s)`);
    await reads(WARMUP_SECONDS);
    log(`reads (${seconds} s)`);
    const readsAlone = await reads(seconds, server.cpuMs);
    log(`failed logins (${seconds} s)`);
    const loginsAlone = await logins(seconds, server.cpuMs);
    log(`reads and failed logins together (${seconds} s)`);
    const [readsUnderLogins, loginsUnderReads] = await Promise.all([reads(seconds), logins(seconds)]);

    return report({ seconds, env: server.env, hash, readsAlone, loginsAlone, readsUnderLogins, loginsUnderReads });
  });
}

interface Measured {
  seconds: number;
  env: Record<string, string>;
  hash: Awaited<ReturnType<typeof timeHashes>>;
  readsAlone: LoadResult;
  loginsAlone: LoadResult;
  readsUnderLogins: LoadResult;
  loginsUnderReads: LoadResult;
}

function report(m: Measured): SectionReport {
  const unexpectedReads = (r: LoadResult) => r.non2xx + r.errors;
  const unexpectedLogins = (r: LoadResult) => r.requests - (r.statusCounts['401'] ?? 0) + r.errors;
  const ratios = {
    rps: round(m.readsUnderLogins.rps / m.readsAlone.rps, 2),
    p50: round(m.readsUnderLogins.p50 / m.readsAlone.p50, 2),
    p99: round(m.readsUnderLogins.p99 / m.readsAlone.p99, 2),
  };
  const unexpected =
    unexpectedReads(m.readsAlone) +
    unexpectedReads(m.readsUnderLogins) +
    unexpectedLogins(m.loginsAlone) +
    unexpectedLogins(m.loginsUnderReads);
  const targets = [
    {
      target: `Token reads >= ${TARGET_RPS.toLocaleString('en')} req/s`,
      measured: `${m.readsAlone.rps} req/s`,
      pass: m.readsAlone.rps >= TARGET_RPS,
    },
    {
      target: `Hash median ${HASH_MS.min}-${HASH_MS.max} ms (one thread)`,
      measured: `${m.hash.medianMs} ms`,
      pass: m.hash.medianMs >= HASH_MS.min && m.hash.medianMs <= HASH_MS.max,
    },
    // A read that has to wait for a hash (on the event loop, or for a thread-pool thread) waits
    // about a whole hash, so a p99 below the hash median shows reads do not wait for hashes.
    {
      target: 'Reads stay fast while logins are hashed: read p99 under login load < hash median',
      measured: `${m.readsUnderLogins.p99} ms (x${ratios.p99} of reads alone)`,
      pass: m.readsUnderLogins.p99 < m.hash.medianMs,
    },
    { target: 'Reads answer 2xx, failed logins answer 401', measured: `${unexpected} other answers`, pass: unexpected === 0 },
  ];

  const row = (name: string, r: LoadResult, other: number) => [
    name,
    r.rps,
    r.rpsMean,
    r.p50,
    r.p99,
    r.requests,
    other,
    r.cpuMsPerRequest ?? '-',
  ];
  const readCpu = m.readsAlone.cpuMsPerRequest;
  const markdown = `
## Settings

- Server: \`node src/server/main.ts\`, ${REPORTED_ENV.map((k) => `${k}=${m.env[k]}`).join(', ')}; SQLite in a fresh temp directory; libuv thread pool at its default 4 threads.
- LOG_LEVEL=warn leaves out the per-request log line, which would otherwise dominate a cheap read.
- Load: autocannon in the benchmark process on 127.0.0.1, sharing the machine's cores with the server; ${m.seconds} s per phase after a ${WARMUP_SECONDS} s read warm-up.
- Reads: \`GET /api/user/{id}\` with the member's Bearer token, ${READ_CONNECTIONS} connections.
- Failed logins: \`POST /api/jwt\` with a wrong password, ${LOGIN_CONNECTIONS} connections; each request has its own X-Forwarded-For and an unknown login id, so no rate limit trips and every request is checked against the decoy hash (the cost of a wrong password).
- Together: both loads at once, each with its own connections.

## Results

req/s are the median and mean of one-second samples; latencies in ms. Server CPU per request (main
thread and thread pool together) is measured only when one load runs alone; unlike req/s it does not
drop when other work shares the machine.

${table(
  ['Phase', 'req/s (median)', 'req/s (mean)', 'p50', 'p99', 'requests', 'unexpected answers', 'server CPU ms/request'],
  [
    row('Reads', m.readsAlone, unexpectedReads(m.readsAlone)),
    row('Failed logins', m.loginsAlone, unexpectedLogins(m.loginsAlone)),
    row('Reads during failed logins', m.readsUnderLogins, unexpectedReads(m.readsUnderLogins)),
    row('Failed logins during reads', m.loginsUnderReads, unexpectedLogins(m.loginsUnderReads)),
  ],
)}

${readCpu ? `At ${readCpu} ms of server CPU per read, one core serves at most ${Math.round(1000 / readCpu)} reads/s.\n\n` : ''}Reads during failed logins vs reads alone: req/s x${ratios.rps}, p50 x${ratios.p50}, p99 x${ratios.p99}.

Password hash (argon2id, ${m.hash.samples} sequential in the benchmark process, server not running): median ${m.hash.medianMs} ms, p95 ${m.hash.p95Ms} ms; event-loop delay meanwhile at most ${m.hash.eventLoopDelayMaxMs} ms.

${targetsSection(targets.map((t) => [t.target, t.measured, t.pass]))}
`;
  return {
    title: 'Benchmark: auth',
    markdown,
    passed: targets.every((t) => t.pass),
    data: {
      settings: {
        seconds: m.seconds,
        warmupSeconds: WARMUP_SECONDS,
        readConnections: READ_CONNECTIONS,
        loginConnections: LOGIN_CONNECTIONS,
        server: Object.fromEntries(REPORTED_ENV.map((k) => [k, m.env[k]])),
      },
      reads: m.readsAlone,
      failedLogins: m.loginsAlone,
      readsDuringFailedLogins: m.readsUnderLogins,
      failedLoginsDuringReads: m.loginsUnderReads,
      readRatiosUnderLogins: ratios,
      hash: m.hash,
      targets,
    },
  };
}
