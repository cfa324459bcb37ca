import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { trustTestCaInThisProcess } from '../../test-support/picture-server';
import { startTestServer } from './test-server';

/** One store the browser test files of one worker share, one file after another. */
export interface SharedStore {
  baseUrl: string;
  /** The server's DATA_DIR: browser tests read the mail it wrote to outbox/. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One store per worker of the e2e project: worker N (VITEST_POOL_ID) uses the Nth. */
    stores: SharedStore[];
  }
}

/**
 * A store, built and seeded with the demo catalogue, for each worker of the browser tests: the files of one worker
 * run one after another against theirs, so a file that changes a store-wide setting never races another file.
 */
export default async function setup(project: TestProject) {
  // The stores fetch an import's pictures over https from the test CA's server, and run in this process.
  trustTestCaInThisProcess();
  const workers = project.config.maxWorkers ?? 1;
  const started = await Promise.all(
    Array.from({ length: workers }, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
      const server = await startTestServer(dataDir);
      return { dataDir, server };
    }),
  );
  project.provide(
    'stores',
    started.map(({ dataDir, server }) => ({ baseUrl: server.url, dataDir })),
  );
  return async () => {
    for (const { dataDir, server } of started) {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
