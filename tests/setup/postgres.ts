import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { TestProject } from 'vitest/node';

// A real PostgreSQL server for the postgres test project, started once per run in a child
// process (see pg-server.ts). Each test file creates its own database on it.

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'pg-server.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`PostgreSQL test server exited with ${code}`)));
    readline.createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
  });
  project.provide('pgAdminUrl', url);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
