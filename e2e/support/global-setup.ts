import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { trustTestCaInThisProcess } from '../../test-support/picture-server';
import { startTestServer } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: browser tests read the mail it wrote to outbox/. */
    dataDir: string;
  }
}

/** One store, built and seeded with the demo catalogue, serves every browser test file. */
export default async function setup(project: TestProject) {
  // The store fetches an import's pictures over https from the test CA's server, and runs in this process.
  trustTestCaInThisProcess();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const server = await startTestServer(dataDir);
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
