import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';
import { processCpuMs } from './process-cpu.ts';

// The real server, started the way production starts it (src/server/main.ts in a process of its
// own), so the figures include routing, middleware, the database and the thread pool as deployed.

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Node 24 from the project's own `node` package: the machine's node may be older. */
const NODE = path.join(ROOT, 'node_modules/.bin/node');

export interface Server {
  url: string;
  pid: number | undefined;
  /** The environment the server was started with, for the report. */
  env: Record<string, string>;
  /** CPU time the server process has used so far, in ms (Linux /proc; undefined elsewhere). */
  cpuMs(): number | undefined;
  /** The last few thousand characters the server wrote (its warnings and errors). */
  output(): string;
  /** V8's inspector on 127.0.0.1, for a server started with `inspect` (settledMemory). */
  inspector?: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now; the OS picks it (a short race until the server binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server on a fresh data directory and a free port; resolves once /api/health is 200.
 * `root` is the checkout to run (another one: a baseline measured in the same run). */
export async function startServer(settings: Record<string, string>, root = ROOT, options: { inspect?: boolean } = {}): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bench-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...settings };
  // Only PATH and HOME come from the caller: a DATABASE_URL or JWT_SECRET left in the shell must
  // not change what is measured.
  const child = spawn(
    NODE,
    [
      ...SERVER_NODE_FLAGS,
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      ...(options.inspect ? ['--inspect=127.0.0.1:0'] : []),
      'src/server/main.ts',
    ],
    {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // The tail of the server's output, to explain a failed start or failed requests.
  let output = '';
  let inspector: string | undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    inspector ??= /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // A benchmark that dies on an uncaught error takes its server and data along.
  const killOnExit = () => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, exited, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    pid: child.pid,
    env,
    cpuMs: () => processCpuMs(child.pid),
    output: () => output,
    get inspector() {
      return inspector;
    },
    stop,
  };
}

async function waitHealthy(url: string, exited: Promise<void>, output: () => string): Promise<void> {
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  // BENCH_START_SECONDS: longer on a machine other work keeps busy.
  const seconds = Number(process.env.BENCH_START_SECONDS ?? 30);
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`server exited while starting:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy within ${seconds} s:\n${output()}`);
}

/** Runs `fn` against a started server and stops the server afterwards, also when `fn` throws. */
export async function withServer<T>(settings: Record<string, string>, fn: (server: Server) => Promise<T>): Promise<T> {
  const server = await startServer(settings);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

/** One JSON API call for setting up a benchmark (accounts, content); throws unless it answers 2xx. */
export async function api<T>(
  server: Server,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + pathname, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Resident memory of a process in MB (Linux /proc), or undefined once it is gone. */
export function rssMb(pid: number | undefined): number | undefined {
  const kb = rssKb(pid);
  return kb === undefined ? undefined : Math.round(kb / 1024);
}

function rssKb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's memory once V8 has collected all it can (asked through the inspector of a server
 * started with `inspect`): resident memory and the heap in use, in MB (not rounded). Read without a collection,
 * RSS also counts the garbage of the requests just answered, which the next collection frees. */
export async function settledMemory(server: Server): Promise<{ rssMb: number; heapMb: number }> {
  if (!server.inspector) throw new Error('the server was not started with `inspect`');
  const socket = new WebSocket(server.inspector);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const ask = (method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const id = ++next;
      socket.addEventListener('message', function answered(event) {
        const answer = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, number> };
        if (answer.id !== id) return;
        socket.removeEventListener('message', answered);
        resolve(answer.result ?? {});
      });
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await ask('HeapProfiler.collectGarbage');
    const heap = await ask('Runtime.getHeapUsage');
    return { rssMb: (rssKb(server.pid) ?? Number.NaN) / 1024, heapMb: (heap.usedSize ?? Number.NaN) / 1024 / 1024 };
  } finally {
    socket.close();
  }
}
