import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RatioId } from '#shared/prints/print-sizes.ts';
import type { CropFractions } from '#shared/prints/ratio-crop.ts';
import { ACTIVE_JOB_STATUSES, type JobStatus } from '#shared/jobs/job-status.ts';
import type { Database, PrintPackFilesTable, PrintPacksTable } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { claimDueJobs } from '../../operations/jobs/job-lease';
import { defineJobTable } from '../../operations/jobs/job-table';

export type PackRow = Selectable<PrintPacksTable>;
export type PackFileRow = Selectable<PrintPackFilesTable>;
type Db = Kysely<Database> | Transaction<Database>;

const iso = (date: Date) => date.toISOString();

export const cropOf = (file: Pick<PackFileRow, 'crop'>): CropFractions | null =>
  file.crop ? (JSON.parse(file.crop) as CropFractions) : null;

/** The newest generation of an artwork's pack, with its files; undefined when none was ever queued. */
export async function findNewestPack(
  db: Db,
  artworkId: number,
): Promise<{ pack: PackRow; files: PackFileRow[] } | undefined> {
  const pack = await db
    .selectFrom('print_packs')
    .selectAll()
    .where('artwork_id', '=', artworkId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return pack && { pack, files: await findPackFiles(db, pack.id) };
}

/**
 * The newest complete pack of this master: what buyers get. A newer generation still being made (the owner moved a
 * crop) does not hide it, and a pack of an older master is never offered for a new one.
 */
export async function findCompletePack(
  db: Db,
  artworkId: number,
  masterKey: string,
): Promise<{ pack: PackRow; files: PackFileRow[] } | undefined> {
  const pack = await db
    .selectFrom('print_packs')
    .selectAll()
    .where('artwork_id', '=', artworkId)
    .where('master_key', '=', masterKey)
    .where('status', '=', 'ready')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return pack && { pack, files: await findPackFiles(db, pack.id) };
}

export function findPackFiles(db: Db, packId: number): Promise<PackFileRow[]> {
  return db.selectFrom('print_pack_files').selectAll().where('pack_id', '=', packId).orderBy('id').execute();
}

/** The newest generation's state of every artwork that has one, for the owner's dashboard. */
export async function findNewestPacksWithFiles(db: Db): Promise<Array<{ pack: PackRow; files: PackFileRow[] }>> {
  const newest = db
    .selectFrom('print_packs')
    .select((eb) => eb.fn.max('id').as('id'))
    .groupBy('artwork_id');
  const packs = await db.selectFrom('print_packs').selectAll().where('id', 'in', newest).execute();
  if (packs.length === 0) return [];
  const files = await db
    .selectFrom('print_pack_files')
    .selectAll()
    .where(
      'pack_id',
      'in',
      packs.map((pack) => pack.id),
    )
    .execute();
  return packs.map((pack) => ({ pack, files: files.filter((file) => file.pack_id === pack.id) }));
}

export interface NewPackFile {
  ratio: RatioId;
  format: 'jpeg' | 'png';
  crop: CropFractions | null;
  /** A file already made with this crop from this master: named again rather than made again. */
  made?: Pick<PackFileRow, 'file_key' | 'width' | 'height' | 'size'>;
}

/** A new generation: ready at once when every file is one already made, else queued for a worker. */
export async function insertPack(
  db: Db,
  pack: { artworkId: number; masterKey: string; priority: number; files: NewPackFile[]; now: Date },
): Promise<number> {
  const allMade = pack.files.every((file) => file.made);
  const { id } = await db
    .insertInto('print_packs')
    .values({
      artwork_id: pack.artworkId,
      master_key: pack.masterKey,
      status: allMade ? 'ready' : 'queued',
      priority: pack.priority,
      next_attempt_at: iso(pack.now),
      created_at: iso(pack.now),
      finished_at: allMade ? iso(pack.now) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('print_pack_files')
    .values(
      pack.files.map((file) => ({
        pack_id: id,
        ratio: file.ratio,
        format: file.format,
        status: file.made ? ('ready' as const) : ('queued' as const),
        crop: file.crop ? JSON.stringify(file.crop) : null,
        file_key: file.made?.file_key ?? null,
        width: file.made?.width ?? null,
        height: file.made?.height ?? null,
        size: file.made ? Number(file.made.size) : null,
        updated_at: iso(pack.now),
      })),
    )
    .execute();
  return id;
}

/**
 * Puts a generation back in the queue now (a retried ratio, a buyer or the owner waiting), raising its priority if
 * asked. `keepStatus`: the generation keeps its status (one being made is not shown as queued again).
 */
export async function requeuePack(
  db: Db,
  packId: number,
  options: { priority?: number; now: Date; keepStatus?: boolean },
): Promise<void> {
  await db
    .updateTable('print_packs')
    .set((eb) => ({
      ...(options.keepStatus ? {} : { status: 'queued' as const, finished_at: null, last_error: null }),
      next_attempt_at: iso(options.now),
      attempts: 0,
      // Raised, never lowered (SQLite's max(a, b) is PostgreSQL's greatest: a CASE reads the same on both).
      priority:
        options.priority === undefined
          ? eb.ref('priority')
          : eb.case().when('priority', '<', options.priority).then(options.priority).else(eb.ref('priority')).end(),
    }))
    .where('id', '=', packId)
    .execute();
}

/**
 * The packs as a job table: a generation is pending while it has a file to make (a PNG asked for later puts a ready
 * one back), the most urgent first. A claim names its worker.
 */
export const PACK_JOBS = defineJobTable({
  table: 'print_packs',
  pending: (eb) =>
    eb.exists(
      eb
        .selectFrom('print_pack_files')
        .select('print_pack_files.id')
        .whereRef('print_pack_files.pack_id', '=', 'print_packs.id')
        .where('print_pack_files.status', 'in', ACTIVE_JOB_STATUSES),
    ),
  order: [{ column: 'priority', desc: true }, { column: 'id' }],
  namesWorker: true,
});

/**
 * Claims the most urgent generation that has a file to make (of at least `minPriority`), until `until`, for
 * `worker`: one whose claim lapsed (its worker died) is due again.
 */
export async function claimDuePack(
  db: Kysely<Database>,
  options: { now: Date; until: Date; worker: string; minPriority?: number },
): Promise<PackRow | undefined> {
  const { minPriority } = options;
  const [pack] = await claimDueJobs(db, PACK_JOBS, {
    ...options,
    limit: 1,
    where: minPriority === undefined ? undefined : (eb) => eb('priority', '>=', minPriority),
  });
  return pack;
}

export async function setPackStatus(db: Db, packId: number, status: JobStatus, now: Date): Promise<void> {
  await db
    .updateTable('print_packs')
    .set({ status, ...(status === 'ready' || status === 'failed' ? { finished_at: iso(now) } : {}) })
    .where('id', '=', packId)
    .execute();
}

export async function updatePackFile(
  db: Db,
  fileId: number,
  changes: Partial<Pick<PackFileRow, 'status' | 'file_key' | 'width' | 'height' | 'error' | 'crop'>> & {
    size?: number;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('print_pack_files')
    .set({ ...changes, updated_at: iso(now) })
    .where('id', '=', fileId)
    .execute();
}

/** What the pack needs of an artwork (read here rather than through the artworks module, which queues packs). */
export function findPackArtwork(db: Db, artworkId: number) {
  return db
    .selectFrom('artworks')
    .select([
      'id',
      'title',
      'private_file_key',
      'print_ratios',
      'print_crops',
      'master_width',
      'master_height',
      'pin_image_url',
    ])
    .where('id', '=', artworkId)
    .executeTakeFirst();
}

/**
 * Notes the master's upright size on the artwork, if that master is still the artwork's; true when that changed
 * it (the artwork's public answer shows the print sizes that follow from it, and the frames it is listed under).
 */
export async function setMasterSize(
  db: Db,
  events: EventBus,
  change: { artworkId: number; masterKey: string; size: { width: number; height: number } },
): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => setMasterSize(trx, events, change));
  const { artworkId, masterKey, size } = change;
  const result = await db
    .updateTable('artworks')
    .set({ master_width: size.width, master_height: size.height })
    .where('id', '=', artworkId)
    .where('private_file_key', '=', masterKey)
    .where((eb) =>
      eb.or([
        eb('master_width', 'is', null),
        eb('master_height', 'is', null),
        eb('master_width', '!=', size.width),
        eb('master_height', '!=', size.height),
      ]),
    )
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) await events.emit(db as Transaction<Database>, { type: 'artwork.prints-changed', artworkId });
  return changed;
}
