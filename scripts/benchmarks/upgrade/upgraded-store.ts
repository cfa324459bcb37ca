// The store of npm run bench:upgrade as an upgrade finds it: 100,000 generated artworks (bench:http's catalogue)
// with neither room mockups nor palettes, every one with a public picture file that exists, and a sample of 200
// with a real master whose print pack is queued. The pictures are hard links to a few real WebP files: each mockup
// and palette job then does the real work (decode, compose, encode) at the cost of an inode, not of 100,000
// pictures' bytes on disk. Without files every job would fail in milliseconds, and the projected finish would say
// nothing about the day of work a real upgrade brings.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { engineOf } from '#server/db/dialect.ts';
import type { Database } from '#server/db/schema.ts';
import { PACK_PRIORITY, queuePack } from '#server/modules/print-pack/index.ts';

/** Every this-many-th artwork (by id) is in the sample with a master: 200 spread over 100,000. */
const SAMPLE_EVERY = 500;
const DISTINCT_PICTURES = 8;
const MASTER = { width: 3200, height: 4000 }; // 12.8 MP, the 4:5 of the generated pictures
const FILES_PREFIX = '/files/';

export interface UpgradedStore {
  /** The artworks with a master and a queued pack. */
  sampleIds: number[];
  pictures: number;
  seconds: number;
}

const gradient = (index: number, width: number, height: number) => {
  const hue = (index * 47) % 360;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},70%,75%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${width / 4}" fill="hsl(${(hue + 200) % 360},80%,55%)"/></svg>`,
  );
};

/** Picture `index` of the few distinct ones, as the store's largest rendition is (1600 px wide WebP). */
async function drawPicture(file: string, index: number, width: number, height: number): Promise<void> {
  await sharp(gradient(index, width, height))
    .webp({ quality: 82 })
    .toFile(file);
}

function link(source: string, target: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(target, { force: true });
  fs.linkSync(source, target);
}

/**
 * Turns the filled catalogue in `db` into the upgraded store: drops its mockups and palettes, writes its picture
 * files under `dataDir`/files (and masters under `dataDir`/private), and queues the sample's packs.
 */
export async function prepareUpgradedStore(db: Kysely<Database>, dataDir: string): Promise<UpgradedStore> {
  const started = performance.now();
  await db.updateTable('artworks').set({ mockups: '[]', mockups_source: null, palette: null }).execute();
  await db.deleteFrom('mockup_jobs').execute();

  const seeds = path.join(dataDir, 'bench-seed');
  fs.mkdirSync(seeds, { recursive: true });
  const seedFiles = new Map<number, string>();
  const seedOf = async (index: number, width: number, height: number) => {
    const key = index * 100_000 + width;
    let file = seedFiles.get(key);
    if (!file) {
      file = path.join(seeds, `picture-${index}-${width}.webp`);
      await drawPicture(file, index, width, height);
      seedFiles.set(key, file);
    }
    return file;
  };

  const rows = await db.selectFrom('artworks').select(['id', 'images']).orderBy('id').execute();
  const sampleIds: number[] = [];
  let pictures = 0;
  for (const [position, row] of rows.entries()) {
    const inSample = (position + 1) % SAMPLE_EVERY === 0;
    if (inSample) sampleIds.push(row.id);
    const images = JSON.parse(row.images) as Array<{ url: string; width: number; height: number }>;
    const largest = images.reduce((a, b) => (b.width > a.width ? b : a), images[0]!);
    // Visitors of the sample may open any rendition; the background work reads only the largest.
    for (const image of inSample ? images : [largest]) {
      if (!image.url.startsWith(FILES_PREFIX)) continue;
      const seed = await seedOf(row.id % DISTINCT_PICTURES, image.width, image.height);
      link(seed, path.join(dataDir, 'files', image.url.slice(FILES_PREFIX.length)));
      pictures++;
    }
  }

  const master = path.join(seeds, 'master.jpg');
  await sharp(gradient(3, MASTER.width, MASTER.height))
    .jpeg({ quality: 92 })
    .toFile(master);
  for (const id of sampleIds) {
    const key = `bench-masters/artwork-${id}.jpg`;
    link(master, path.join(dataDir, 'private', key));
    const artwork = await db
      .updateTable('artworks')
      .set({ private_file_key: key, master_width: MASTER.width, master_height: MASTER.height, print_ratios: null })
      .where('id', '=', id)
      .returning(['id', 'private_file_key', 'print_ratios', 'print_crops'])
      .executeTakeFirstOrThrow();
    // As the master's upload queued it, before the upgrade: in the background.
    await queuePack(db, artwork, { priority: PACK_PRIORITY.background, now: new Date() });
  }
  if (engineOf(db) === 'postgres') await sql`vacuum (analyze) artworks`.execute(db);
  else await sql`pragma wal_checkpoint(truncate)`.execute(db);
  return { sampleIds, pictures, seconds: (performance.now() - started) / 1000 };
}
