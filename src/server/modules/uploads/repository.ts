import type { Kysely, Selectable } from 'kysely';
import type { ImageRendition } from '#shared/catalogue/artwork-schema.ts';
import type { UploadKind } from '#shared/catalogue/artwork-write.ts';
import type { Database, UploadsTable } from '../../db/schema';

export interface UploadRecord {
  key: string;
  kind: UploadKind;
  url: string | null;
  originalName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  images: ImageRendition[];
}

/**
 * Records the files of one upload request together, in one multi-row insert: one statement is one transaction on
 * both engines, so either every file of the request is recorded or none is.
 */
export async function insertUploads(db: Kysely<Database>, uploads: readonly UploadRecord[]): Promise<void> {
  if (uploads.length === 0) return;
  const createdAt = new Date().toISOString();
  await db
    .insertInto('uploads')
    .values(
      uploads.map((upload) => ({
        key: upload.key,
        kind: upload.kind,
        url: upload.url,
        original_name: upload.originalName,
        content_type: upload.contentType,
        size: upload.size,
        width: upload.width,
        height: upload.height,
        images: JSON.stringify(upload.images),
        created_at: createdAt,
      })),
    )
    .execute();
}

function toRecord(row: Selectable<UploadsTable>): UploadRecord {
  return {
    key: row.key,
    kind: row.kind,
    url: row.url,
    originalName: row.original_name,
    contentType: row.content_type,
    size: Number(row.size),
    width: row.width,
    height: row.height,
    images: JSON.parse(row.images) as ImageRendition[],
  };
}

export async function findUploadsByUrl(db: Kysely<Database>, urls: string[]): Promise<UploadRecord[]> {
  if (urls.length === 0) return [];
  const rows = await db.selectFrom('uploads').selectAll().where('url', 'in', urls).execute();
  return rows.map(toRecord);
}

export async function findUploadByKey(db: Kysely<Database>, key: string): Promise<UploadRecord | undefined> {
  const row = await db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}
