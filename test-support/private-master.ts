import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app';

/** Stores `content` as the artwork's master in the test app's private file folder, so that it can be downloaded. */
export async function givePrivateMaster(t: TestApp, artworkId: number, fileName: string, content: Buffer) {
  fs.mkdirSync(path.join(t.dataDir, 'private', 'originals'), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, 'private', 'originals', fileName), content);
  await t.db
    .updateTable('artworks')
    .set({ private_file_key: `originals/${fileName}` })
    .where('id', '=', artworkId)
    .execute();
}
