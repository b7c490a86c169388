import { defineConfig } from 'vitest/config';

// Three projects: unit and single-database tests once, and every API test twice, on SQLite and on a real
// PostgreSQL server.
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
    ],
  },
});
