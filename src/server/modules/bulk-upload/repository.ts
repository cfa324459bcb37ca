import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAX_FILES_PER_BATCH } from '#shared/catalogue/bulk-upload.ts';
import type { BulkBatch } from '#shared/catalogue/bulk-upload-schema.ts';
import { fromCents, toCents } from '#shared/money/money.ts';
import type { CategoryId } from '#shared/catalogue/categories.ts';
import type { Database } from '../../db/schema';
import { defineJobTable } from '../../operations/jobs/job-table';

/** The files whose draft is still to be made, oldest first: one job each, claimed by any instance. */
export const BULK_FILE_JOBS = defineJobTable({
  table: 'bulk_upload_files',
  pending: (eb) => eb('status', 'in', ['queued', 'making']),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  onClaim: { status: 'making' },
  namesWorker: true,
});

export async function createBatch(db: Kysely<Database>, price: number | undefined): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await db
    .insertInto('bulk_batches')
    .values({ id, price_cents: price === undefined ? null : toCents(price), created_at: new Date().toISOString() })
    .execute();
  return id;
}

export async function findBatchPrice(db: Kysely<Database>, batchId: string) {
  return db.selectFrom('bulk_batches').select('price_cents').where('id', '=', batchId).executeTakeFirst();
}

/**
 * Records a new upload in its batch, unless the batch already has MAX_FILES_PER_BATCH: the row goes in first and
 * is counted after, so that uploads created at once on several instances cannot together pass the limit (the ones
 * past it are taken out again). Answers whether it was taken.
 */
export async function addFileToBatch(
  db: Kysely<Database>,
  file: { uploadId: string; batchId: string; fileName: string; size: number },
): Promise<boolean> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('bulk_upload_files')
    .values({
      upload_id: file.uploadId,
      batch_id: file.batchId,
      file_name: file.fileName.slice(0, 255),
      size: file.size,
      status: 'uploading',
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { before } = await db
    .selectFrom('bulk_upload_files')
    .select((eb) => eb.fn.countAll<number | string>().as('before'))
    .where('batch_id', '=', file.batchId)
    .where('id', '<', id)
    .executeTakeFirstOrThrow();
  if (Number(before) < MAX_FILES_PER_BATCH) return true;
  await db.deleteFrom('bulk_upload_files').where('id', '=', id).execute();
  return false;
}

/** The file is whole: its draft is due now. */
export async function queueFile(db: Kysely<Database>, uploadId: string): Promise<void> {
  await db
    .updateTable('bulk_upload_files')
    .set({ status: 'queued', next_attempt_at: new Date().toISOString() })
    .where('upload_id', '=', uploadId)
    .where('status', '=', 'uploading')
    .execute();
}

export async function failFile(db: Kysely<Database>, uploadId: string, error: string): Promise<void> {
  await db
    .updateTable('bulk_upload_files')
    .set({ status: 'failed', error: error.slice(0, 1000) })
    .where('upload_id', '=', uploadId)
    .execute();
}

export async function fileDrafted(db: Kysely<Database>, id: number, artworkId: number): Promise<void> {
  await db
    .updateTable('bulk_upload_files')
    .set({ status: 'drafted', artwork_id: artworkId })
    .where('id', '=', id)
    .execute();
}

/** The batch with each file's state and, once made, its draft as the review grid shows it; undefined: no batch. */
export async function readBatch(db: Kysely<Database>, batchId: string): Promise<BulkBatch | undefined> {
  const batch = await db.selectFrom('bulk_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  if (!batch) return undefined;
  const rows = await db
    .selectFrom('bulk_upload_files as f')
    .leftJoin('artworks as a', 'a.id', 'f.artwork_id')
    .select([
      'f.upload_id',
      'f.file_name',
      'f.size',
      'f.status',
      'f.error',
      'a.id as artwork_id',
      'a.title',
      'a.price_cents',
      'a.category',
      'a.tags',
      'a.status as artwork_status',
      'a.preview_url',
    ])
    .where('f.batch_id', '=', batchId)
    .orderBy('f.id')
    .execute();
  return {
    id: batch.id,
    price: batch.price_cents === null ? null : fromCents(batch.price_cents),
    files: rows.map((row) => ({
      uploadId: row.upload_id,
      fileName: row.file_name,
      size: Number(row.size),
      status: row.status,
      error: row.error,
      draft:
        row.artwork_id === null
          ? null
          : {
              id: row.artwork_id,
              title: row.title!,
              price: fromCents(row.price_cents!),
              category: row.category as CategoryId,
              tags: JSON.parse(row.tags ?? '[]') as string[],
              status: row.artwork_status!,
              thumbnailUrl: row.preview_url,
            },
    })),
  };
}
