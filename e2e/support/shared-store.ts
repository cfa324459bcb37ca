import { inject } from 'vitest';
import type { SharedStore } from './global-setup';

/** The demo store this test file's worker shares with the files it runs before and after (global-setup.ts). */
export function sharedStore(): SharedStore {
  const stores = inject('stores');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const store = stores[(worker - 1) % stores.length];
  if (!store) throw new Error('No shared store: run the browser tests through vitest.config.ts');
  return store;
}
