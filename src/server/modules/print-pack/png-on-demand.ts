import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { makeRatioFiles } from './make-ratio-files';
import { cropOf, type PackFileRow, type PackRow } from './repository';
import { makeScratch } from '../../operations/scratch-folders';

// A ratio's PNG is made only when a buyer first asks for it: a PNG of a large crop is several times its JPEG, and
// most buyers never want one. It is cut from the same crop as the pack's JPEG, stored, and recorded as a file of
// the same generation, so every later download (any instance) hands out the stored one.

type ReadyFile = PackFileRow & { file_key: string; width: number; height: number };

const isReady = (row: PackFileRow | undefined): row is ReadyFile =>
  !!row && row.status === 'ready' && !!row.file_key && !!row.width && !!row.height;

function findPng(db: Kysely<Database>, packId: number, ratio: PackFileRow['ratio']) {
  return db
    .selectFrom('print_pack_files')
    .selectAll()
    .where('pack_id', '=', packId)
    .where('ratio', '=', ratio)
    .where('format', '=', 'png')
    .executeTakeFirst();
}

// One making per file at a time in this process: a second click while the first is cut waits for it. Across
// instances both may make it; the first row written wins and the other's object is deleted (no row names it).
const making = new Map<string, Promise<ReadyFile>>();

/** The PNG of a complete pack's ratio, made from the master the first time and kept. */
export function ratioPng(
  deps: { db: Kysely<Database>; privateStore: StorageProvider },
  pack: PackRow,
  jpeg: PackFileRow,
  title: string,
): Promise<ReadyFile> {
  const job = `${pack.id}:${jpeg.ratio}`;
  const running = making.get(job);
  if (running) return running;
  const started = ensurePng(deps, pack, jpeg, title).finally(() => making.delete(job));
  making.set(job, started);
  return started;
}

async function ensurePng(
  deps: { db: Kysely<Database>; privateStore: StorageProvider },
  pack: PackRow,
  jpeg: PackFileRow,
  title: string,
): Promise<ReadyFile> {
  const existing = await findPng(deps.db, pack.id, jpeg.ratio);
  if (isReady(existing)) return existing;

  const scratch = await makeScratch('ratio-png');
  try {
    // vips reads the master by random access from a file; a stream would be held whole in memory.
    const master = path.join(scratch, 'master');
    const stream = await deps.privateStore.getStream(pack.master_key);
    if (!stream) throw new NotFoundError('Download link not available');
    await pipeline(stream, createWriteStream(master));
    const crop = cropOf(jpeg);
    const { files } = await makeRatioFiles({
      master,
      folder: scratch,
      title,
      artworkId: pack.artwork_id,
      files: [{ ratio: jpeg.ratio, format: 'png' }],
      crops: crop ? { [jpeg.ratio]: crop } : {},
    });
    const made = files[0]!;
    // A key of its own (the worker's keys have no suffix): a stored file is never written twice.
    const key = `print-packs/${pack.artwork_id}/${pack.id}-${jpeg.ratio}-${randomBytes(4).toString('hex')}.png`;
    await deps.privateStore.putFile(key, made.path, 'image/png');
    const { size } = await fs.stat(made.path);
    const now = new Date().toISOString();
    const row = {
      status: 'ready' as const,
      crop: jpeg.crop,
      file_key: key,
      width: made.crop.width,
      height: made.crop.height,
      size,
      error: null,
      updated_at: now,
    };
    await deps.db
      .insertInto('print_pack_files')
      .values({ pack_id: pack.id, ratio: jpeg.ratio, format: 'png', ...row })
      // A row queued for the worker (the owner asked for it) is taken over; a ready one made meanwhile stays.
      .onConflict((oc) =>
        oc.columns(['pack_id', 'ratio', 'format']).doUpdateSet(row).where('print_pack_files.status', '!=', 'ready'),
      )
      .execute();
    const kept = await findPng(deps.db, pack.id, jpeg.ratio);
    if (kept?.file_key !== key) await deps.privateStore.delete(key);
    if (!isReady(kept)) throw new Error(`the PNG of ${jpeg.ratio} was not recorded`);
    return kept;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
