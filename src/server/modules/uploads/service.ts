import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { UPLOAD_LIMITS, type UploadKind } from '#shared/artwork-write.ts';
import type { UploadedFile } from '#shared/artwork-write-schema.ts';
import type { Database } from '../../db/schema';
import { FileRejectedError, FileTooLargeError } from '../../errors';
import { checkFileIsWhole, FileDamagedError } from './file-integrity';
import { ACCEPTED_DESCRIPTION, detectAcceptedType } from './file-kinds';
import { checkImageIsWhole, ImageRejectedError, processImage } from './image-pipeline';
import { discardStoredObjects, storeNamed, type Stores } from './discard-stored-objects';
import { insertUploads, type UploadRecord } from './repository';
import type { StoreName, StoredObject } from './stored-file-cleanup-repository';

const FOLDER: Record<UploadKind, string> = { preview: 'previews', media: 'media', private: 'originals' };

/** `{timestamp-random}`: never the uploader's file name, which may say more than it should and may collide. */
function generatedName(): string {
  return `${Date.now()}-${randomBytes(6).toString('hex')}`;
}

interface IncomingFile {
  name: string;
  bytes: Buffer;
}

/** A file part of a multipart request, as @fastify/multipart hands it over. */
interface FilePart {
  filename: string;
  toBuffer(): Promise<Buffer>;
}

const MB = 1024 * 1024;

interface UploadDeps extends Stores {
  db: Kysely<Database>;
  /** Where a failed upload says which of its files it could not take back (discard-stored-objects.ts). */
  log: FastifyBaseLogger;
}

function toUploadedFile(record: UploadRecord, type: UploadedFile['type']): UploadedFile {
  return {
    url: record.url,
    path: record.key,
    type,
    contentType: record.contentType,
    size: record.size,
    name: record.originalName,
    width: record.width,
    height: record.height,
    images: record.images,
  };
}

/** One object of a file as it goes to the store. */
interface ObjectToPut {
  key: string;
  body: Buffer;
  contentType: string;
}

/**
 * A file checked and processed, nothing of it stored yet: the objects it is made of (its first object is the file
 * itself, the rest its renditions) and the record it gets once they are all stored.
 */
interface PreparedFile {
  store: StoreName;
  objects: ObjectToPut[];
  record: UploadRecord;
  type: UploadedFile['type'];
}

async function rejectUnlessWhole(file: IncomingFile): Promise<void> {
  try {
    await checkImageIsWhole(file.bytes);
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw new FileRejectedError(`${file.name}: ${error.message}`, { file: [file.name] });
    throw error;
  }
}

/** A file kept as uploaded that is not an image (a video, a PDF, a ZIP) must hold together (file-integrity.ts). */
function rejectUnlessStructureHolds(file: IncomingFile, mime: string): void {
  try {
    checkFileIsWhole(mime, file.bytes);
  } catch (error) {
    if (error instanceof FileDamagedError)
      throw new FileRejectedError(`${file.name}: ${error.message}`, { file: [file.name] });
    throw error;
  }
}

/** Checks and processes one file without storing anything. */
async function prepareOne(deps: UploadDeps, kind: UploadKind, file: IncomingFile): Promise<PreparedFile> {
  const type = await detectAcceptedType(kind, file.bytes);
  if (!type) {
    throw new FileRejectedError(`${file.name} is not an accepted file: ${ACCEPTED_DESCRIPTION[kind]} only.`, {
      file: [file.name],
    });
  }
  const base = `${FOLDER[kind]}/${generatedName()}`;
  const store: StoreName = kind === 'private' ? 'private' : 'public';
  const key = `${base}.${type.ext}`;
  const record: UploadRecord = {
    key,
    kind,
    url: kind === 'private' ? null : deps.publicStore.publicUrl(key),
    originalName: file.name.slice(0, 200),
    contentType: type.mime,
    size: file.bytes.length,
    width: null,
    height: null,
    images: [],
  };

  if (type.family === 'image' && kind !== 'private') {
    let image;
    try {
      image = await processImage(file.bytes, type.mime);
    } catch (error) {
      if (error instanceof ImageRejectedError)
        throw new FileRejectedError(`${file.name}: ${error.message}`, { file: [file.name] });
      throw error;
    }
    const renditions = image.renditions.map((rendition) => ({ ...rendition, key: `${base}-${rendition.width}.webp` }));
    Object.assign(record, {
      size: image.original.body.length,
      width: image.width,
      height: image.height,
      images: renditions.map(({ key: renditionKey, width, height }) => ({
        url: deps.publicStore.publicUrl(renditionKey),
        width,
        height,
      })),
    });
    const objects = [
      { key, body: image.original.body, contentType: image.original.contentType },
      ...renditions.map((rendition) => ({ key: rendition.key, body: rendition.body, contentType: 'image/webp' })),
    ];
    return { store, objects, record, type: type.family };
  }
  // Videos and the private full-resolution file are kept exactly as uploaded: a private image must decode whole, and
  // any other file must hold together, as nothing else would notice that it is cut short.
  if (type.mime.startsWith('image/')) await rejectUnlessWhole(file);
  else rejectUnlessStructureHolds(file, type.mime);
  return { store, objects: [{ key, body: file.bytes, contentType: type.mime }], record, type: type.family };
}

/**
 * Puts every object of every file, one after the other, noting each key in `attempted` before its put is sent: a
 * put that failed may still have written its object (S3 stored it, the answer was lost), and deleting a key that
 * was never written is harmless.
 */
async function putObjects(deps: UploadDeps, files: readonly PreparedFile[], attempted: StoredObject[]): Promise<void> {
  for (const file of files) {
    const store = storeNamed(deps, file.store);
    for (const object of file.objects) {
      attempted.push({ store: file.store, key: object.key });
      await store.put(object.key, object.body, object.contentType);
    }
  }
}

const tooManyFiles = (maxFiles: number) =>
  new FileRejectedError(`Maximum ${maxFiles} files allowed. Please remove some files first.`);

/** Reads every file of the request, turning the multipart reader's limit errors into the owner's words. */
async function readFiles(kind: UploadKind, parts: AsyncIterable<FilePart>): Promise<IncomingFile[]> {
  const { maxBytes, maxFiles } = UPLOAD_LIMITS[kind];
  const files: IncomingFile[] = [];
  try {
    for await (const part of parts) files.push({ name: part.filename || 'file', bytes: await part.toBuffer() });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new FileTooLargeError(`File too large: the limit is ${maxBytes / MB} MB per file.`);
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles(maxFiles);
    // The multipart reader's own complaints (a body cut short, a broken part): the upload, not the server, is at fault.
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof Error && (status === undefined || (status >= 400 && status < 500))) {
      throw new FileRejectedError(
        'The upload was cut short or is not well-formed multipart/form-data. Please try again.',
        { files: [error.message] },
      );
    }
    throw error;
  }
  if (files.length === 0) throw new FileRejectedError('No valid files selected. Please drag files from your computer.');
  if (files.length > maxFiles) throw tooManyFiles(maxFiles);
  return files;
}

/**
 * Checks, processes and stores every file of one upload request. Every file is read and checked before any is
 * stored: one damaged file refuses the request as a whole, and leaves nothing of the others behind. Then all the
 * files' objects are put, and only then are they all recorded, in one statement: a storage or database that fails
 * half-way leaves no record, and what was put is taken back (discard-stored-objects.ts) before the
 * error goes on unchanged, so that it is still answered as the part that is down (http/unavailable-part.ts).
 */
export async function storeUploads(
  deps: UploadDeps,
  kind: UploadKind,
  parts: AsyncIterable<FilePart>,
): Promise<UploadedFile[]> {
  const files = await readFiles(kind, parts);
  const prepared: PreparedFile[] = [];
  for (const file of files) prepared.push(await prepareOne(deps, kind, file));
  const attempted: StoredObject[] = [];
  try {
    await putObjects(deps, prepared, attempted);
    await insertUploads(
      deps.db,
      prepared.map((file) => file.record),
    );
  } catch (error) {
    await discardStoredObjects(deps, attempted);
    throw error;
  }
  return prepared.map((file) => toUploadedFile(file.record, file.type));
}
