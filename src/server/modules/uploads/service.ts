import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { UPLOAD_LIMITS, type UploadKind } from '../../../shared/artwork-write';
import type { UploadedFile } from '../../../shared/artwork-write-schema';
import type { Database } from '../../db/schema';
import { FileRejectedError, FileTooLargeError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { ACCEPTED_DESCRIPTION, detectAcceptedType } from './file-kinds';
import { ImageRejectedError, processImage } from './image-pipeline';
import { insertUpload, type UploadRecord } from './repository';

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

interface UploadDeps {
  db: Kysely<Database>;
  publicStore: StorageProvider;
  privateStore: StorageProvider;
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

/** Checks and processes one file without storing anything; what it returns stores it. */
async function prepareOne(deps: UploadDeps, kind: UploadKind, file: IncomingFile): Promise<() => Promise<UploadedFile>> {
  const type = await detectAcceptedType(kind, file.bytes);
  if (!type) {
    throw new FileRejectedError(`${file.name} is not an accepted file: ${ACCEPTED_DESCRIPTION[kind]} only.`, { file: [file.name] });
  }
  const base = `${FOLDER[kind]}/${generatedName()}`;
  const store = kind === 'private' ? deps.privateStore : deps.publicStore;
  const publicUrl = (key: string) => (kind === 'private' ? null : deps.publicStore.publicUrl(key));
  const record: UploadRecord = {
    key: `${base}.${type.ext}`,
    kind,
    url: null,
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
      if (error instanceof ImageRejectedError) throw new FileRejectedError(`${file.name}: ${error.message}`, { file: [file.name] });
      throw error;
    }
    const processed = image;
    return async () => {
      await store.put(record.key, processed.original.body, processed.original.contentType);
      for (const rendition of processed.renditions) {
        const key = `${base}-${rendition.width}.webp`;
        await store.put(key, rendition.body, 'image/webp');
        record.images.push({ url: deps.publicStore.publicUrl(key), width: rendition.width, height: rendition.height });
      }
      Object.assign(record, { size: processed.original.body.length, width: processed.width, height: processed.height, url: publicUrl(record.key) });
      await insertUpload(deps.db, record);
      return toUploadedFile(record, type.family);
    };
  }
  return async () => {
    // Videos and the private full-resolution file are kept exactly as uploaded.
    await store.put(record.key, file.bytes, type.mime);
    record.url = publicUrl(record.key);
    await insertUpload(deps.db, record);
    return toUploadedFile(record, type.family);
  };
}

const tooManyFiles = (maxFiles: number) => new FileRejectedError(`Maximum ${maxFiles} files allowed. Please remove some files first.`);

/** Reads every file of the request, turning the multipart reader's limit errors into the owner's words. */
async function readFiles(kind: UploadKind, parts: AsyncIterable<FilePart>): Promise<IncomingFile[]> {
  const { maxBytes, maxFiles } = UPLOAD_LIMITS[kind];
  const files: IncomingFile[] = [];
  try {
    for await (const part of parts) files.push({ name: part.filename || 'file', bytes: await part.toBuffer() });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLargeError(`File too large: the limit is ${maxBytes / MB} MB per file.`);
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles(maxFiles);
    // The multipart reader's own complaints (a body cut short, a broken part): the upload, not the server, is at fault.
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof Error && (status === undefined || (status >= 400 && status < 500))) {
      throw new FileRejectedError('The upload was cut short or is not well-formed multipart/form-data. Please try again.', { files: [error.message] });
    }
    throw error;
  }
  if (files.length === 0) throw new FileRejectedError('No valid files selected. Please drag files from your computer.');
  if (files.length > maxFiles) throw tooManyFiles(maxFiles);
  return files;
}

/**
 * Checks, processes and stores every file of one upload request. Every file is read and checked before any is
 * stored: one damaged file refuses the request as a whole, and leaves nothing of the others behind.
 */
export async function storeUploads(deps: UploadDeps, kind: UploadKind, parts: AsyncIterable<FilePart>): Promise<UploadedFile[]> {
  const files = await readFiles(kind, parts);
  const commits = [];
  for (const file of files) commits.push(await prepareOne(deps, kind, file));
  const stored: UploadedFile[] = [];
  for (const commit of commits) stored.push(await commit());
  return stored;
}
