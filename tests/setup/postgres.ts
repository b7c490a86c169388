import type { TestProject } from 'vitest/node';
import { startPgServer } from '../support/pg-process.ts';

// A real PostgreSQL server for the postgres test project, started once per run in a child
// process (see pg-server.ts). Each test file creates its own database on it.

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPgServer();
  project.provide('pgAdminUrl', server.url);
  return server.stop;
}
