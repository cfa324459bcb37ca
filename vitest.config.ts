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
          testTimeout: 20_000,
          // Set-ups sign accounts in (a full scrypt hash each) and start apps on both engines: 10 s was too little
          // while both cores were busy.
          hookTimeout: 30_000,
        },
      },
      {
        // Browser tests share one built app and one Chromium: run them one file at a time.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
