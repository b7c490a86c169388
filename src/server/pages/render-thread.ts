import { Worker } from 'node:worker_threads';
import type { Deps } from '#server/context.ts';
import type { Written } from '#server/db/write-tracker.ts';
import type { Env } from '#server/env.ts';
import type { PageEffects } from '#server/cache/page-cache.ts';
import { headerPairs } from './page-headers.ts';
import { recordView, type Visit, type Visitor } from '#server/modules/view/view.service.ts';

// On SQLite one server does all its work on one thread, and a page the cache has not seen costs a
// few milliseconds of it (React's render, the loaders' reads, the stored gzip). Pages drawn for the
// cache were the tail of every answer: a stored page or an API call that came in behind a few of
// them waited for all of them. Here they are drawn in a thread of their own (render-worker.ts),
// on a second core where there is one, while the server's thread answers everything else. A
// member's own page (whose loader may write), and any page while the thread is starting, busy
// past MAX_WAITING or gone, is drawn by the server's thread as before (pages.ts).

/** Pages waiting in the thread past which the server's thread draws too: a burst of new pages
 * uses both threads rather than queueing behind one. */
const MAX_WAITING = 4;
/** How long after the thread ended unasked a new one is started. */
const RESTART_MS = 1000;

export interface RenderWorkerData {
  env: Env;
  /** The SQLite database file. */
  file: string;
  /** The project folder that holds build/. */
  root: string;
}

/** What the server's thread sends the render thread. */
export type ThreadMessage =
  | { kind: 'draw'; id: number; url: string; headers: [string, string][]; ip: string; https: boolean; nonce: string; visitor: Visitor }
  | { kind: 'write'; write: Written }
  | { kind: 'stop' };

/** A page drawn in the thread: its body is moved, not copied, between the threads. */
export interface Drawn {
  id: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  effects: PageEffects;
  /** The views it counted, for the server's queue. */
  visits: Visit[];
  error?: undefined;
}

/** A page drawn, or why it was not. */
export type DrawReply = Drawn | { id: number; error: string };

export interface RenderThread {
  /** The page at `request`'s URL drawn for nobody (as the page cache keeps it) in the thread, or
   * undefined when the server's thread should draw it. */
  draw(
    request: Request,
    page: { ip: string; https: boolean; nonce: string; visitor: Visitor },
  ): Promise<{ response: Response; effects: PageEffects } | undefined>;
  /** Resolves once the first thread is ready to draw (pages meanwhile are drawn by the server's). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function startRenderThread(deps: Deps, options: { file: string; root: string }): RenderThread {
  const data: RenderWorkerData = { env: deps.env, file: options.file, root: options.root };
  const pending = new Map<number, (reply: DrawReply | undefined) => void>();
  let worker: Worker | undefined;
  let ready = false;
  let closing = false;
  let nextId = 0;
  let markReady: () => void = () => {};
  const firstReady = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const countOnError = (err: unknown) => deps.logger.error({ err }, 'view count failed');

  const start = () => {
    const thread = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: data });
    worker = thread;
    // Unreferenced: the thread never keeps the process alive (main.ts closes it on shutdown).
    thread.unref();
    thread.on('message', (reply: DrawReply | { ready: true }) => {
      if ('ready' in reply) {
        ready = true;
        markReady();
        return;
      }
      pending.get(reply.id)?.(reply);
      pending.delete(reply.id);
    });
    thread.on('error', (err) => deps.logger.error({ err }, 'page render thread failed'));
    thread.once('exit', () => {
      ready = false;
      worker = undefined;
      // Whatever it had not drawn is drawn by the server's thread.
      for (const settle of pending.values()) settle(undefined);
      pending.clear();
      if (!closing) setTimeout(start, RESTART_MS).unref();
    });
  };
  start();
  // The server's writes, announced to the thread as another server's are (shared-writes.ts), in
  // order with the pages asked of it: a page asked for after a write is drawn with its caches
  // knowing of it.
  const before = deps.tracker.onWrite;
  deps.tracker.onWrite = (write) => {
    before?.(write);
    worker?.postMessage({ kind: 'write', write } satisfies ThreadMessage);
  };

  return {
    ready: firstReady,
    async draw(request, page) {
      if (!worker || !ready || pending.size >= MAX_WAITING) return undefined;
      const id = nextId++;
      const replied = new Promise<DrawReply | undefined>((resolve) => pending.set(id, resolve));
      worker.postMessage({ kind: 'draw', id, url: request.url, headers: headerPairs(request.headers), ...page } satisfies ThreadMessage);
      const reply = await replied;
      if (!reply) return undefined;
      if (reply.error !== undefined) {
        deps.logger.warn({ url: request.url, error: reply.error }, 'page render thread could not draw a page');
        return undefined;
      }
      // The views the page counted, queued in this server's queue, which writes them.
      for (const v of reply.visits) recordView(deps, v.target, v.item, v.visitor, null, countOnError);
      return { response: new Response(reply.body, { status: reply.status, headers: reply.headers }), effects: reply.effects };
    },
    async close() {
      closing = true;
      const thread = worker;
      if (!thread) return;
      const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      // Referenced until it has stopped: a shutdown waits for nothing else at this point.
      thread.ref();
      thread.postMessage({ kind: 'stop' } satisfies ThreadMessage);
      await ended;
    },
  };
}
