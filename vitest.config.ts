import { defineConfig } from 'vitest/config';

// Four projects: unit and single-database tests once, every API test twice (on SQLite and on a
// real PostgreSQL server), and the browser tests against the built app in Chromium.
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/server/**/*.test.ts'] } },
      { extends: true, test: { name: 'sqlite', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'sqlite' } } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['./tests/setup/postgres.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // Each file starts a server and a Chromium: one file at a time on a 2-core machine, and
          // only after the other projects are done, so that timings do not depend on them.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A real browser on a loaded 2-core machine now and then misses a timing (a key pressed
          // while a route module is still loading). A test that fails three times in a row fails.
          retry: 2,
        },
      },
    ],
  },
});
