import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The catalogue import tests fetch pictures from an https server with a test CA's certificate. Node reads
// NODE_EXTRA_CA_CERTS once, as a process starts: set here, before vitest forks its test processes, every one of
// them trusts that CA. A file the environment already names there is kept, the test CA added after it.
const testCa = fs.readFileSync(new URL('./test-support/import-https/test-ca.pem', import.meta.url), 'utf8');
const extraCas = process.env.NODE_EXTRA_CA_CERTS ? fs.readFileSync(process.env.NODE_EXTRA_CA_CERTS, 'utf8') : '';
if (!extraCas.includes(testCa)) {
  const content = `${extraCas.trimEnd()}\n${testCa}`;
  // Named by its content: every run with the same CAs writes the same file, none piles up.
  const combined = path.join(
    os.tmpdir(),
    `store-test-cas-${createHash('sha256').update(content).digest('hex').slice(0, 16)}.pem`,
  );
  fs.writeFileSync(combined, content);
  process.env.NODE_EXTRA_CA_CERTS = combined;
}

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
        // Browser tests: two files at a time, each file against a store of its own, started from a copy of the demo
        // store the global set-up seeded (e2e/support/global-setup.ts).
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
