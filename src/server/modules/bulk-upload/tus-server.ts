import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { S3Store } from '@tus/s3-store';
import { Server, type DataStore, type Upload } from '@tus/server';
import type { Kysely } from 'kysely';
import { BULK_UPLOAD_TUS_PATH, MAX_FILES_PER_BATCH } from '#shared/catalogue/bulk-upload.ts';
import { UPLOAD_LIMITS } from '#shared/catalogue/artwork-write.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { lazyPackage } from '../../lazy-package';
import { PICTURE_MASTERS_DESCRIPTION, pictureMasterTypeOf } from '../uploads';
import { DatabaseLocker } from './database-locker';
import { readFirstBytes } from './upload-bytes';
import { addFileToBatch, failFile, findBatchPrice, queueFile } from './repository';

/** tus's S3 store (and the S3 SDK under it) is loaded for a store on S3 only (lazy-package.ts says why). */
const loadS3Store = lazyPackage<{ S3Store: typeof S3Store }>('@tus/s3-store');

/** An upload not finished a week after it began is dropped (tus's expiry): a batch is sent in hours, not weeks. */
const EXPIRY_MS = 7 * 24 * 60 * 60_000;
/** S3 multipart parts: large enough for 200 parts to hold the largest master, small enough to resume cheaply. */
const S3_PART_BYTES = 8 * 1024 * 1024;
/** Enough of a file to tell its type by (file-type reads at most this far for the picture types). */
const SNIFF_BYTES = 4_100;

/** An error tus answers with its status and body (tus reads both off what is thrown), in the owner's words. */
export class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}
const refusal = (status: number, body: string) => new TusRefusal(status, body);

/**
 * Where the parts of uploads in progress are kept: on S3 when the store keeps its files there (multipart uploads
 * under the private prefix, so a half-sent master is never public), else under DATA_DIR/bulk-uploads, which every
 * instance on the host shares.
 */
export function createTusDataStore(config: Config): { datastore: DataStore; keyPrefix: string } {
  const s3 = config.s3;
  if (!s3) {
    const directory = path.join(config.dataDir, 'bulk-uploads');
    return { datastore: new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRY_MS }), keyPrefix: '' };
  }
  const datastore = new (loadS3Store().S3Store)({
    partSize: S3_PART_BYTES,
    expirationPeriodInMilliseconds: EXPIRY_MS,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        s3.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
    },
  });
  return { datastore, keyPrefix: 'private/bulk-uploads/' };
}

export interface TusServerDeps {
  db: Kysely<Database>;
  datastore: DataStore;
  /** S3 keeps an upload's parts under this key prefix; on disk the prefix is empty. */
  keyPrefix: string;
  /** A file is whole: its draft is due. */
  nudge: () => void;
}

/** The file's name as the client gave it: Uppy sends `name`, other tus clients `filename`. */
const fileNameOf = (upload: Upload) => (upload.metadata?.name ?? upload.metadata?.filename ?? '').trim();

const encodeId = (id: string) => Buffer.from(id).toString('base64url');
const decodeId = (segment: string) => Buffer.from(segment, 'base64url').toString();

/**
 * The tus endpoint for masters: uploads are created with the batch's id and the file's name in their metadata,
 * checked (size, batch, 200 files a batch) before anything is stored; once whole, the file's first bytes must be
 * a picture master, and its draft is queued for the background worker. The upload's address carries its id
 * encoded, so an S3 key with its prefix travels in one path segment.
 */
export function createTusServer(deps: TusServerDeps): Server {
  const { db, datastore } = deps;
  return new Server({
    path: BULK_UPLOAD_TUS_PATH,
    datastore,
    locker: new DatabaseLocker(db),
    relativeLocation: true,
    maxSize: UPLOAD_LIMITS.private.maxBytes,
    namingFunction: () => `${deps.keyPrefix}${crypto.randomUUID().replaceAll('-', '')}`,
    generateUrl: (_req, { path: base, id }) => `${base}/${encodeId(id)}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath ? decodeId(lastPath) : undefined),
    onUploadCreate: async (_req, upload: Upload) => {
      const batchId = upload.metadata?.batchId ?? '';
      const fileName = fileNameOf(upload);
      if (!fileName) throw refusal(400, 'filename: every file needs its name in the upload metadata.');
      if (upload.size === undefined) throw refusal(400, 'Upload-Length: send each file with its size.');
      if (!/^[a-f0-9]{24}$/.test(batchId) || !(await findBatchPrice(db, batchId)))
        throw refusal(400, 'batchId: start a batch first; this one is unknown.');
      const taken = await addFileToBatch(db, { uploadId: upload.id, batchId, fileName, size: upload.size });
      if (!taken) throw refusal(413, `files: a batch takes at most ${MAX_FILES_PER_BATCH} files; start another.`);
      return {};
    },
    onUploadFinish: async (_req, upload: Upload) => {
      const type = await pictureMasterTypeOf(await readFirstBytes(datastore, upload.id, SNIFF_BYTES));
      if (!type) {
        const name = fileNameOf(upload) || 'The file';
        const message = `${name} is not an accepted file: ${PICTURE_MASTERS_DESCRIPTION} only.`;
        await failFile(db, upload.id, message);
        await datastore.remove(upload.id).catch(() => undefined);
        throw refusal(415, message);
      }
      await queueFile(db, upload.id);
      deps.nudge();
      return {};
    },
  });
}
