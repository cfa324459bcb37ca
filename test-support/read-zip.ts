import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

export interface ZipRead {
  name: string;
  /** 0: stored, 8: deflated. */
  compressionMethod: number;
  bytes: Buffer;
}

/**
 * Every entry of a ZIP held in memory (a test's small one), read through its central directory with yauzl, which
 * checks each entry's CRC-32 and size as it reads it.
 */
export async function readZip(zip: Buffer): Promise<ZipRead[]> {
  const file = await yauzl.fromBufferPromise(zip);
  const entries: ZipRead[] = [];
  for await (const entry of file.eachEntry()) {
    const bytes = await buffer(await file.openReadStreamPromise(entry));
    entries.push({ name: entry.fileName, compressionMethod: entry.compressionMethod, bytes });
  }
  return entries;
}
