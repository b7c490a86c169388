// autocannon ships no types; only the part of its API the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p97_5: number;
    p99: number;
    total: number;
  }

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called for every request sent; what it returns is what goes on the wire. */
    setupRequest?: (request: Request) => Request;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }

  export interface Result {
    /** Completed requests per second, one sample a second. */
    requests: Histogram;
    /** Milliseconds from sending a request to its whole answer. */
    latency: Histogram;
    /** Connection errors, timeouts included. */
    errors: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
