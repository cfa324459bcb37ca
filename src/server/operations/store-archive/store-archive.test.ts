// The archive's foretold length is its Content-Length: a store of many files (a central directory past 64 KiB, where
// yazl's forecast and its writing once parted by 76 bytes) is sent exactly as long as it said, and reads back whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../providers/storage/local-storage';
import { readZip } from '#test-support/read-zip.ts';
import { createTestDatabase } from '#test-support/test-database.ts';
import { openStoreArchive } from './store-archive';

const FILES = 800;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-archive-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('the store archive', () => {
  it(`of ${FILES} files is exactly as long as foretold, and holds every file`, async () => {
    const database = await createTestDatabase('sqlite');
    const { db } = database;
    try {
      const publicStore = new LocalStorage(path.join(folder, 'files'));
      const privateStore = new LocalStorage(path.join(folder, 'private'));
      for (let i = 0; i < FILES; i++)
        await publicStore.put(
          `artworks/${i}/picture-with-a-long-descriptive-name-${i}.webp`,
          Buffer.from(`file ${i}`),
          'image/webp',
        );
      const archive = await openStoreArchive({ db, stores: { public: publicStore, private: privateStore } });
      const zip = await buffer(archive.stream);
      expect(zip.length).toBe(archive.bytes);
      const files = (await readZip(zip)).filter((entry) => entry.name.startsWith('files/public/'));
      expect(files).toHaveLength(FILES);
      expect(files.find((entry) => entry.name.endsWith('-7.webp'))?.bytes.toString()).toBe('file 7');
    } finally {
      await database.close();
    }
  });
});
