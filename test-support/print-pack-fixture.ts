import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { toFractions } from '../src/shared/prints/ratio-crop';
import type { Database } from '../src/server/db/schema';
import { makeRatioFiles } from '../src/server/modules/print-pack/make-ratio-files';
import { insertPack, type NewPackFile } from '../src/server/modules/print-pack/repository';
import type { StorageProvider } from '../src/server/providers/storage/storage-provider';

// A print pack made the way the store makes one (the real cutter, in its child process) from a master drawn here,
// its files put in the given store and its rows written as the worker would: so a buyer's test does not wait for
// the worker, and can leave a pack half made.

/** A smooth picture (diagonal gradient and a few shapes) that compresses well: a small PNG of any size. */
export async function drawMaster(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9d8a6"/>
    <stop offset="1" stop-color="#005f73"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ae2012"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface StoredPackFile {
  ratio: NewPackFile['ratio'];
  key: string;
  width: number;
  height: number;
  size: number;
}

let generation = 0;

/**
 * Stores `master` under `masterKey`, cuts its six JPEGs, stores the first `made` of them (all by default) and
 * inserts the generation: ready when all six are made, else queued with the rest still to make.
 */
export async function storePack(
  deps: { db: Kysely<Database>; store: StorageProvider },
  artwork: { id: number; title: string; masterKey: string; master: Buffer },
  options: { made?: number } = {},
): Promise<{ packId: number; files: StoredPackFile[] }> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'pack-fixture-'));
  try {
    const masterFile = path.join(scratch, 'master.png');
    await fs.writeFile(masterFile, artwork.master);
    await deps.store.putFile(artwork.masterKey, masterFile, 'image/png');
    const { width = 0, height = 0 } = await sharp(artwork.master).metadata();
    const { files } = await makeRatioFiles({
      master: masterFile,
      folder: scratch,
      title: artwork.title,
      artworkId: artwork.id,
    });
    generation += 1;
    const made = options.made ?? files.length;
    const stored: StoredPackFile[] = [];
    const rows: NewPackFile[] = [];
    for (const [index, file] of files.entries()) {
      const crop = toFractions(file.crop, { width, height });
      if (index >= made) {
        rows.push({ ratio: file.ratio, format: 'jpeg', crop });
        continue;
      }
      const key = `print-packs/${artwork.id}/fixture-${generation}-${file.ratio}.jpg`;
      await deps.store.putFile(key, file.path, 'image/jpeg');
      const { size } = await fs.stat(file.path);
      stored.push({ ratio: file.ratio, key, width: file.crop.width, height: file.crop.height, size });
      rows.push({
        ratio: file.ratio,
        format: 'jpeg',
        crop,
        made: { file_key: key, width: file.crop.width, height: file.crop.height, size },
      });
    }
    await deps.db
      .updateTable('artworks')
      .set({ private_file_key: artwork.masterKey, master_width: width, master_height: height })
      .where('id', '=', artwork.id)
      .execute();
    const packId = await insertPack(deps.db, {
      artworkId: artwork.id,
      masterKey: artwork.masterKey,
      priority: 0,
      files: rows,
      now: new Date(),
    });
    return { packId, files: stored };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
