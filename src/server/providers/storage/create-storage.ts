import path from 'node:path';
import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { StorageProvider } from './storage-provider';

export interface Storages {
  /** Previews, renditions and media: served to everyone. */
  publicStore: StorageProvider;
  /** Full-resolution files: never under a public URL. */
  privateStore: StorageProvider;
  /** The origin public files come from when it is not our own (for the content security policy). */
  publicOrigin?: string;
}

export function createStorages(config: Config): Storages {
  const s3 = config.s3;
  if (!s3) {
    const publicStore = new LocalStorage(path.join(config.dataDir, 'files'));
    return { publicStore, privateStore: new LocalStorage(path.join(config.dataDir, 'private')) };
  }
  const common = {
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: s3.forcePathStyle,
    publicBaseUrl: s3.publicUrl,
  };
  return {
    publicStore: new S3Storage({ ...common, prefix: '', cacheControl: 'public, max-age=31536000, immutable' }),
    privateStore: new S3Storage({ ...common, prefix: 'private/' }),
    publicOrigin: new URL(s3.publicUrl).origin,
  };
}
