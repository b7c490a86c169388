import http from 'node:http';

// A mixed load of many kinds of request, each answer's status and latency kept. Two ways to send
// it: closed loop (a number of clients, each sending its next request when the last is answered:
// the most the server gets through) and open loop (a fixed arrival rate, whatever the server
// does: how a crowd of people behaves, so a slow server sees its queue grow instead of the load
// easing off, and a shed request is counted as such). With several servers, the requests take
// turns among them, as behind a round-robin proxy.

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What kind of request it is: answers are also tallied by kind. */
  kind?: string;
}

export interface Tally {
  requests: number;
  statuses: Record<string, number>;
  /** No answer: refused connection, reset, or no answer within the timeout. */
  errors: number;
  /** The same by cause: the error's code (ECONNRESET, ...) or message. */
  errorCauses: Record<string, number>;
  /** Open loop: requests not sent because the client already had `maxInFlight` waiting. */
  dropped: number;
  /** 503 and 429 answers that said when to come back. */
  retryAfter: Record<'503' | '429', number>;
  /** Latency in ms of each answer the server took on (anything but a 503). */
  admittedMs: number[];
  /** Latency in ms of each 503. */
  shedMs: number[];
  /** The same counts for each kind of call that named one (no dropped requests: those were never made). */
  kinds: Record<string, Tally>;
}

export function newTally(): Tally {
  return {
    requests: 0,
    statuses: {},
    errors: 0,
    errorCauses: {},
    dropped: 0,
    retryAfter: { 503: 0, 429: 0 },
    admittedMs: [],
    shedMs: [],
    kinds: {},
  };
}

function kindTally(tally: Tally, kind: string | undefined): Tally | undefined {
  if (kind === undefined) return undefined;
  tally.kinds[kind] ??= newTally();
  return tally.kinds[kind];
}

interface Answer {
  status: number;
  ms: number;
  retryAfter: boolean;
}

function record(tally: Tally, a: Answer, kind?: string): void {
  const byKind = kindTally(tally, kind);
  if (byKind) record(byKind, a);
  tally.requests++;
  tally.statuses[a.status] = (tally.statuses[a.status] ?? 0) + 1;
  if (a.status === 503) tally.shedMs.push(a.ms);
  else tally.admittedMs.push(a.ms);
  if (a.retryAfter && (a.status === 503 || a.status === 429)) tally.retryAfter[a.status]++;
}

/** The value below which `share` of the samples fall (nearest rank), in whole ms; 0 when none. */
export function percentile(samples: readonly number[], share: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number);
}

/** Answers counted by class: 2xx and 3xx, 429, 503, other 4xx, other 5xx. */
export function statusClasses(t: Tally): { ok: number; limited: number; shed: number; clientError: number; serverError: number } {
  const out = { ok: 0, limited: 0, shed: 0, clientError: 0, serverError: 0 };
  for (const [code, n] of Object.entries(t.statuses)) {
    const c = Number(code);
    if (c === 429) out.limited += n;
    else if (c === 503) out.shed += n;
    else if (c >= 500) out.serverError += n;
    else if (c >= 400) out.clientError += n;
    else out.ok += n;
  }
  return out;
}

const TIMEOUT_MS = 30_000;

function failed(tally: Tally, err: unknown, kind?: string): void {
  const byKind = kindTally(tally, kind);
  if (byKind) failed(byKind, err);
  tally.errors++;
  const cause = String((err as { code?: string }).code ?? (err instanceof Error ? err.message : err));
  tally.errorCauses[cause] = (tally.errorCauses[cause] ?? 0) + 1;
}

/** Requests to `baseUrl`, or to each of several in turn. */
export function client(baseUrl: string | readonly string[]) {
  const bases = (typeof baseUrl === 'string' ? [baseUrl] : baseUrl).map((u) => new URL(u));
  let turn = 0;
  // Reused most recently first, so few connections sit idle long enough for the server to close
  // them. The agent closes an idle one itself a second before the server's Keep-Alive hint says
  // the server will, but only when it has a timeout of its own (Node's keepSocketAlive): without
  // one, a request sent as the server closes its idle connection meets ECONNRESET. That timeout
  // must differ from the requests' own, or a reused connection keeps the idle one (Node's
  // setRequestSocket sets the request's only when they differ) and a slow answer times out.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, scheduling: 'lifo', timeout: 2 * TIMEOUT_MS });
  function send(call: Call): Promise<Answer> {
    const base = bases[turn++ % bases.length] as URL;
    const start = performance.now();
    const headers = call.body
      ? { ...call.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(call.body)) }
      : call.headers;
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: base.hostname, port: base.port, method: call.method, path: call.path, headers, agent, timeout: TIMEOUT_MS },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, retryAfter: res.headers['retry-after'] !== undefined }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(call.body);
    });
  }

  /** `connections` clients back to back for `seconds`. */
  async function closedLoop(next: () => Call, connections: number, seconds: number): Promise<Tally> {
    const tally = newTally();
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const call = next();
        try {
          record(tally, await send(call), call.kind);
        } catch (err) {
          failed(tally, err, call.kind);
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    return tally;
  }

  /** `rate` requests a second for `seconds`, whatever the answers; every `intervalSeconds` the
   * interval's tally goes to `onInterval`. Answers the whole run's tally once the last answer is in. */
  async function openLoop(options: {
    next: () => Call;
    rate: number;
    seconds: number;
    maxInFlight: number;
    intervalSeconds?: number;
    onInterval?: (tally: Tally, elapsedSeconds: number) => void;
  }): Promise<Tally> {
    const { next, rate, seconds, maxInFlight, intervalSeconds = seconds, onInterval } = options;
    const total = newTally();
    let interval = newTally();
    let inFlight = 0;
    let sent = 0;
    let boundary = intervalSeconds;
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const elapsed = (performance.now() - start) / 1000;
        // Catch up on what was due since the last tick: a busy client must not lower the rate.
        const due = Math.floor(rate * Math.min(elapsed, seconds)) - sent;
        for (let i = 0; i < due; i++) {
          sent++;
          if (inFlight >= maxInFlight) {
            total.dropped++;
            interval.dropped++;
            continue;
          }
          inFlight++;
          const call = next();
          // An answer counts in the interval it arrives in.
          send(call)
            .then(
              (a) => {
                record(total, a, call.kind);
                record(interval, a, call.kind);
              },
              (err: unknown) => {
                failed(total, err, call.kind);
                failed(interval, err, call.kind);
              },
            )
            .finally(() => {
              inFlight--;
            });
        }
        if (elapsed >= boundary) {
          onInterval?.(interval, Math.round(elapsed));
          interval = newTally();
          boundary += intervalSeconds;
        }
        if (elapsed >= seconds && inFlight === 0) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    return total;
  }

  return { send, closedLoop, openLoop, close: () => agent.destroy() };
}
