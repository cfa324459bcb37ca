import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { scheduleCleanup, type StoreName, type StoredObject } from './stored-file-cleanup-repository';

/** The two stores, as the upload service and the clean-up worker are given them. */
export interface Stores {
  publicStore: StorageProvider;
  privateStore: StorageProvider;
}

export function storeNamed(stores: Stores, name: StoreName): StorageProvider {
  return name === 'private' ? stores.privateStore : stores.publicStore;
}

interface DiscardDeps extends Stores {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

/**
 * Takes back the objects a failed upload put (so nothing half-written remains). Each is deleted at once, all
 * together; what the storage will not delete now (it is usually down: that is why the upload failed) is listed in
 * stored_file_cleanup for the worker to delete later. Never throws: the caller rethrows the error that made the
 * upload fail, and that one, not a clean-up's, is what the owner must be told (the 503 of a storage that is down).
 */
export async function discardStoredObjects(deps: DiscardDeps, objects: readonly StoredObject[]): Promise<void> {
  if (objects.length === 0) return;
  // async: a store whose delete throws before it returns a promise is a failed delete like any other.
  const results = await Promise.allSettled(objects.map(async ({ store, key }) => storeNamed(deps, store).delete(key)));
  const left = objects.filter((_, index) => results[index]?.status === 'rejected');
  if (left.length === 0) return;
  try {
    await scheduleCleanup(deps.db, left, new Date());
    deps.log.warn(
      { objects: left },
      'upload failed and its files could not be deleted yet: listed for the clean-up worker',
    );
  } catch (error) {
    // The database is down too: nothing more can be done here, but the keys are in the log for a person to delete.
    deps.log.error(
      { err: error, objects: left },
      'upload failed and its files could neither be deleted nor listed for deletion: delete them by hand',
    );
  }
}
