import path from 'node:path';
import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { LocalLinkSigner, type SecretSource } from './signed-local-link';
import type { StorageProvider } from './storage-provider';

/** Where the app serves files kept on local disk (an S3 bucket serves its own), said where the routes are wired. */
export interface LocalFileRoutes {
  /** The URL path of the public files, to everyone. */
  publicPath: string;
  /** The URL path of the route that serves private files through signed links. */
  signedPath: string;
  /** What those links are signed with: the same for every instance of the store. */
  secret: SecretSource;
}

export interface Storages {
  /** Previews, renditions and media: served to everyone. */
  publicStore: StorageProvider;
  /** Full-resolution files: never under a public URL. */
  privateStore: StorageProvider;
  /** The origin public files come from when it is not our own (for the content security policy). */
  publicOrigin?: string;
  /** On local disk: the folders the app serves itself, and the signer of the private files' links. */
  local?: { publicRoot: string; privateRoot: string; signer: LocalLinkSigner };
}

/** Where the private store's objects live in the bucket the public store shares. */
const PRIVATE_PREFIX = 'private/';

export function createStorages(config: Config, routes: LocalFileRoutes): Storages {
  const s3 = config.s3;
  if (!s3) {
    const local = {
      publicRoot: path.join(config.dataDir, 'files'),
      privateRoot: path.join(config.dataDir, 'private'),
      signer: new LocalLinkSigner(routes.secret, routes.signedPath),
    };
    return {
      publicStore: new LocalStorage(local.publicRoot, { publicPath: routes.publicPath }),
      privateStore: new LocalStorage(local.privateRoot, { signer: local.signer }),
      local,
    };
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
    publicStore: new S3Storage({
      ...common,
      prefix: '',
      cacheControl: 'public, max-age=31536000, immutable',
      otherPrefixes: [PRIVATE_PREFIX],
    }),
    privateStore: new S3Storage({ ...common, prefix: PRIVATE_PREFIX }),
    publicOrigin: new URL(s3.publicUrl).origin,
  };
}
