import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CropFractions } from '#shared/prints/ratio-crop.ts';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { failOrRetry } from '../../operations/jobs/fail-or-retry';
import { whileLeased } from '../../operations/jobs/hold-lease';
import { endTurn } from '../../operations/jobs/job-lease';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { makeRatioFiles, type PackFile } from './make-ratio-files';
import { uprightSize } from './master-size';
import {
  cropOf,
  findPackArtwork,
  findPackFiles,
  PACK_JOBS,
  setMasterSize,
  setPackStatus,
  updatePackFile,
  type PackFileRow,
  type PackRow,
} from './repository';
import { pinImageKey, storePinImage } from './pin-image';
import { makeScratch } from '../../operations/scratch-folders';

export interface PackMakerDeps {
  db: Kysely<Database>;
  privateStore: StorageProvider;
  /** Where the Pinterest image goes: it is public, like the previews. */
  publicStore: StorageProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The catalogue's kept answers are stale: a master's size, which the public print sizes follow from, was learnt. */
  catalogChanged: () => Promise<void>;
  /** Told when a master's size was learnt: the print sizes and frames the artwork is listed under follow from it. */
  events: EventBus;
}

/** How long a claim lasts without news from its worker: a worker that died lets it lapse, and another takes it. */
export const CLAIM_MS = 30_000;

/** A problem with the master itself: the pack fails with this reason, and is not tried again until the owner asks. */
class MasterProblem extends Error {}

/** The reason an owner reads, from what sharp or the child said. */
function reasonOf(error: unknown): string {
  if (error instanceof MasterProblem) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  if (/too large for a print pack/.test(text)) return text;
  return 'The master could not be read whole: the file is damaged or cut short.';
}

/** Where a pack's file is kept: beside the master in the private store, a new key per generation and crop. */
export const packFileKey = (pack: Pick<PackRow, 'artwork_id' | 'id'>, file: Pick<PackFile, 'ratio' | 'format'>) =>
  `print-packs/${pack.artwork_id}/${pack.id}-${file.ratio}.${file.format === 'png' ? 'png' : 'jpg'}`;

/**
 * Makes the files still to make of a generation this worker has claimed: the master is copied from the store to a
 * temporary file (vips reads files by random access), the files cut in a child process (which also finds the
 * starting crops where none is set), and each one stored and marked ready as soon as it is written, so the owner and the buyer see
 * "3 of 6". The claim is renewed while it works. A storage or database that is down puts the generation back in
 * the queue with back-off; a master that cannot be made into a pack fails it with the reason. Files already ready
 * stay so: a pack is offered only once all are.
 */
export async function makePack(deps: PackMakerDeps, pack: PackRow, worker: string): Promise<void> {
  const lease = { db: deps.db, table: PACK_JOBS, id: pack.id, worker, leaseMs: CLAIM_MS };
  const scratch = await makeScratch('pack-master');
  try {
    await whileLeased(lease, () => makeClaimedPack(deps, pack, worker, scratch));
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function makeClaimedPack(deps: PackMakerDeps, pack: PackRow, worker: string, scratch: string): Promise<void> {
  const now = () => new Date();
  try {
    await setPackStatus(deps.db, pack.id, 'making', now());
    const artwork = await findPackArtwork(deps.db, pack.artwork_id);
    if (!artwork) throw new MasterProblem('The artwork was deleted.');
    const master = path.join(scratch, 'master');
    const stream = await deps.privateStore.getStream(pack.master_key);
    if (!stream) throw new MasterProblem('The master file is missing from the file storage.');
    await pipeline(stream, createWriteStream(master));
    const size = await uprightSize(master);
    if (await setMasterSize(deps.db, deps.events, { artworkId: artwork.id, masterKey: pack.master_key, size }))
      await deps.catalogChanged();

    const all = await findPackFiles(deps.db, pack.id);
    const files = all.filter((file) => file.status !== 'ready');
    const pin = pinWanted(deps, pack, artwork, all, scratch);
    // One file stored at a time, in the order they are written, while the next ones are cut. A failure is kept
    // (not left as a rejected promise nobody awaits yet, which would end the process) and thrown once cutting ends.
    let storing = Promise.resolve();
    let storeFailure: { error: unknown } | undefined;
    const storeLater = (made: PackFile) => {
      storing = storing
        .then(() => (storeFailure ? undefined : store(made)))
        .catch((error: unknown) => {
          storeFailure ??= { error };
        });
    };
    const store = async (made: PackFile) => {
      const row = files.find((file) => file.ratio === made.ratio && file.format === made.format)!;
      const key = packFileKey(pack, made);
      await deps.privateStore.putFile(key, made.path, made.format === 'png' ? 'image/png' : 'image/jpeg');
      const { size: bytes } = await fs.stat(made.path);
      await updatePackFile(
        deps.db,
        row.id,
        { status: 'ready', file_key: key, width: made.crop.width, height: made.crop.height, size: bytes },
        now(),
      );
    };
    const made = await makeRatioFiles(
      {
        master,
        folder: scratch,
        title: artwork.title,
        artworkId: artwork.id,
        crops: Object.fromEntries(files.flatMap((file) => (cropOf(file) ? [[file.ratio, cropOf(file)]] : []))),
        missingCrops: 'found',
        files: files.map((file) => ({ ratio: file.ratio, format: file.format })),
        pin,
      },
      {
        // The crops, found on a preview where the owner has set none, are recorded as the files start.
        onCrops: async (crops) => {
          for (const file of files) {
            const crop = JSON.stringify(crops[file.ratio]);
            await updatePackFile(deps.db, file.id, { status: 'making', crop, error: null }, now());
          }
        },
        onFile: storeLater,
      },
      // However the cutting ends, the files being stored are waited for before the pack is released.
    ).finally(() => storing);
    if (storeFailure) throw storeFailure.error;
    if (pin) await storePinImage(deps, pack, pin);
    const changes = { status: 'ready' as const, last_error: null, finished_at: now().toISOString() };
    await endTurn(deps.db, PACK_JOBS, pack.id, worker, {
      changes: { ...changes, next_attempt_at: changes.finished_at },
      countAttempt: false,
    });
    const { peakRssBytes } = made;
    deps.log.info({ pack: pack.id, artwork: artwork.id, files: files.length, peakRssBytes }, 'print pack made');
  } catch (error) {
    await failOrRetry(
      {
        table: PACK_JOBS,
        id: pack.id,
        attempts: pack.attempts,
        worker,
        name: 'print pack',
        logFields: { pack: pack.id },
      },
      error,
      {
        db: deps.db,
        log: deps.log,
        retried: { status: 'queued', finished_at: null },
        gaveUp: (at) => ({ status: 'failed' as const, finished_at: at.toISOString() }),
        reasonOf,
        beforeGivingUp: async (reason, at) => {
          for (const file of await findPackFiles(deps.db, pack.id)) {
            if (file.status !== 'ready')
              await updatePackFile(deps.db, file.id, { status: 'failed', error: reason }, at);
          }
        },
      },
    );
  }
}

/**
 * Whether this generation also makes the artwork's Pinterest image: when it has a 2:3 file whose image the artwork
 * does not show yet (a new master, a moved 2:3 crop, or an attempt that stopped before storing it). The image is cut
 * in the same child, from the same decode, with the 2:3 file's crop.
 */
function pinWanted(
  deps: PackMakerDeps,
  pack: PackRow,
  artwork: { pin_image_url: string | null },
  all: PackFileRow[],
  scratch: string,
): { key: string; file: string; crop?: CropFractions } | undefined {
  const twoByThree = all.find((file) => file.ratio === '2x3' && file.format === 'jpeg');
  if (!twoByThree) return undefined;
  const key = pinImageKey(pack.artwork_id, twoByThree.file_key ?? packFileKey(pack, twoByThree));
  if (artwork.pin_image_url === deps.publicStore.publicUrl(key)) return undefined;
  return { key, file: path.join(scratch, 'pin.jpg'), crop: cropOf(twoByThree) ?? undefined };
}
