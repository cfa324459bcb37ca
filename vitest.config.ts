import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit-and-api',
          include: ['src/**/*.test.ts', 'scripts/lint/*.test.ts'],
          // Two files at a time, beside the browser tests (npm test runs both projects at once): most of a file's
          // time is spent waiting on a worker's poll, a child store or the database, not on a core. Each file has
          // its own database (a PostgreSQL schema or an in-memory SQLite) and its own ports.
          maxWorkers: 2,
          // Four files share the two cores (two of these, two browser tests): a test's time is stretched by what
          // runs beside it. Set-ups sign accounts in (a full scrypt hash each) and start apps on both engines.
          testTimeout: 45_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Browser tests: two files at a time, each worker's files one after another against a built store of
        // their own (e2e/support/global-setup.ts), so a store-wide setting one file changes never races another.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
