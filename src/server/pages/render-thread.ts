import { Worker } from 'node:worker_threads';
import type { Deps } from '#server/context.ts';
import type { WriteTracker, Written } from '#server/db/write-tracker.ts';
import type { Env } from '#server/env.ts';
import type { PageEffects, StoredPage } from './page-cache.ts';
import { receivedPage } from './compress.ts';
import { headerPairs } from './page-headers.ts';
import { servedBuild } from './build-dir.ts';
import { queueVisits, type Visitor } from '#server/modules/view/view.service.ts';
import type { Visit } from '#server/modules/view/view-queue.ts';

// A server does its work on one thread, and a page the cache has not seen costs a few
// milliseconds of it (React's render, the loaders' reads, the stored gzip). Pages drawn for the
// cache were the tail of every answer: a stored page or an API call that came in behind a few of
// them waited for all of them. Here they are drawn in threads of their own (render-worker.ts; one
// by default, on a second core where there is one), on either database, while the server's thread
// answers everything else. A member's own page (whose loader may write), and any page while the
// threads are starting, busy past MAX_WAITING or gone, is drawn by the server's thread as before
// (pages.ts).

/** Pages waiting in a thread past which the server's thread draws too: a burst of new pages
 * uses every thread rather than queueing behind one. */
export const MAX_WAITING = 4;
/** How long after a thread ended unasked a new one is started. */
const RESTART_MS = 1000;

export interface RenderWorkerData {
  env: Env;
  /** The build's folder, resolved by the server's thread (build-dir.ts): a thread restarted after
   * a rebuild draws with the server's build, not the new one. */
  buildDir: string;
}

/** What the server's thread sends a render thread. */
export type ThreadMessage =
  | { kind: 'draw'; id: number; url: string; headers: [string, string][]; ip: string; https: boolean; nonce: string; visitor: Visitor }
  | { kind: 'write'; write: Written }
  /** Whether the server hears other servers' writes (PostgreSQL): while it does not, nothing cached is trusted. */
  | { kind: 'blind'; blind: boolean }
  | { kind: 'stop' };

/** A page drawn in a thread: as the page cache keeps it when it is kept (its gzip made there), else
 * its body, moved rather than copied between the threads. */
export interface Drawn {
  id: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer | undefined;
  stored: StoredPage | undefined;
  effects: PageEffects;
  /** The views it counted, for the server's queue. */
  visits: Visit[];
  error?: undefined;
}

/** A page drawn, or why it was not. */
export type DrawReply = Drawn | { id: number; error: string };

export interface RenderThreads {
  /** The page at `request`'s URL drawn for nobody (as the page cache keeps it) in a render thread,
   * or undefined when the server's thread should draw it. */
  draw(
    request: Request,
    page: { ip: string; https: boolean; nonce: string; visitor: Visitor },
  ): Promise<{ response: Response; effects: PageEffects; stored: StoredPage | undefined } | undefined>;
  /** Resolves once every thread is ready to draw (pages meanwhile are drawn by the server's). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** One render thread, started again a moment after it ended unasked. */
class RenderThread {
  readonly pending = new Map<number, (reply: DrawReply | undefined) => void>();
  worker: Worker | undefined;
  ready = false;
  closing = false;
  readonly started: Promise<void>;
  #markStarted: () => void = () => {};

  private readonly data: RenderWorkerData;
  private readonly logger: Deps['logger'];
  private readonly tracker: WriteTracker;

  constructor(data: RenderWorkerData, logger: Deps['logger'], tracker: WriteTracker) {
    this.data = data;
    this.logger = logger;
    this.tracker = tracker;
    this.started = new Promise<void>((resolve) => {
      this.#markStarted = resolve;
    });
    this.start();
  }

  private start(): void {
    const thread = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: this.data });
    this.worker = thread;
    // Unreferenced: a thread never keeps the process alive (main.ts closes them on shutdown).
    thread.unref();
    // First of what it is told (messages wait for it to listen): whether writes are heard now.
    thread.postMessage({ kind: 'blind', blind: this.tracker.blind } satisfies ThreadMessage);
    thread.on('message', (reply: DrawReply | { ready: true }) => {
      if ('ready' in reply) {
        this.ready = true;
        this.#markStarted();
        return;
      }
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
    thread.on('error', (err) => this.logger.error({ err }, 'page render thread failed'));
    thread.once('exit', () => {
      this.ready = false;
      this.worker = undefined;
      // Whatever it had not drawn is drawn by the server's thread.
      for (const settle of this.pending.values()) settle(undefined);
      this.pending.clear();
      if (!this.closing) setTimeout(() => this.start(), RESTART_MS).unref();
    });
  }

  async stop(): Promise<void> {
    this.closing = true;
    const thread = this.worker;
    if (!thread) return;
    const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    // Referenced until it has stopped: a shutdown waits for nothing else at this point.
    thread.ref();
    thread.postMessage({ kind: 'stop' } satisfies ThreadMessage);
    await ended;
  }
}

export function startRenderThreads(deps: Deps, options: { root: string; count: number }): RenderThreads {
  const data: RenderWorkerData = { env: deps.env, buildDir: servedBuild(options.root) };
  const threads = Array.from({ length: options.count }, () => new RenderThread(data, deps.logger, deps.tracker));
  let nextId = 0;
  const countOnError = (err: unknown) => deps.logger.error({ err }, 'view count failed');
  // The server's writes, announced to each thread as another server's are (shared-writes.ts), in
  // order with the pages asked of it: a page asked for after a write is drawn with caches that
  // know of it.
  const tell = (message: ThreadMessage) => {
    for (const t of threads) t.worker?.postMessage(message);
  };
  deps.tracker.onWrite.add((write) => tell({ kind: 'write', write }));
  // And on PostgreSQL, the other servers' writes this one hears, and whether it hears them.
  deps.tracker.onHeard.add((heard) =>
    tell('write' in heard ? { kind: 'write', write: heard.write } : { kind: 'blind', blind: heard.blind }),
  );

  return {
    ready: Promise.all(threads.map((t) => t.started)).then(() => {}),
    async draw(request, page) {
      // The ready thread with the fewest pages waiting.
      let thread: RenderThread | undefined;
      for (const t of threads) if (t.worker && t.ready && (!thread || t.pending.size < thread.pending.size)) thread = t;
      if (!thread?.worker || thread.pending.size >= MAX_WAITING) return undefined;
      const id = nextId++;
      const replied = new Promise<DrawReply | undefined>((resolve) => thread.pending.set(id, resolve));
      thread.worker.postMessage({
        kind: 'draw',
        id,
        url: request.url,
        headers: headerPairs(request.headers),
        ...page,
      } satisfies ThreadMessage);
      const reply = await replied;
      if (!reply) return undefined;
      if (reply.error !== undefined) {
        deps.logger.warn({ url: request.url, error: reply.error }, 'page render thread could not draw a page');
        return undefined;
      }
      // The views the page counted, queued in this server's queue, which writes them.
      queueVisits(deps, reply.visits, countOnError);
      const stored = reply.stored && { ...reply.stored, page: receivedPage(reply.stored.page) };
      return { response: new Response(reply.body, { status: reply.status, headers: reply.headers }), effects: reply.effects, stored };
    },
    async close() {
      await Promise.all(threads.map((t) => t.stop()));
    },
  };
}
