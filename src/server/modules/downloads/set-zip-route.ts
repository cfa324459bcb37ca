import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { safeFileBaseName } from '../../file-names';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import type { LocalLinkSigner } from '../../providers/storage/signed-local-link';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { findLinkedPack, packZipEntries, type LinkedPack } from './linked-pack';
import { packZipName } from './pack-zip-link';
import { streamZip, type ZipEntry, type ZipText } from './pack-zip';
import { refuseLink } from './refused-link-answer';
import { SET_ZIP_PATH } from './set-zip-link';

export interface SetZipRouteDeps {
  db: Kysely<Database>;
  privateStore: StorageProvider;
  /** setZipSigner's: made for SET_ZIP_PATH. */
  signer: LocalLinkSigner;
  storeName: string;
  log: FastifyBaseLogger;
}

/** `<itemId>-<packId>/…` as requestSetZip signed it; null for anything else. */
function piecesOf(key: string): Array<{ itemId: number; packId: number }> | null {
  const pieces = key.split('/').map((part) => /^(\d{1,10})-(\d{1,10})$/.exec(part));
  if (pieces.some((match) => !match)) return null;
  return pieces.map((match) => ({ itemId: Number(match![1]), packId: Number(match![2]) }));
}

/** One folder per piece, named after it; two pieces of one name are told apart by the artwork's number. */
function folderNames(packs: readonly LinkedPack[]): string[] {
  const taken = new Set<string>();
  return packs.map((pack) => {
    const base = safeFileBaseName(pack.currentTitle ?? pack.soldTitle) || `artwork-${pack.artworkId}`;
    const name = taken.has(base.toLowerCase()) ? `${base} (${pack.artworkId})` : base;
    taken.add(name.toLowerCase());
    return `${name}/`;
  });
}

/**
 * Streams the whole set a signed link names (requestSetZip made it after counting one download of each piece):
 * each piece's print pack in a folder of its own, its frame guide first, written while it is sent with its length
 * up front, file after file from either store, as a single pack's ZIP is (pack-zip-route.ts).
 */
export function setZipRoutes(deps: SetZipRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      `${SET_ZIP_PATH}*`,
      // A HEAD would start reading every pack from the store for nothing.
      { exposeHeadRoute: false },
      async (request, reply) => {
        const check = await deps.signer.check(request.url.split('?')[0] ?? '', request.query);
        if (check.status !== 'valid') return refuseLink(request, reply, check.status, deps.storeName);
        reply.header('Cache-Control', 'private, no-store');
        const pieces = piecesOf(check.link.key);
        const packs = pieces
          ? await Promise.all(pieces.map((piece) => findLinkedPack(deps.db, piece.itemId, piece.packId)))
          : [];
        if (!pieces || packs.some((pack) => !pack)) return reply.code(404).send({ error: 'Download not found' });

        const found = packs as LinkedPack[];
        const folders = folderNames(found);
        const entries: Array<ZipEntry | ZipText> = [];
        for (const [index, pack] of found.entries()) {
          const heading = packZipName(pack.currentTitle ?? pack.soldTitle, pack.artworkId).replace(/\.zip$/, '');
          entries.push(...(await packZipEntries(deps.db, pack, heading, folders[index])));
        }
        const newest = Math.max(...found.map((pack) => new Date(pack.finishedAt ?? pack.createdAt).getTime()));
        const zip = streamZip(deps.privateStore, entries, new Date(newest));
        zip.stream.on('error', (error) => deps.log.warn({ err: error, key: check.link.key }, 'set ZIP cut short'));
        const length = await zip.length;
        reply.header('Content-Type', 'application/zip');
        reply.header('Content-Disposition', attachmentDisposition(check.link.name));
        if (length >= 0) reply.header('Content-Length', length);
        return reply.send(zip.stream);
      },
    );
  };
}
