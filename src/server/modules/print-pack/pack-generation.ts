import type { Kysely, Transaction } from 'kysely';
import { RATIO_IDS, type RatioId } from '#shared/prints/print-sizes.ts';
import type { CropFractions } from '#shared/prints/ratio-crop.ts';
import { engineOf } from '../../db/dialect';
import type { ArtworkRow, Database } from '../../db/schema';
import {
  cropOf,
  findCompletePack,
  findNewestPack,
  insertPack,
  requeuePack,
  type NewPackFile,
  type PackFileRow,
} from './repository';

type Db = Kysely<Database> | Transaction<Database>;

/** How urgent a pack is: the owner looking at it, or a buyer waiting for it, goes ahead of the background. */
export const PACK_PRIORITY = { background: 0, owner: 10, buyer: 20 } as const;

export type PackArtwork = Pick<ArtworkRow, 'id' | 'private_file_key' | 'print_ratios' | 'print_crops'>;

/** Masters a pack is made from: images (the kinds the private upload takes), told by the stored key's extension. */
const IMAGE_MASTER = /\.(png|jpe?g|tiff?|webp|gif)$/i;

export const isImageMaster = (key: string | null): key is string => key !== null && IMAGE_MASTER.test(key);

/** The ratios the listing offers: the owner's choice, or all six. */
export function offeredRatios(artwork: Pick<ArtworkRow, 'print_ratios'>): RatioId[] {
  if (!artwork.print_ratios) return [...RATIO_IDS];
  const chosen = new Set(JSON.parse(artwork.print_ratios) as RatioId[]);
  return RATIO_IDS.filter((ratio) => chosen.has(ratio));
}

export function ownerCrops(artwork: Pick<ArtworkRow, 'print_crops'>): Partial<Record<RatioId, CropFractions>> {
  return JSON.parse(artwork.print_crops) as Partial<Record<RatioId, CropFractions>>;
}

const sameCrop = (a: CropFractions | null, b: CropFractions | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The files a generation of this artwork's pack has: one JPEG per offered ratio, cut where the owner put its crop,
 * else where the last generation of this master found its starting crop (null: found by the job). A file already
 * made from this master with the same crop is named again, not made again.
 */
function filesOf(artwork: PackArtwork, masterKey: string, earlier: PackFileRow[]): NewPackFile[] {
  const crops = ownerCrops(artwork);
  return offeredRatios(artwork).map((ratio) => {
    const before = earlier.filter((file) => file.ratio === ratio && file.format === 'jpeg');
    const crop = crops[ratio] ?? before.map(cropOf).find((found) => found !== null) ?? null;
    const made = before.find((file) => file.status === 'ready' && crop !== null && sameCrop(cropOf(file), crop));
    return { ratio, format: 'jpeg' as const, crop, made: made ?? undefined };
  });
}

/**
 * Queues a new generation of the artwork's pack when what it would hold differs from the newest one's (another
 * master, ratios or crops); otherwise only raises the newest one's priority while it waits. A failed generation
 * stays failed until the owner retries it (owner-service.ts): looking at it again must not make it again. Returns
 * the generation's id, or undefined when the artwork has no image master.
 */
export async function queuePack(
  db: Db,
  artwork: PackArtwork,
  options: { priority: number; now: Date },
): Promise<number | undefined> {
  if (!isImageMaster(artwork.private_file_key)) return undefined;
  if (db.isTransaction) return queueLocked(db as Transaction<Database>, artwork, options);
  return db.transaction().execute((trx) => queueLocked(trx, artwork, options));
}

/**
 * One artwork's packs are queued one request at a time: the payment's and the buyer's library may ask at the same
 * moment, and must make one generation, not two. PostgreSQL locks the artwork's row; SQLite's one connection
 * already runs one transaction at a time.
 */
async function queueLocked(
  trx: Transaction<Database>,
  artwork: PackArtwork,
  options: { priority: number; now: Date },
): Promise<number | undefined> {
  if (engineOf(trx) === 'postgres')
    await trx.selectFrom('artworks').select('id').where('id', '=', artwork.id).forUpdate().execute();
  return queueAfterLock(trx, artwork, options);
}

async function queueAfterLock(
  db: Db,
  artwork: PackArtwork,
  options: { priority: number; now: Date },
): Promise<number | undefined> {
  const masterKey = artwork.private_file_key!;
  const newest = await findNewestPack(db, artwork.id);
  const sameMaster = newest?.pack.master_key === masterKey;
  const complete = sameMaster ? await findCompletePack(db, artwork.id, masterKey) : undefined;
  const earlier = [...(sameMaster ? newest.files : []), ...(complete?.files ?? [])];
  const files = filesOf(artwork, masterKey, earlier);
  if (newest && sameMaster && sameFiles(files, newest.files)) {
    const waiting = newest.pack.status === 'queued' || newest.pack.status === 'making';
    if (waiting) await requeuePack(db, newest.pack.id, { ...options, keepStatus: true });
    return newest.pack.id;
  }
  return insertPack(db, { artworkId: artwork.id, masterKey, priority: options.priority, files, now: options.now });
}

/** Whether a generation would hold the same JPEGs as one that exists (its PNGs made on request aside). */
function sameFiles(wanted: NewPackFile[], existing: PackFileRow[]): boolean {
  const jpegs = existing.filter((file) => file.format === 'jpeg');
  return (
    wanted.length === jpegs.length &&
    wanted.every((file) => {
      const twin = jpegs.find((row) => row.ratio === file.ratio);
      return twin !== undefined && (file.crop === null || sameCrop(cropOf(twin), file.crop));
    })
  );
}
