import autocannon, { type Request } from 'autocannon';

// One load phase: closed-loop clients on keep-alive connections for a fixed time.

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36';
/** What a browser sends with every page request: its user agent and the encodings it takes (so
 * page figures include compressing each answer). */
export const BROWSER_HEADERS = { 'user-agent': BROWSER_UA, 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Changes each request before it is sent (e.g. a distinct client address per request). */
  setupRequest?: (request: Request) => Request;
  /** The server's CPU clock (Server.cpuMs); when given, the result carries CPU ms per request. */
  serverCpuMs?: () => number | undefined;
}

export interface LoadResult {
  /** Completed requests per second: median and mean of the one-second samples. */
  rps: number;
  rpsMean: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  /** autocannon has no p95: its next step up stands in for it (an upper bound). */
  p97_5: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included: requests that got no answer at all. */
  errors: number;
  statusCounts: Record<string, number>;
  /** Server CPU time per answered request: unlike req/s, not lowered by other work on the machine.
   * Meaningless while another load runs against the same server. */
  cpuMsPerRequest?: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const { seconds, setupRequest, serverCpuMs, ...request } = options;
  const cpuBefore = serverCpuMs?.();
  // Spread, not copied key by key: autocannon takes a key set to undefined as the value itself.
  const result = await autocannon({ ...request, duration: seconds, ...(setupRequest && { requests: [{ setupRequest }] }) });
  const cpuAfter = serverCpuMs?.();
  return {
    rps: result.requests.p50,
    rpsMean: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCounts: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1000) / 1000,
  };
}

/** A load run's cells of a results table: req/s, p50 ms, p99 ms, server CPU ms/req, non-2xx. */
export function loadCells(r: LoadResult): (string | number)[] {
  return [r.rps, r.p50, r.p99, r.cpuMsPerRequest ?? '', r.non2xx + r.errors];
}
