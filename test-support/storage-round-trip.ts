import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { StorageProvider } from '../src/server/providers/storage/storage-provider';

/**
 * A file of several megabytes stored from disk with putFile comes back the same through getStream, in more than one
 * piece (so it was streamed, not handed over whole), and through get; a key never stored streams as null.
 */
export async function expectFileRoundTrip(store: StorageProvider): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'round-trip-'));
  try {
    const bytes = randomBytes(5 * 1024 * 1024 + 17);
    const source = path.join(folder, 'master.tif');
    fs.writeFileSync(source, bytes);
    await store.putFile('originals/round-trip.tif', source, 'image/tiff');

    const stream = await store.getStream('originals/round-trip.tif');
    expect(stream).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect((await store.get('originals/round-trip.tif'))?.equals(bytes)).toBe(true);
    expect(await store.getStream('originals/never-stored.tif')).toBeNull();
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
