import type { UploadedFile } from '#shared/catalogue/artwork-write-schema.ts';
import { FileRejectedError } from '../../errors';
import { FileDamagedError } from './file-integrity';
import { ImageRejectedError } from './image-pipeline';
import type { UploadRecord } from './repository';
import type { StoreName } from './stored-file-cleanup-repository';

/** One object of a file as it goes to the store: bytes in memory, or a file on disk (a master) streamed from there. */
export type ObjectToPut = { key: string; contentType: string } & ({ body: Buffer } | { file: string });

/**
 * A file checked and processed, nothing of it stored yet: the objects it is made of (its first object is the file
 * itself, the rest its renditions) and the record it gets once they are all stored.
 */
export interface PreparedFile {
  store: StoreName;
  objects: ObjectToPut[];
  record: UploadRecord;
  type: UploadedFile['type'];
}

/** Runs a check of one file, turning its refusal into the owner's 400 that names the file. */
export async function rejectedAs<T>(name: string, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ImageRejectedError || error instanceof FileDamagedError)
      throw new FileRejectedError(`${name}: ${error.message}`, { file: [name] });
    throw error;
  }
}
