import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { waitForSettledDemo } from './settled-demo';
import { startStoreAt } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A demo store's data folder, seeded and settled, that each browser test file's store starts as a copy of. */
    demoTemplate: string;
  }
}

/**
 * Seeds the demo catalogue once and waits for its background work (room mockups, palettes, events) to end: every
 * browser test file then starts a store of its own from a copy of that folder (test-server.ts), so no file depends
 * on what another did to a shared store, and no store draws the demo's pictures again beside the tests.
 */
export default async function setup(project: TestProject) {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-template-'));
  const store = await startStoreAt(template);
  try {
    await waitForSettledDemo(store.db);
  } finally {
    await store.close();
  }
  project.provide('demoTemplate', template);
  return () => fs.rmSync(template, { recursive: true, force: true });
}
