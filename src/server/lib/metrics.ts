import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

// The numbers GET /metrics shows (Prometheus text, prom-client). One registry per server (the
// tests start several in one process; prom-client's global registry would mix them). A request
// costs one counter increment and one histogram observation; everything else (queues, the
// database's waits, jobs) is read only when the metrics are asked for (modules/system).

/** Latency buckets, in seconds: a cached page takes well under a millisecond, a search or a
 * password hash a good part of a second. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL: ids would make a series each). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A visitor's page served from the page cache, or rendered for want of a copy. */
  pageCache(hit: boolean): void;
  /** A page drawn for the page cache, in the render thread (pages/render-thread.ts) or not. */
  pageDrawn(inThread: boolean): void;
  /** Page-cache lookups since the start. */
  pageCacheCounts(): { hits: number; misses: number };
  /** Answers with a 5xx status in the last hour. */
  errorsLastHour(): number;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Answered requests', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request (until its headers)',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const counts = { hits: 0, misses: 0 };
  new Counter({
    name: 'page_cache_lookups_total',
    help: "Visitors' page requests, answered from the page cache (hit) or rendered (miss)",
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, counts.hits);
      this.inc({ result: 'miss' }, counts.misses);
    },
  });
  const drawn = new Counter({
    name: 'page_cache_renders_total',
    help: 'Pages drawn for the page cache, by the thread that drew them (render: the render thread)',
    labelNames: ['thread'],
    registers: [registry],
  });
  const errors = new MinuteCounts(60);
  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status };
      requests.inc(labels);
      latency.observe(labels, seconds);
      if (status >= 500) errors.note();
    },
    pageCache(hit) {
      if (hit) counts.hits++;
      else counts.misses++;
    },
    pageDrawn(inThread) {
      drawn.inc({ thread: inThread ? 'render' : 'server' });
    },
    pageCacheCounts: () => ({ ...counts }),
    errorsLastHour: () => errors.total(),
  };
}

/** Events counted by the minute over a sliding window of `minutes`. */
class MinuteCounts {
  readonly #minute: number[];
  readonly #count: number[];

  constructor(minutes: number) {
    this.#minute = new Array(minutes).fill(-1);
    this.#count = new Array(minutes).fill(0);
  }

  note(): void {
    const minute = Math.floor(Date.now() / 60_000);
    const slot = minute % this.#minute.length;
    if (this.#minute[slot] !== minute) {
      this.#minute[slot] = minute;
      this.#count[slot] = 0;
    }
    this.#count[slot] = (this.#count[slot] ?? 0) + 1;
  }

  total(): number {
    const oldest = Math.floor(Date.now() / 60_000) - this.#minute.length;
    let sum = 0;
    for (let i = 0; i < this.#minute.length; i++) if ((this.#minute[i] ?? -1) > oldest) sum += this.#count[i] ?? 0;
    return sum;
  }
}
