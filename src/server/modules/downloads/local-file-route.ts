import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import type { LocalLink, LocalLinkSigner } from '../../providers/storage/signed-local-link';
import { refuseLink } from './refused-link-answer';

/** Where the app serves the signed links to private files on local disk; the signer is made for this path. */
export const SIGNED_FILES_PATH = '/api/downloads/file/';

export interface LocalFileRouteDeps {
  /** The private folder on local disk (DATA_DIR/private). */
  root: string;
  /** The signer of the private store's links, made for SIGNED_FILES_PATH (create-storage.ts). */
  signer: LocalLinkSigner;
  /** Named on the page that refuses a link. */
  storeName: string;
}

/**
 * Serves the signed links the private LocalStorage hands out, at /api/downloads/file/<key>?name&type&expires&sig:
 * the signature is checked (in constant time) and then the expiry, before anything is read from disk. The file
 * goes out through @fastify/static (its `send`): Content-Length, Accept-Ranges and Range requests (206, so large
 * downloads resume), ETag and Last-Modified for If-Range, its guards against paths that leave the folder; as an
 * attachment under the signed name, never cached.
 */
export function localFileRoutes({ root, signer, storeName }: LocalFileRouteDeps): FastifyPluginAsync {
  return async (app) => {
    const verified = new WeakMap<FastifyRequest, LocalLink>();

    app.addHook('onRequest', async (request, reply) => {
      const check = await signer.check(request.url.split('?')[0] ?? '', request.query);
      if (check.status !== 'valid') return refuseLink(request, reply, check.status, storeName);
      verified.set(request, check.link);
      // A bought file is for this buyer only: no shared cache may keep it, and the browser need not either.
      reply.header('Cache-Control', 'private, no-store');
    });

    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: SIGNED_FILES_PATH,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      // Cache-Control is set above; send's own default (public) must not replace it.
      cacheControl: false,
      // Called only when a file is going out, so an error answer is never labelled as an attachment.
      setHeaders(reply) {
        const link = verified.get(reply.request);
        if (!link) return;
        reply.header('Content-Type', link.contentType);
        reply.header('Content-Disposition', attachmentDisposition(link.name));
      },
    });
  };
}
