import type { Kysely } from 'kysely';
import type { OwnerPrintPack, PrintPackProgressList, PrintPackUpdate } from '#shared/prints/print-pack-schema.ts';
import { printRatio, RATIO_IDS, type RatioId } from '#shared/prints/print-sizes.ts';
import {
  centredCrop,
  largestCropSize,
  orientationOf,
  toPixels,
  type CropFractions,
} from '#shared/prints/ratio-crop.ts';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { checkCrop } from './check-crop';
import { offeredRatios, ownerCrops, PACK_PRIORITY, queuePack } from './pack-generation';
import { progressOf } from './pack-progress';
import {
  cropOf,
  findNewestPack,
  findNewestPacksWithFiles,
  findPackArtwork,
  requeuePack,
  updatePackFile,
} from './repository';

export interface PrintPackDeps {
  db: Kysely<Database>;
  /** Tells the worker a pack was queued, so it starts now rather than at its next tick. */
  nudge: () => void;
  /** Told when the ratios or crops an artwork offers change (the shop's "fits my frame" filter follows them). */
  events: EventBus;
}

const WHOLE_PICTURE: CropFractions = { left: 0, top: 0, width: 1, height: 1 };

async function artworkOrThrow(db: Kysely<Database>, artworkId: number) {
  const artwork = await findPackArtwork(db, artworkId);
  if (!artwork) throw new NotFoundError('Artwork not found');
  return artwork;
}

async function answer(db: Kysely<Database>, artworkId: number): Promise<OwnerPrintPack> {
  const artwork = await artworkOrThrow(db, artworkId);
  const newest = await findNewestPack(db, artworkId);
  const current = newest?.pack.master_key === artwork.private_file_key ? newest : undefined;
  const master =
    artwork.master_width && artwork.master_height
      ? { width: artwork.master_width, height: artwork.master_height }
      : null;
  const offered = new Set(offeredRatios(artwork));
  const crops = ownerCrops(artwork);
  return {
    artworkId,
    master,
    progress: progressOf(current),
    ratios: RATIO_IDS.map((ratio) => {
      const file = current?.files.find((row) => row.ratio === ratio && row.format === 'jpeg');
      const found = file && cropOf(file);
      return {
        ratio,
        offered: offered.has(ratio),
        crop: crops[ratio] ?? found ?? (master ? centredCrop(printRatio(ratio), master) : WHOLE_PICTURE),
        cropped: crops[ratio] !== undefined,
        file: file ? { status: file.status, error: file.error, width: file.width, height: file.height } : null,
      };
    }),
  };
}

/**
 * The owner's view of the pack. Opening it puts the pack ahead of the background work (a demo artwork's, or one
 * from before packs existed, is queued then).
 */
export async function getOwnerPrintPack(deps: PrintPackDeps, artworkId: number): Promise<OwnerPrintPack> {
  const artwork = await artworkOrThrow(deps.db, artworkId);
  if (await queuePack(deps.db, artwork, { priority: PACK_PRIORITY.owner, now: new Date() })) deps.nudge();
  return answer(deps.db, artworkId);
}

/**
 * A crop the owner moved: checked against the master (inside it, of its ratio) and the largest crop of its ratio,
 * as every file of the pack is (the owner chooses where, never how much: a smaller crop would print smaller).
 */
function checkOwnerCrop(ratio: RatioId, crop: CropFractions, master: { width: number; height: number }) {
  const snapped = checkCrop(printRatio(ratio), crop, master);
  const largest = largestCropSize(printRatio(ratio), master, orientationOf(master));
  const pixels = toPixels(printRatio(ratio), snapped, master);
  if (pixels.width !== largest.width || pixels.height !== largest.height) {
    const message = `must be the largest ${printRatio(ratio).label} crop of the master, ${largest.width} × ${largest.height} px`;
    throw new InvalidInputError(`The ${printRatio(ratio).label} crop: width ${message}.`, { width: [message] });
  }
  return snapped;
}

export async function updatePrintPack(
  deps: PrintPackDeps,
  artworkId: number,
  update: PrintPackUpdate,
): Promise<OwnerPrintPack> {
  const artwork = await artworkOrThrow(deps.db, artworkId);
  const moved = Object.entries(update.crops) as Array<[RatioId, CropFractions]>;
  if (moved.length > 0 && !(artwork.master_width && artwork.master_height)) {
    throw new ConflictError('The master is still being read: move the crops once its size is shown.');
  }
  const master = { width: artwork.master_width ?? 0, height: artwork.master_height ?? 0 };
  const crops = { ...ownerCrops(artwork) };
  for (const [ratio, crop] of moved) crops[ratio] = checkOwnerCrop(ratio, crop, master);
  const ratios = RATIO_IDS.filter((ratio) => update.ratios.includes(ratio));
  const changed = {
    ...artwork,
    print_ratios: ratios.length === RATIO_IDS.length ? null : JSON.stringify(ratios),
    print_crops: JSON.stringify(crops),
  };
  const queued = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('artworks')
      .set({
        print_ratios: changed.print_ratios,
        print_crops: changed.print_crops,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', artworkId)
      .execute();
    // A ratio no longer offered takes its frames out of the shop's "fits my frame" filter (no after-commit work).
    await deps.events.emit(trx, { type: 'artwork.prints-changed', artworkId });
    return queuePack(trx, changed, { priority: PACK_PRIORITY.owner, now: new Date() });
  });
  if (queued) deps.nudge();
  return answer(deps.db, artworkId);
}

/** A failed ratio made again (the reason may have been fixed since: a master uploaded again, storage back). */
export async function retryPrintPackRatio(
  deps: PrintPackDeps,
  artworkId: number,
  ratio: RatioId,
): Promise<OwnerPrintPack> {
  await artworkOrThrow(deps.db, artworkId);
  const newest = await findNewestPack(deps.db, artworkId);
  const file = newest?.files.find((row) => row.ratio === ratio && row.format === 'jpeg');
  if (!newest || file?.status !== 'failed') {
    throw new ConflictError(`The ${printRatio(ratio).label} file has not failed: there is nothing to retry.`, {
      ratio: ['This ratio has not failed.'],
    });
  }
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    await updatePackFile(trx, file.id, { status: 'queued', error: null }, now);
    await requeuePack(trx, newest.pack.id, { priority: PACK_PRIORITY.owner, now });
  });
  deps.nudge();
  return answer(deps.db, artworkId);
}

export async function listPrintPackProgress(db: Kysely<Database>): Promise<PrintPackProgressList> {
  const packs = await findNewestPacksWithFiles(db);
  return { items: packs.map((found) => ({ artworkId: found.pack.artwork_id, ...progressOf(found) })) };
}
