import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { UPLOAD_LIMITS, type UploadKind } from '#shared/catalogue/artwork-write.ts';
import type { UploadedFile } from '#shared/catalogue/artwork-write-schema.ts';
import type { Database } from '../../db/schema';
import { FileRejectedError, FileTooLargeError } from '../../errors';
import { checkFileIsWhole } from './file-integrity';
import { ACCEPTED_DESCRIPTION, detectAcceptedType } from './file-kinds';
import { processImage } from './image-pipeline';
import { discardStoredObjects, storeNamed, type Stores } from './discard-stored-objects';
import { type FileOnDisk, prepareMaster } from './prepare-master';
import { type PreparedFile, rejectedAs } from './prepared-file';
import { insertUploads, type UploadRecord } from './repository';
import { fileTooLarge, streamToFile, type UploadStream } from './stream-to-file';
import type { StoreName, StoredObject } from './stored-file-cleanup-repository';

const FOLDER: Record<UploadKind, string> = { preview: 'previews', media: 'media', private: 'originals' };

/** `{timestamp-random}`: never the uploader's file name, which may say more than it should and may collide. */
function generatedName(): string {
  return `${Date.now()}-${randomBytes(6).toString('hex')}`;
}

/** A preview or media file, read into memory: they are small (10 and 100 MB at most) and re-encoded from there. */
interface FileInMemory {
  name: string;
  bytes: Buffer;
}

/** A file part of a multipart request, as @fastify/multipart hands it over. */
interface FilePart {
  filename: string;
  file: UploadStream;
  toBuffer(): Promise<Buffer>;
}

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

/** Checks and processes one preview or media file without storing anything. */
async function prepareOne(deps: UploadDeps, kind: UploadKind, file: FileInMemory): Promise<PreparedFile> {
  const type = await detectAcceptedType(kind, file.bytes);
  if (!type) {
    throw new FileRejectedError(`${file.name} is not an accepted file: ${ACCEPTED_DESCRIPTION[kind]} only.`, {
      file: [file.name],
    });
  }
  const base = `${FOLDER[kind]}/${generatedName()}`;
  const store: StoreName = 'public';
  const key = `${base}.${type.ext}`;
  const record: UploadRecord = {
    key,
    kind,
    url: deps.publicStore.publicUrl(key),
    originalName: file.name.slice(0, 200),
    contentType: type.mime,
    size: file.bytes.length,
    width: null,
    height: null,
    images: [],
  };

  if (type.family === 'image') {
    const image = await rejectedAs(file.name, () => processImage(file.bytes, type.mime));
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
  // Videos are kept exactly as uploaded, so they must hold together: nothing else would notice one cut short.
  await rejectedAs(file.name, () => checkFileIsWhole(type.mime, file.bytes));
  return { store, objects: [{ key, body: file.bytes, contentType: type.mime }], record, type: type.family };
}

/**
 * Puts every object of every file, one after the other, noting each key in `attempted` before its put is sent: a
 * put that failed may still have written its object (S3 stored it, the answer was lost), and deleting a key that
 * was never written is harmless. A master goes from its file on disk, as a stream.
 */
async function putObjects(deps: UploadDeps, files: readonly PreparedFile[], attempted: StoredObject[]): Promise<void> {
  for (const file of files) {
    const store = storeNamed(deps, file.store);
    for (const object of file.objects) {
      attempted.push({ store: file.store, key: object.key });
      if ('body' in object) await store.put(object.key, object.body, object.contentType);
      else await store.putFile(object.key, object.file, object.contentType);
    }
  }
}

const tooManyFiles = (maxFiles: number) =>
  new FileRejectedError(`Maximum ${maxFiles} files allowed. Please remove some files first.`);

/** One file part read: a private file streamed into `tempDir` (up to its cap), any other into memory. */
async function readPart(kind: UploadKind, part: FilePart, index: number, tempDir: string | null) {
  const name = part.filename || 'file';
  if (!tempDir) return { name, bytes: await part.toBuffer() };
  const file = path.join(tempDir, `${index}`);
  return { name, path: file, size: await streamToFile(part.file, file, UPLOAD_LIMITS[kind].maxBytes) };
}

/** Reads every file of the request, turning the multipart reader's limit errors into the owner's words. */
async function readFiles(
  kind: UploadKind,
  parts: AsyncIterable<FilePart>,
  tempDir: string | null,
): Promise<Array<FileInMemory | FileOnDisk>> {
  const { maxBytes, maxFiles } = UPLOAD_LIMITS[kind];
  const files: Array<FileInMemory | FileOnDisk> = [];
  try {
    for await (const part of parts) {
      // One more file than allowed is read (routes.ts), so that "too many" is told apart from "just enough"; it is
      // not written anywhere.
      if (files.length === maxFiles) {
        part.file.resume();
        files.push({ name: part.filename, bytes: Buffer.alloc(0) });
        continue;
      }
      files.push(await readPart(kind, part, files.length, tempDir));
    }
  } catch (error) {
    // A master over its cap, stopped while it streamed to disk (stream-to-file.ts): already the owner's words.
    if (error instanceof FileTooLargeError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
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
 *
 * A private file (a master of up to 300 MB) is never held in memory: it is streamed to a folder of its own under
 * the system's temporary folder, checked and stored from there, and the folder is removed whatever happens.
 */
export async function storeUploads(
  deps: UploadDeps,
  kind: UploadKind,
  parts: AsyncIterable<FilePart>,
): Promise<UploadedFile[]> {
  const tempDir = kind === 'private' ? await fs.mkdtemp(path.join(os.tmpdir(), 'store-upload-')) : null;
  try {
    const files = await readFiles(kind, parts, tempDir);
    const prepared: PreparedFile[] = [];
    for (const file of files) {
      prepared.push(
        'path' in file
          ? await prepareMaster(file, `${FOLDER[kind]}/${generatedName()}`)
          : await prepareOne(deps, kind, file),
      );
    }
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
  } finally {
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  }
}
