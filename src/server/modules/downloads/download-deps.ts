import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { LocalLinkSigner, SecretSource } from '../../providers/storage/signed-local-link';
import type { StorageProvider } from '../../providers/storage/storage-provider';

export interface DownloadDeps {
  db: Kysely<Database>;
  privateStore: StorageProvider;
  config: Config;
  log: FastifyBaseLogger;
  /** Signs the links that stream a print pack as a ZIP (pack-zip-link.ts). */
  zipLinks: LocalLinkSigner;
  /** Signs the links that stream a whole set's packs as one ZIP (set-zip-link.ts). */
  setZipLinks: LocalLinkSigner;
  /** Numbers each bought line's licence certificate (licences/certificate-number.ts). */
  certificateSecret: SecretSource;
}
