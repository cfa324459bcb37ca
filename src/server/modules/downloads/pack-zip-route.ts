import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import type { LocalLinkSigner } from '../../providers/storage/signed-local-link';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { findLinkedPack, packZipEntries } from './linked-pack';
import { PACK_ZIP_PATH } from './pack-zip-link';
import { streamZip } from './pack-zip';
import { refuseLink } from './refused-link-answer';

export interface PackZipRouteDeps {
  db: Kysely<Database>;
  privateStore: StorageProvider;
  /** packZipSigner's: made for PACK_ZIP_PATH. */
  signer: LocalLinkSigner;
  storeName: string;
  log: FastifyBaseLogger;
}

/**
 * Streams the print pack a signed ZIP link names (requestPackZip made it after the entitlement check, and counted
 * the download): the link is checked before anything is read, then the ZIP is written while it is sent, with its
 * length up front so browsers show progress. Served by the app whatever the store: from S3 each file is read
 * through this instance in turn.
 */
export function packZipRoutes(deps: PackZipRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      `${PACK_ZIP_PATH}*`,
      // A HEAD would start reading the whole pack from the store for nothing.
      { exposeHeadRoute: false },
      async (request, reply) => {
        const check = await deps.signer.check(request.url.split('?')[0] ?? '', request.query);
        if (check.status !== 'valid') return refuseLink(request, reply, check.status, deps.storeName);
        reply.header('Cache-Control', 'private, no-store');
        const [itemId, packId] = check.link.key.split('/').map(Number);
        const pack = itemId && packId ? await findLinkedPack(deps.db, itemId, packId) : undefined;
        if (!pack) return reply.code(404).send({ error: 'Download not found' });

        const entries = await packZipEntries(deps.db, pack, check.link.name.replace(/\.zip$/, ''));
        const zip = streamZip(deps.privateStore, entries, new Date(pack.finishedAt ?? pack.createdAt));
        zip.stream.on('error', (error) => deps.log.warn({ err: error, pack: pack.packId }, 'print pack ZIP cut short'));
        const length = await zip.length;
        reply.header('Content-Type', 'application/zip');
        reply.header('Content-Disposition', attachmentDisposition(check.link.name));
        if (length >= 0) reply.header('Content-Length', length);
        return reply.send(zip.stream);
      },
    );
  };
}
