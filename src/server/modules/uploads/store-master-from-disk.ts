import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FileRejectedError } from '../../errors';
import { discardStoredObjects, storeNamed, type Stores } from './discard-stored-objects';
import { detectAcceptedType } from './file-kinds';
import { renditionWidths } from '../../operations/children/rendition-widths';
import { RENDITION_WIDTHS } from './image-pipeline';
import { type FileOnDisk, prepareMaster } from './prepare-master';
import type { PreparedFile } from './prepared-file';
import { insertUploads, type UploadRecord } from './repository';
import type { StoredObject } from './stored-file-cleanup-repository';

export type { FileOnDisk } from './prepare-master';

/** The picture a master's draft shows: made from the master, as wide as the largest rendition the shop serves. */
const PREVIEW_EDGE = 1600;
/** The master types a bulk upload takes: pictures only, since each one must show as a draft's picture. */
const PICTURE_MASTERS = ['image/png', 'image/jpeg', 'image/tiff'];
export const PICTURE_MASTERS_DESCRIPTION = 'PNG, JPEG or TIFF masters';

interface StoreMasterDeps extends Stores {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

const generatedName = () => `${Date.now()}-${randomBytes(6).toString('hex')}`;

/**
 * Whether the first bytes of a file (a few KB are enough) are a picture master a bulk upload takes; undefined
 * when they are not. Decided by the bytes, never the name.
 */
export async function pictureMasterTypeOf(firstBytes: Buffer): Promise<string | undefined> {
  const type = await detectAcceptedType('private', firstBytes);
  return type && PICTURE_MASTERS.includes(type.mime) ? type.mime : undefined;
}

/**
 * The public preview of a master (`drawn`) and its renditions beside it, as the decode check's child drew them (at
 * background priority: the store's own process draws nothing, and keeps none of what libvips would take). Only
 * their headers are read here; they are stored from disk.
 */
async function previewOf(deps: Stores, master: FileOnDisk, drawn: string): Promise<PreparedFile> {
  const sizeOf = async (file: string) => {
    const { width, height } = await sharp(file).metadata();
    return { width, height, size: (await fs.stat(file)).size };
  };
  const preview = await sizeOf(drawn);
  const base = `previews/${generatedName()}`;
  const key = `${base}.jpg`;
  const renditions = await Promise.all(
    renditionWidths(RENDITION_WIDTHS, preview.width).map(async (width) => {
      const file = `${drawn}-${width}.webp`;
      return { ...(await sizeOf(file)), file, key: `${base}-${width}.webp` };
    }),
  );
  return {
    store: 'public',
    type: 'image',
    objects: [
      { key, file: drawn, contentType: 'image/jpeg' },
      ...renditions.map((r) => ({ key: r.key, file: r.file, contentType: 'image/webp' })),
    ],
    record: {
      key,
      kind: 'preview',
      url: deps.publicStore.publicUrl(key),
      originalName: master.name.slice(0, 200),
      contentType: 'image/jpeg',
      size: preview.size,
      width: preview.width,
      height: preview.height,
      images: renditions.map((r) => ({ url: deps.publicStore.publicUrl(r.key), width: r.width, height: r.height })),
    },
  };
}

/**
 * Checks a picture master lying on disk exactly as the owner's master upload does (prepare-master.ts: type from the
 * bytes, name agreeing, 120 MP at most, decoded whole, large enough to print), stores it privately from there as a
 * stream, and stores the preview drawn from it; both are recorded as uploads, so the artworks module takes them as
 * any other. All or nothing: what was put is taken back when a later step fails. A refusal is a FileRejectedError
 * in the owner's words.
 */
export async function storeMasterFromDisk(
  deps: StoreMasterDeps,
  master: FileOnDisk,
): Promise<{ master: UploadRecord; preview: UploadRecord }> {
  // The decode check draws the preview as it reads the master; a PDF or a ZIP is refused below, undecoded.
  const folder = await fs.mkdtemp(`${master.path}.preview-`);
  try {
    return await storeWithPreview(deps, master, path.join(folder, 'preview.jpg'));
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

async function storeWithPreview(deps: StoreMasterDeps, master: FileOnDisk, drawn: string) {
  const prepared = await prepareMaster(master, `originals/${generatedName()}`, {
    preview: { file: drawn, edge: PREVIEW_EDGE, widths: RENDITION_WIDTHS },
    background: true,
  });
  if (!PICTURE_MASTERS.includes(prepared.record.contentType)) {
    throw new FileRejectedError(`${master.name}: a bulk upload takes ${PICTURE_MASTERS_DESCRIPTION} only.`, {
      file: [master.name],
    });
  }
  const preview = await previewOf(deps, master, drawn);
  const attempted: StoredObject[] = [];
  try {
    for (const file of [prepared, preview]) {
      const store = storeNamed(deps, file.store);
      for (const object of file.objects) {
        attempted.push({ store: file.store, key: object.key });
        if ('body' in object) await store.put(object.key, object.body, object.contentType);
        else await store.putFile(object.key, object.file, object.contentType);
      }
    }
    await insertUploads(deps.db, [prepared.record, preview.record]);
  } catch (error) {
    await discardStoredObjects(deps, attempted);
    throw error;
  }
  return { master: prepared.record, preview: preview.record };
}
