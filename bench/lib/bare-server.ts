import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { processCpuMs } from './process-cpu.ts';
import { freePort, ROOT, type Server } from './server.ts';

// A bare node:http server (bare-answer.ts) sending the exact bytes and headers the real server
// gave for a page: what answering that page costs with no routing, middleware or page logic, to
// put beside the real server's figure in one run.

const NODE = path.join(ROOT, 'node_modules/.bin/node');

/** A page's answer as it came over the wire: status, header lines (not the per-connection ones
 * node:http writes itself) and the body's bytes, still encoded. */
export interface RawAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Written by node:http for each answer, whoever sends it. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** GET `url` with `headers`, its body left as sent (no decompression). */
export function rawAnswer(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const lines: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string;
            if (!PER_CONNECTION.has(name.toLowerCase())) lines.push([name, res.rawHeaders[i + 1] as string]);
          }
          resolve({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Starts bare-answer.ts answering `answer` on a free port; resolves once it answers. */
export async function startBareServer(answer: RawAnswer): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-bare-'));
  const file = path.join(dir, 'answer.json');
  fs.writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString('base64') }));
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1' };
  const child = spawn(NODE, [path.join(ROOT, 'bench/lib/bare-answer.ts'), file], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await rawAnswer(url, {});
      break;
    } catch (err) {
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  // Its output is not kept: it prints nothing but a crash, which the start above reports.
  return { url, pid: child.pid, env, cpuMs: () => processCpuMs(child.pid), output: () => '', stop };
}
