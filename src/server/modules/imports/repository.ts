import { sql, type Kysely, type Transaction } from 'kysely';
import type { Listing, RefusedRow, ImportOutcome } from '#shared/imports/import-schema.ts';
import { defineJobTable } from '../../operations/jobs/job-table';
import type { ImportSource } from '../../db/import-tables';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
const iso = (date: Date) => date.toISOString();

export interface ImportBatch {
  id: number;
  source: ImportSource;
  fileName: string;
  listings: Listing[];
  refused: RefusedRow[];
  outcome: ImportOutcome | null;
  confirmed: boolean;
}

export async function insertBatch(
  db: Db,
  batch: { source: ImportSource; fileName: string; listings: Listing[]; refused: RefusedRow[] },
): Promise<number> {
  const { id } = await db
    .insertInto('import_batches')
    .values({
      source: batch.source,
      file_name: batch.fileName,
      listings: JSON.stringify(batch.listings),
      refused: JSON.stringify(batch.refused),
      created_at: iso(new Date()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findBatch(db: Db, id: number): Promise<ImportBatch | undefined> {
  const row = await db.selectFrom('import_batches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    source: row.source,
    fileName: row.file_name,
    listings: JSON.parse(row.listings) as Listing[],
    refused: JSON.parse(row.refused) as RefusedRow[],
    outcome: row.outcome ? (JSON.parse(row.outcome) as ImportOutcome) : null,
    confirmed: row.confirmed_at !== null,
  };
}

/** Marks the batch confirmed once: answers false when another confirmation got there first. */
export async function claimConfirmation(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('import_batches')
    .set({ confirmed_at: iso(new Date()) })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function saveOutcome(db: Db, id: number, outcome: ImportOutcome): Promise<void> {
  await db
    .updateTable('import_batches')
    .set({ outcome: JSON.stringify(outcome) })
    .where('id', '=', id)
    .execute();
}

/** Which of these keys were imported before. */
export async function importedKeys(db: Db, source: ImportSource, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Chunked: a long IN list is fine on both engines, but SQLite caps a statement's parameters.
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom('import_keys')
      .select('listing_key')
      .where('source', '=', source)
      .where('listing_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.listing_key);
  }
  return found;
}

/** Records the listing's key; false when it was taken (the same listing imported at the same moment). */
export async function recordKey(
  trx: Transaction<Database>,
  key: { source: ImportSource; listingKey: string; artworkId: number; batchId: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('import_keys')
    .values({
      source: key.source,
      listing_key: key.listingKey,
      artwork_id: key.artworkId,
      batch_id: key.batchId,
      created_at: iso(new Date()),
    })
    .onConflict((oc) => oc.columns(['source', 'listing_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * A draft waiting for its listing: one with the listing's SKU, or whose master (from a bulk upload) was named
 * after the SKU ("SUNSET-01.tif" for SKU SUNSET-01).
 */
export async function findDraftForSku(db: Db, sku: string) {
  return db
    .selectFrom('artworks')
    .select(['id', 'image_url'])
    .where('status', '=', 'draft')
    .where((eb) =>
      eb.or([
        eb('sku', '=', sku),
        eb('master_file_name', '=', sku),
        sql<boolean>`lower(master_file_name) like ${`${escapeLike(sku.toLowerCase())}.%`} escape '\\'`,
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Drafts a bulk upload made that no listing has filled yet: named after a master's file, without a SKU, and not the
 * artwork of any import key.
 */
export async function draftsWaitingForListings(db: Db) {
  return db
    .selectFrom('artworks')
    .select(['id', 'image_url', 'master_file_name'])
    .where('status', '=', 'draft')
    .where('master_file_name', 'is not', null)
    .where('sku', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('import_keys').select('artwork_id').whereRef('import_keys.artwork_id', '=', 'artworks.id'),
        ),
      ),
    )
    .execute();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const IMPORT_PICTURE_JOBS = defineJobTable({
  table: 'import_picture_jobs',
  pending: (eb) => eb('status', '=', 'waiting'),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  namesWorker: true,
});

export async function queuePictureJob(
  trx: Transaction<Database>,
  job: { batchId: number; artworkId: number; row: number; urls: string[] },
): Promise<void> {
  const now = iso(new Date());
  await trx
    .insertInto('import_picture_jobs')
    .values({
      batch_id: job.batchId,
      artwork_id: job.artworkId,
      row_number: job.row,
      urls: JSON.stringify(job.urls),
      status: 'waiting',
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

export async function pictureJobsOf(db: Db, batchId: number) {
  return db
    .selectFrom('import_picture_jobs')
    .select(['artwork_id', 'row_number', 'status', 'last_error'])
    .where('batch_id', '=', batchId)
    .orderBy('row_number')
    .execute();
}
